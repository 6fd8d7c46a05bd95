import { describe, expect, it } from "vitest";
import recorded from "../engine/jobs/home-answers.json";
import {
  type CaseFile,
  comparable,
  fixtures,
  HOME_CASES,
  type HomeCase,
  type Outcome,
  promised,
} from "../engine/jobs/home-cases";
import { post } from "./convert/support";

/**
 * The edge's home of the job pipeline, through the Worker's fetch handler: each job of
 * test/engine/jobs/home-cases.ts must be answered as the device answered it (home-answers.json).
 */

const answers = recorded as Record<string, Outcome>;
const file = (f: CaseFile) => new File([f.bytes], f.name, { type: f.type });

async function atEdge(c: HomeCase): Promise<Outcome> {
  const f = await fixtures();
  const body = new FormData();
  for (const each of c.files(f)) body.append("files", file(each));
  for (const [name, value] of Object.entries(c.fields ?? {})) body.append(name, value);
  for (const [name, each] of Object.entries(c.attachments?.(f) ?? {})) body.append(name, file(each));
  const res = await post("convert" in c.job ? `/api/convert/${c.job.convert}` : `/api/${c.job.inspect}`, body);
  return { status: res.status, body: await res.json() };
}

describe("at the edge, each job is answered as on the device", () => {
  for (const c of HOME_CASES) {
    it(c.name, async () => {
      const outcome = comparable(await atEdge(c));
      expect(promised(outcome)).toMatchObject(c.expect);
      expect(outcome).toEqual(answers[c.name]);
    });
  }
});
