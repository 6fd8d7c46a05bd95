import { afterAll, describe, expect, it } from "vitest";
import { revokeDeviceResults, toConversionResponse } from "../../../web/device/answer";
import { failedAnswer } from "../../../web/device/failure";
import type { DeviceFile, DeviceJob } from "../../../web/device/protocol";
import { runDeviceJob } from "../../../web/device/run-job";
import {
  type CaseFile,
  comparable,
  EDGE_LIMITS,
  fixtures,
  HOME_CASES,
  type HomeCase,
  type Outcome,
  promised,
} from "./home-cases";

/**
 * The device's home of the job pipeline, run as a plain function: web/device's job runner (what
 * its Web Worker runs), then the page's side of the reply (blob: URLs, or the error the page
 * throws, with the status the server would have answered). Given the edge's limits, each answer
 * must be the one recorded for both homes (see ./home-cases.ts).
 */

const deviceFile = (f: CaseFile): DeviceFile => ({ name: f.name, type: f.type, bytes: f.bytes.slice().buffer });

async function onDevice(c: HomeCase): Promise<Outcome> {
  const f = await fixtures();
  const files = c.files(f).map(deviceFile);
  const fields = c.fields ?? {};
  const attachments = Object.entries(c.attachments?.(f) ?? {}).map(([k, file]) => [k, deviceFile(file)]);
  const job: DeviceJob =
    "convert" in c.job
      ? {
          kind: "convert",
          slug: c.job.convert,
          files,
          fields,
          attachments: Object.fromEntries(attachments),
          ...EDGE_LIMITS,
        }
      : { kind: "inspect", what: c.job.inspect, file: files[0], fields, ...EDGE_LIMITS };
  const { reply } = await runDeviceJob(job);
  if (reply.type === "failed") {
    const { status, body } = failedAnswer(reply);
    return { status, body };
  }
  if (reply.type === "converted") return { status: 200, body: toConversionResponse(reply.message, reply.outputs) };
  if (reply.type === "inspected") return { status: 200, body: reply.answer };
  throw new Error(`no answer: ${reply.type}`);
}

const answers: Record<string, Outcome> = {};

describe("on the device, each job is answered as at the edge", () => {
  afterAll(revokeDeviceResults);

  for (const c of HOME_CASES) {
    it(c.name, async () => {
      const outcome = comparable(await onDevice(c));
      answers[c.name] = outcome;
      expect(promised(outcome)).toMatchObject(c.expect);
    });
  }

  it("gives the answers recorded for both homes", async () => {
    await expect(`${JSON.stringify(answers, null, 2)}\n`).toMatchFileSnapshot("./home-answers.json");
  });
});
