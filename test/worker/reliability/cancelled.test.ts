import { describe, expect, it } from "vitest";
import { form, freshIp } from "../convert/support";
import { call, corpusFile, json } from "../helpers";
import { accountState, fetchWith, multipartBytes, registerUser, resultObjects } from "./support";

/**
 * A run the person abandons (the page is left, Cancel aborts the fetch) reaches the Worker as a
 * request whose signal fires after its upload was read. Whatever the job had made is deleted:
 * nothing stays in R2, nothing is counted, no history row is written.
 */
const FOUR_PAGES = "pdf/valid/pysample__pdflatex-4-pages.pdf";

/** A body that aborts the request once the Worker has read all of it (the job then runs to its end). */
async function abortingRequest(path: string, body: FormData, headers: Record<string, string>) {
  const { bytes, type } = await multipartBytes(body);
  const controller = new AbortController();
  let sent = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (!sent) {
        sent = true;
        c.enqueue(bytes);
        return;
      }
      c.close();
      controller.abort();
    },
  });
  const res = await fetchWith({}, path, {
    method: "POST",
    body: stream,
    headers: { ...headers, "content-type": type, "content-length": String(bytes.length) },
    signal: controller.signal,
    // @ts-expect-error: workerd's Request takes a stream body without `duplex`, Node's types want it.
    duplex: "half",
  });
  return { res, aborted: controller.signal.aborted };
}

async function usageOf(headers: Record<string, string>) {
  const res = await call("/api/usage", { headers });
  expect(res.status).toBe(200);
  return json<{ used: number; remaining: number | null }>(res);
}

describe("a conversion abandoned before its answer", () => {
  it("signed in: no result kept, no history row, not counted; the next one counts once", async () => {
    const who = await registerUser();
    const before = await resultObjects();
    const headers = { authorization: `Bearer ${who.token}`, "cf-connecting-ip": freshIp() };
    const pdf = await corpusFile(FOUR_PAGES);
    const { res, aborted } = await abortingRequest(
      "/api/convert/extract-pages",
      form([{ name: "four.pdf", bytes: pdf }], { selectedPages: "[1,2]" }),
      headers,
    );
    expect(aborted).toBe(true);
    expect(res.status).toBe(400);
    expect((await json<{ code: string }>(res)).code).toBe("cancelled");
    expect(await resultObjects()).toEqual(before);
    expect(await accountState(who.id)).toEqual({ historyRows: 0, used: 0 });

    const done = await fetchWith({}, "/api/convert/extract-pages", {
      method: "POST",
      body: form([{ name: "four.pdf", bytes: pdf }], { selectedPages: "[1,2]" }),
      headers,
    });
    expect(done.status).toBe(200);
    expect(await accountState(who.id)).toEqual({ historyRows: 1, used: 1 });
  });

  it("as a guest: not counted against the address's allowance", async () => {
    const headers = { "cf-connecting-ip": freshIp() };
    const pdf = await corpusFile(FOUR_PAGES);
    expect(await usageOf(headers)).toMatchObject({ used: 0, remaining: 2 });
    const { res } = await abortingRequest("/api/convert/rotate-pdf", form([{ name: "a.pdf", bytes: pdf }]), headers);
    expect(res.status).toBe(400);
    expect(await usageOf(headers)).toMatchObject({ used: 0, remaining: 2 });
    const done = await fetchWith({}, "/api/convert/rotate-pdf", {
      method: "POST",
      body: form([{ name: "a.pdf", bytes: pdf }]),
      headers,
    });
    expect(done.status).toBe(200);
    expect(await usageOf(headers)).toMatchObject({ used: 1, remaining: 1 });
  });
});
