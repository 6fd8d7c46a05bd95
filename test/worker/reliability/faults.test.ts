import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { form, freshIp } from "../convert/support";
import { corpusFile, json } from "../helpers";
import {
  type Account,
  accountState,
  failingBucket,
  failingDb,
  failingKv,
  fetchWith,
  multipartBytes,
  registerUser,
  resultObjects,
} from "./support";

/**
 * Faults in the middle of a conversion: each request gets a clear error of its own, and leaves
 * nothing half-written behind: no stored object, no file_history row, no counted conversion.
 */
const FOUR_PAGES = "pdf/valid/pysample__pdflatex-4-pages.pdf";
const UNAVAILABLE = /briefly unavailable/;

interface ErrorBody {
  error: string;
  code: string;
}

async function convert(bindings: Partial<Env>, slug: string, body: FormData, who: Account | null) {
  const headers: Record<string, string> = { "cf-connecting-ip": freshIp() };
  if (who) headers.authorization = `Bearer ${who.token}`;
  return fetchWith(bindings, `/api/convert/${slug}`, { method: "POST", body, headers });
}

async function splitForm() {
  return form([{ name: "four.pdf", bytes: await corpusFile(FOUR_PAGES) }], { selectedPages: "[1,2,3,4]" });
}

async function expectNothingLeft(who: Account, objectsBefore: string[]) {
  expect(await resultObjects()).toEqual(objectsBefore);
  expect(await accountState(who.id)).toEqual({ historyRows: 0, used: 0 });
}

describe("storage faults", () => {
  it("R2 failing on the third of five objects: 503, the two already written are deleted, nothing counted", async () => {
    const who = await registerUser();
    const before = await resultObjects();
    const r2 = failingBucket(3);
    const res = await convert({ FILES: r2.bucket }, "split-pages", await splitForm(), who);
    expect(res.status).toBe(503);
    const body = await json<ErrorBody>(res);
    expect(body.code).toBe("unavailable");
    expect(body.error).toMatch(UNAVAILABLE);
    expect(r2.puts()).toBe(3);
    await expectNothingLeft(who, before);
  });

  it("R2 failing on a single-result tool: 503 and nothing stored", async () => {
    const who = await registerUser();
    const before = await resultObjects();
    const body = form([{ name: "r.pdf", bytes: await corpusFile(FOUR_PAGES) }]);
    const res = await convert({ FILES: failingBucket(1).bucket }, "rotate-pdf", body, who);
    expect(res.status).toBe(503);
    await expectNothingLeft(who, before);
  });

  it("D1 failing to write history: 503, the stored results are deleted, the slot is given back", async () => {
    const who = await registerUser();
    const before = await resultObjects();
    const res = await convert({ DB: failingDb(/insert into "file_history"/i) }, "split-pages", await splitForm(), who);
    expect(res.status).toBe(503);
    expect((await json<ErrorBody>(res)).error).toMatch(UNAVAILABLE);
    await expectNothingLeft(who, before);
  });

  it("D1 failing while taking the slot: 503 before any work, nothing written", async () => {
    const who = await registerUser();
    const before = await resultObjects();
    const res = await convert(
      { DB: failingDb(/^\s*UPDATE users SET\s+dailyConversions = CASE/) },
      "split-pages",
      await splitForm(),
      who,
    );
    expect(res.status).toBe(503);
    await expectNothingLeft(who, before);
  });

  it("the same request with healthy bindings then succeeds, and counts once", async () => {
    const who = await registerUser();
    const res = await convert({}, "split-pages", await splitForm(), who);
    expect(res.status).toBe(200);
    expect(await accountState(who.id)).toEqual({ historyRows: 1, used: 1 });
  });

  it("KV failing for guests: conversions still work and the allowance still holds (this isolate's count)", async () => {
    const ip = freshIp();
    const kv = failingKv();
    const attempt = async () => {
      const body = form([{ name: "r.pdf", bytes: await corpusFile(FOUR_PAGES) }]);
      return fetchWith({ COUNTERS: kv }, "/api/convert/rotate-pdf", {
        method: "POST",
        body,
        headers: { "cf-connecting-ip": ip },
      });
    };
    expect((await attempt()).status).toBe(200);
    expect((await attempt()).status).toBe(200);
    const third = await attempt();
    expect(third.status).toBe(429);
    expect((await json<ErrorBody>(third)).error).toBe("Daily conversion limit reached");
  });
});

describe("jobs and clients that stop", () => {
  it("a job over its time budget: 422 job_timeout with a plain message, nothing stored or counted", async () => {
    const who = await registerUser();
    const before = await resultObjects();
    const res = await convert({ JOB_TIMEOUT_MS: "1" }, "split-pages", await splitForm(), who);
    expect(res.status).toBe(422);
    const body = await json<ErrorBody>(res);
    expect(body.code).toBe("job_timeout");
    expect(body.error).toBe(
      "This file took too long to process and was stopped. It may be damaged or unusually complex.",
    );
    await expectNothingLeft(who, before);
  });

  it("a client that disconnects mid-upload: 400 for that request, nothing stored or counted", async () => {
    const who = await registerUser();
    const before = await resultObjects();
    const { bytes, type } = await multipartBytes(await splitForm());
    const half = bytes.subarray(0, bytes.length >> 1);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(half);
        controller.error(new Error("client went away"));
      },
    });
    const res = await fetchWith({}, "/api/convert/split-pages", {
      method: "POST",
      body,
      headers: { "content-type": type, authorization: `Bearer ${who.token}`, "cf-connecting-ip": freshIp() },
    });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error).toBe("The upload could not be read. Please try again.");
    await expectNothingLeft(who, before);
  });

  it("an upload cut short (the body simply ends): 400, nothing stored or counted", async () => {
    const who = await registerUser();
    const before = await resultObjects();
    const { bytes, type } = await multipartBytes(await splitForm());
    const res = await fetchWith({}, "/api/convert/split-pages", {
      method: "POST",
      body: bytes.slice(0, Math.floor(bytes.length * 0.6)),
      headers: { "content-type": type, authorization: `Bearer ${who.token}`, "cf-connecting-ip": freshIp() },
    });
    expect(res.status).toBe(400);
    await expectNothingLeft(who, before);
  });
});

describe("downloads when storage fails", () => {
  it("R2 failing to read a result: 503 with a clear message, not a 500", async () => {
    const broken = new Proxy(env.FILES, {
      get(t, prop) {
        if (prop === "get" || prop === "head") {
          return async () => {
            throw new Error("R2 get failed (injected)");
          };
        }
        const v = Reflect.get(t, prop, t);
        return typeof v === "function" ? v.bind(t) : v;
      },
    });
    // A live result, as far as the table knows: its bytes are what cannot be read.
    await env.DB.prepare(
      "INSERT OR IGNORE INTO results (id, tool, fileName, originalName, contentType, size, createdAt, expiresAt) VALUES (?1, 'rotate-pdf', 'a.pdf', 'a.pdf', 'application/pdf', 1, ?2, ?3)",
    )
      .bind("a".repeat(32), Date.now(), Date.now() + 3600_000)
      .run();
    const res = await fetchWith({ FILES: broken }, `/api/download/${"a".repeat(32)}`, { method: "GET" });
    expect(res.status).toBe(503);
    expect((await json<ErrorBody>(res)).error).toMatch(UNAVAILABLE);
  });
});
