import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AppContext } from "../../../worker/env";
import { AppError } from "../../../worker/errors";
import { admitJob, isolateLedger, TICKET_BYTES } from "../../../worker/services/admission";
import { readMultipart } from "../../../worker/services/multipart";
import { form, freshIp } from "../convert/support";
import { corpusFile, json } from "../helpers";
import { fetchWithVars } from "../lifecycle/results-support";
import { multipartBytes } from "./support";

/**
 * An upload holds what it has sent until it ends. One that stalls, or trickles, is stopped with a
 * 408 and lets go of it; while it lasts it holds only the bytes that arrived (a ticket before
 * that), so nobody else waits behind it. Deadlines here are short ([vars] over wrangler.toml's).
 */
const FAST = { UPLOAD_RATE_WINDOW_MS: "400", UPLOAD_MIN_KB_PER_SECOND: "16", UPLOAD_TIMEOUT_MS: "3000" };
const PDF = "pdf/valid/pysample__pdflatex-4-pages.pdf";

interface Stall {
  res: Promise<Response>;
  /** Bytes the client has handed over so far. */
  sent(): number;
  /** Ends the client's side (the test is over). */
  close(): void;
}

/** A request whose client sends `first` bytes of a multipart body, then `trickle` bytes every `everyMs`, or nothing. */
function stalledUpload(
  path: string,
  opts: { declared: number; first: Uint8Array; type: string; trickle?: number; everyMs?: number; ip?: string },
  vars: Record<string, string> = FAST,
): Stall {
  let sent = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    async pull(c) {
      if (sent === 0) {
        sent += opts.first.length;
        c.enqueue(opts.first);
        return;
      }
      if (!opts.trickle) return new Promise(() => {});
      await new Promise<void>((r) => {
        timer = setTimeout(r, opts.everyMs);
      });
      if (closed) return c.close();
      sent += opts.trickle;
      c.enqueue(new Uint8Array(opts.trickle).fill(0x41));
    },
    cancel() {
      closed = true;
    },
  });
  const res = fetchWithVars(
    path,
    {
      method: "POST",
      body: stream,
      headers: {
        "cf-connecting-ip": opts.ip ?? freshIp(),
        "content-type": opts.type,
        "content-length": String(opts.declared),
      },
      // @ts-expect-error workerd takes a stream body without `duplex`; Node's types want it.
      duplex: "half",
    },
    vars,
  );
  return {
    res,
    sent: () => sent,
    close: () => {
      closed = true;
      clearTimeout(timer);
    },
  };
}

/** The head of a multipart body whose one file (in `field`) would be `size` bytes. */
function multipartHead(field: string, name: string) {
  const boundary = "----slowupload";
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    first: new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    ),
  };
}

describe("uploads that stall or trickle", () => {
  it("a stalled upload is a 408 within the window, releases what it held, and holds nobody up meanwhile", async () => {
    const ledger = isolateLedger(env);
    const head = multipartHead("file", "big.pdf");
    // Two clients that declare 20 MB and send one line: what measured 20-40 s of waiting for everyone.
    const stalls = [0, 1].map(() =>
      stalledUpload("/api/results", { declared: 20 * 1024 * 1024, first: head.first, type: head.type }),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(ledger.reserved).toBeLessThanOrEqual(2 * TICKET_BYTES);
    // Meanwhile a conversion and a page count are served without waiting for them.
    const pdf = await corpusFile(PDF);
    const started = Date.now();
    const rotate = await fetchWithVars(
      "/api/convert/rotate-pdf",
      { method: "POST", body: form([{ name: "a.pdf", bytes: pdf }]), headers: { "cf-connecting-ip": freshIp() } },
      FAST,
    );
    expect(rotate.status).toBe(200);
    const analyze = await fetchWithVars(
      "/api/analyze-pdf",
      { method: "POST", body: form([{ name: "a.pdf", bytes: pdf }]), headers: { "cf-connecting-ip": freshIp() } },
      FAST,
    );
    expect(await json(analyze)).toEqual({ pageCount: 4 });
    expect(Date.now() - started).toBeLessThan(5_000);

    for (const stall of stalls) {
      const res = await stall.res;
      stall.close();
      expect(res.status).toBe(408);
      expect(await json(res)).toEqual({
        code: "request_timeout",
        error:
          "The upload was too slow and was stopped: less than 16 KB a second arrived for 400 ms. Nothing was saved or counted. Please try again on a faster connection.",
      });
    }
    expect(ledger.reserved).toBe(0);
  });

  it("a trickle below the minimum rate is stopped, on every upload route, and nothing is counted", async () => {
    const ip = freshIp();
    const head = multipartHead("files", "a.pdf");
    for (const path of ["/api/convert/rotate-pdf", "/api/analyze-pdf", "/api/results"]) {
      const h = path === "/api/results" ? multipartHead("file", "a.pdf") : head;
      const stall = stalledUpload(path, {
        declared: 5 * 1024 * 1024,
        first: h.first,
        type: h.type,
        trickle: 512,
        everyMs: 100,
        ip,
      });
      const started = Date.now();
      const res = await stall.res;
      stall.close();
      expect(res.status, path).toBe(408);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(stall.sent()).toBeLessThan(8 * 1024);
    }
    const usage = await json<{ used: number }>(
      await fetchWithVars("/api/usage", { headers: { "cf-connecting-ip": ip } }),
    );
    expect(usage.used).toBe(0);
    expect(isolateLedger(env).reserved).toBe(0);
  });

  it("an upload fast enough in each window but past the whole deadline is stopped too", async () => {
    const head = multipartHead("file", "a.pdf");
    const vars = { ...FAST, UPLOAD_TIMEOUT_MS: "900", UPLOAD_MIN_KB_PER_SECOND: "1" };
    const stall = stalledUpload(
      "/api/results",
      { declared: 5 * 1024 * 1024, first: head.first, type: head.type, trickle: 4096, everyMs: 50 },
      vars,
    );
    const res = await stall.res;
    stall.close();
    expect(res.status).toBe(408);
    expect((await json<{ error: string }>(res)).error).toBe(
      "The upload took longer than 900 ms and was stopped. Nothing was saved or counted. Please try again on a faster connection, or with a smaller file.",
    );
  });

  it("a JSON body that stalls is stopped the same way", async () => {
    const stall = stalledUpload("/api/share", {
      declared: 200,
      first: new TextEncoder().encode('{"downloadUrl":'),
      type: "application/json",
    });
    const res = await stall.res;
    stall.close();
    expect(res.status).toBe(408);
  });

  it("time the Worker makes an upload wait for memory is not the client's", async () => {
    const ledger = isolateLedger(env);
    const held = await ledger.reserve(Number.MAX_SAFE_INTEGER);
    const { bytes, type } = await multipartBytes(form([{ name: "a.pdf", bytes: await corpusFile(PDF) }]));
    const pending = fetchWithVars(
      "/api/convert/rotate-pdf",
      { method: "POST", body: bytes, headers: { "content-type": type, "cf-connecting-ip": freshIp() } },
      FAST,
    );
    // Three of its windows pass while the isolate is full; it then reads its upload and runs.
    await new Promise((r) => setTimeout(r, 1_300));
    held.release();
    expect((await pending).status).toBe(200);
    expect(ledger.reserved).toBe(0);
  });
});

describe("memory follows the upload", () => {
  it("waiting with memory held never deadlocks: the job that would make it so is told the server is busy", async () => {
    const MB = 1024 * 1024;
    const ctx = () => ({ env }) as unknown as AppContext;
    const ledger = isolateLedger(env);
    expect(ledger.opts.capacity).toBe(88 * MB);
    const running = await ledger.reserve(48 * MB);
    const a = await admitJob(ctx(), "results");
    await a.hold(30 * MB);
    // B's upload waits for room (it holds its ticket); A's whole estimate (80 MB) waits behind it.
    const b = await admitJob(ctx(), "results");
    const bHolds = b.hold(20 * MB);
    const aReady = a.ready(30 * MB);
    running.release();
    await bHolds;
    // B's estimate (66 MB) beside A's 30 MB and its own 20 MB could never come while A waits for 50.
    await expect(b.ready(20 * MB)).rejects.toMatchObject({ code: "busy" });
    b.lease.release();
    await aReady;
    expect(a.lease.bytes).toBe(80 * MB);
    a.lease.release();
    expect(ledger.reserved).toBe(0);
  });

  it("is held as bytes arrive, never the declared size up front", async () => {
    const file = new Uint8Array(3 * 1024 * 1024).fill(0x42);
    const { bytes, type } = await multipartBytes(form([{ name: "a.pdf", bytes: file }]));
    const chunk = 256 * 1024;
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += chunk) c.enqueue(bytes.slice(i, i + chunk));
        c.close();
      },
    });
    const req = new Request("http://x/", {
      method: "POST",
      body: stream,
      headers: { "content-type": type, "content-length": String(bytes.length) },
      // @ts-expect-error workerd takes a stream body without `duplex`; Node's types want it.
      duplex: "half",
    });
    const held: number[] = [];
    const tooLarge = () => new AppError("payload_too_large", "too large");
    const body = await readMultipart(req, 10 * 1024 * 1024, tooLarge, { hold: (n) => void held.push(n) });
    expect(held[0]).toBe(chunk);
    expect(held.at(-1)).toBe(bytes.length);
    expect(held).toEqual([...held].sort((a, b) => a - b));
    expect(body.files[0].bytes.length).toBe(file.length);
    // The body is one plain buffer (no longer growable), every file a view into it.
    expect((body.files[0].bytes.buffer as ArrayBuffer & { resizable?: boolean }).resizable).toBe(false);
  });
});
