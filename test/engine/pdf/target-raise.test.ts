import { readFileSync } from "node:fs";
import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { Budget } from "../../../worker/engine/core/budget";
import { EngineError } from "../../../worker/engine/core/errors";
import { compressPdf } from "../../../worker/engine/pdf/compress/compress";

/**
 * Compress to a size, above the recommended level: the room a generous target leaves is spent on
 * quality, and running short of time or memory while trying ends the search with what it has,
 * never the job. Sizes are read from the bytes; quality by poppler in the worker tests.
 */

const photo = () => new Uint8Array(readFileSync("test/fixtures/corpus/img/jpeg/sharp__gain-map.jpg"));

async function photoPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const img = await doc.embedJpg(photo());
  const page = doc.addPage([612, 792]);
  page.drawImage(img, { x: 72, y: 300, width: 432, height: (432 * img.height) / img.width });
  return doc.save();
}

/** A budget that fails as a busy isolate would once the search above the recommended level starts. */
class ShortOnce extends Budget {
  raising = false;
  constructor(private readonly fail: "memory" | "time") {
    super(120_000, { memory: 80 * 1024 * 1024 });
  }
  override take(bytes: number, what: string): void {
    if (what.includes("recommended level")) this.raising = true;
    if (this.raising && this.fail === "memory" && what.includes("best file"))
      throw new EngineError("job_too_large", "no room for a second file (test)");
    super.take(bytes, what);
  }
  override check(): void {
    if (this.raising && this.fail === "time") throw new EngineError("job_timeout", "out of time (test)");
    super.check();
  }
}

describe("compress to a size, above the recommended level", () => {
  it("spends a generous target's room on more pixels, within the target", { timeout: 120_000 }, async () => {
    const input = await photoPdf();
    const recommended = await compressPdf(input, { level: "recommended" });
    const target = recommended.bytes.length * 3;
    const raised = await compressPdf(input, { level: "recommended", targetSize: target });
    expect(raised.target).toMatchObject({ size: target, met: true });
    expect(raised.bytes.length).toBeLessThanOrEqual(target);
    expect(raised.bytes.length).toBeGreaterThan(recommended.bytes.length * 1.3);
  });

  for (const fail of ["memory", "time"] as const) {
    it(`keeps the recommended result when ${fail} runs short while it raises`, { timeout: 120_000 }, async () => {
      const input = await photoPdf();
      const recommended = await compressPdf(input, { level: "recommended" });
      const budget = new ShortOnce(fail);
      const r = await compressPdf(input, { level: "recommended", targetSize: recommended.bytes.length * 3, budget });
      expect(budget.raising).toBe(true);
      expect(r.target).toMatchObject({ met: true });
      // The recommended level's file: the same images, byte for byte. It was saved at another
      // moment, and its dates sit in a compressed object stream, so its length may differ by a
      // byte or two when the clock has ticked over a second in between.
      expect(r.images.recompressed).toBe(recommended.images.recompressed);
      expect(r.images.bytesSaved).toBe(recommended.images.bytesSaved);
      expect(Math.abs(r.bytes.length - recommended.bytes.length)).toBeLessThanOrEqual(8);
    });
  }
});
