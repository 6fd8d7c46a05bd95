import { describe, expect, it } from "vitest";
import { Budget } from "../../../worker/engine/core/budget";
import { EngineError } from "../../../worker/engine/core/errors";
import { loadPdf } from "../../../worker/engine/pdf/document";
import { pooledCounts } from "../../../worker/engine/pdf/pools";
import { HOSTILE, hostileBytes, rawPdf } from "../../support/hostile.mjs";

const MB = 1024 * 1024;
const entry = (name: string) => HOSTILE.find((h) => h.name === name)!;

async function refusal(bytes: Uint8Array, name: string): Promise<EngineError> {
  const err = await loadPdf(bytes, { name, budget: new Budget(30_000, { memory: 80 * MB }) }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EngineError);
  return err as EngineError;
}

describe("parsing under the job's bounds", () => {
  it("refuses a file of millions of tiny objects before they fill the job's memory", async () => {
    const err = await refusal(await hostileBytes(entry("many-objects.pdf")), "many.pdf");
    expect(err.code).toBe("job_too_large");
    expect(err.message).toBe(
      "many.pdf has more internal objects than fit in the memory one job can use here (80 MB). It may be unusually complex, or built to exhaust memory.",
    );
  });

  it("refuses an object stream bomb, and objects nested deeper than any reader goes", async () => {
    expect((await refusal(await hostileBytes(entry("objstm-flate-1gb.pdf")), "o.pdf")).message).toBe(
      "o.pdf's internal object lists unpack to more than 20 MB. It may be a decompression bomb.",
    );
    const deep = await refusal(await hostileBytes(entry("array-deep-100000.pdf")), "deep.pdf");
    expect(deep.code).toBe("pdf_damaged");
  });

  it("refuses XMP metadata that unpacks past 4 MB (pdf-lib would unpack it at every save)", async () => {
    const err = await refusal(await hostileBytes(entry("metadata-flate-1gb.pdf")), "m.pdf");
    expect(err.message).toBe("m.pdf's XMP metadata unpacks to more than 4 MB. It may be a decompression bomb.");
  });

  it("never unpacks a cross-reference stream: a bomb there costs nothing, the trailer is still read", async () => {
    const doc = await loadPdf(await hostileBytes(entry("xref-flate-256mb.pdf")), { budget: new Budget(30_000) });
    expect(doc.getPageCount()).toBe(1);
  });

  it("forgets names and references no document holds any more", async () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    const names = Array.from({ length: 50_000 }, (_, i) => `/Only${i}x`).join(" ");
    const pdf = rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /X [${names}] >>`,
    ]);
    let doc: Awaited<ReturnType<typeof loadPdf>> | null = await loadPdf(pdf);
    expect(pooledCounts().names).toBeGreaterThanOrEqual(50_000);
    expect(doc.getPageCount()).toBe(1);
    doc = null;
    if (!gc) return; // run with --expose-gc to see them go (the memory test does)
    for (let i = 0; i < 20 && pooledCounts().names >= 50_000; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(pooledCounts().names).toBeLessThan(50_000);
  });
});
