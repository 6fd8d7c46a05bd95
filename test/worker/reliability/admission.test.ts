import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isolateLedger } from "../../../worker/services/admission";
import { form, post } from "../convert/support";
import { call, corpusFile, inOneWindow } from "../helpers";

const PDF = "pdf/valid/pysample__pdflatex-4-pages.pdf";

describe("admission: heavy jobs share one isolate's memory", () => {
  it("answers 503 with Retry-After, before reading the upload, when the isolate is full and the queue too", async () => {
    const ledger = isolateLedger(env);
    // Every byte the isolate has, and every place in its queue, taken by jobs that are not ours.
    const held = await ledger.reserve(Number.MAX_SAFE_INTEGER);
    const queued = Array.from({ length: ledger.opts.maxWaiting }, () => ledger.reserve(1).catch(() => null));
    try {
      const res = await post("/api/convert/rotate-pdf", form([{ name: "a.pdf", bytes: await corpusFile(PDF) }]));
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("20");
      expect(await res.json()).toEqual({
        code: "busy",
        retryAfter: 20,
        error:
          "The server is busy with other large files right now. Nothing was saved and this conversion was not counted: please try again in a minute.",
      });
      // Light requests never wait behind heavy ones.
      expect((await call("/api/health")).status).toBe(200);
    } finally {
      held.release();
      await Promise.all(queued).then((leases) => {
        for (const l of leases) l?.release();
      });
    }
    expect(ledger.reserved).toBe(0);
  });

  it("queues a job until memory is given back, then runs it", async () => {
    const ledger = isolateLedger(env);
    const held = await ledger.reserve(Number.MAX_SAFE_INTEGER);
    const pending = post("/api/convert/rotate-pdf", form([{ name: "a.pdf", bytes: await corpusFile(PDF) }]));
    await new Promise((r) => setTimeout(r, 200));
    expect(ledger.queued).toBe(1);
    held.release();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(ledger.reserved).toBe(0);
  });
});

describe("refusals are not free", () => {
  it("answers 429 once one address has had 20 jobs refused this hour, even for a good file", async () => {
    const ip = "198.51.100.179";
    const junk = new TextEncoder().encode("this is not a PDF at all");
    await inOneWindow(3_600_000, 30_000);
    for (let i = 0; i < 20; i++) {
      const res = await post("/api/convert/compress-pdf", form([{ name: `junk-${i}.pdf`, bytes: junk }]), {
        "cf-connecting-ip": ip,
      });
      expect(res.status).toBe(400);
    }
    const res = await post("/api/convert/compress-pdf", form([{ name: "good.pdf", bytes: await corpusFile(PDF) }]), {
      "cf-connecting-ip": ip,
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await res.json()) as { code: string }).toMatchObject({
      code: "rate_limited",
      error:
        "Too many of your files were refused in the last hour (too large, damaged, not what their name says, or searched without a match). Please wait an hour before trying again.",
    });
    // Another address is not affected.
    const other = await post("/api/convert/compress-pdf", form([{ name: "good.pdf", bytes: await corpusFile(PDF) }]));
    expect(other.status).toBe(200);
  });

  it("rate limits page counting per address (Cloudflare's Rate Limiting binding)", async () => {
    const ip = "198.51.100.78";
    const bytes = await corpusFile(PDF);
    await inOneWindow(60_000, 20_000);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await post("/api/analyze-pdf", form([{ name: "a.pdf", bytes }]), { "cf-connecting-ip": ip });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get("retry-after")).toBe("60");
        break;
      }
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
