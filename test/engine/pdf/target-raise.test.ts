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

/** The photo with a comment of its own after its start marker: the same picture, other bytes. */
function withComment(jpeg: Uint8Array, text: string): Uint8Array {
  const words = new TextEncoder().encode(text);
  const segment = [0xff, 0xfe, (words.length + 2) >> 8, (words.length + 2) & 0xff, ...words];
  return new Uint8Array([...jpeg.subarray(0, 2), ...segment, ...jpeg.subarray(2)]);
}

/** Four photos on four pages, each its own image (not stored once as the same): a document's photos, alike. */
async function albumPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 4; i++) {
    const img = await doc.embedJpg(withComment(photo(), `photo ${i + 1}`));
    const page = doc.addPage([612, 792]);
    page.drawImage(img, { x: 36, y: 200, width: 540, height: (540 * img.height) / img.width });
  }
  return doc.save();
}

/** Counts the images encoded: each takes its working memory once, named by its pixels. */
class Counting extends Budget {
  encodes = 0;
  constructor() {
    super(120_000, { memory: 80 * 1024 * 1024 });
  }
  override take(bytes: number, what: string): void {
    if (/image of \d+ x \d+ pixels/.test(what)) this.encodes++;
    super.take(bytes, what);
  }
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

  it("encodes the document whole once above the recommended level: one photo tried first says which rung fits", {
    timeout: 180_000,
  }, async () => {
    const input = await albumPdf();
    const recommended = await compressPdf(input, { level: "recommended" });
    for (const times of [2, 4, 6]) {
      const target = recommended.bytes.length * times;
      const budget = new Counting();
      const raised = await compressPdf(input, { level: "recommended", targetSize: target, budget });
      expect(raised.target, `${times}x`).toMatchObject({ size: target, met: true });
      expect(raised.bytes.length, `${times}x`).toBeGreaterThan(recommended.bytes.length * 1.3);
      // The recommended level (4), the photo tried first (1), the rung that fits (4).
      expect(budget.encodes, `${times}x`).toBeLessThanOrEqual(9);
    }
  });

  it("a target well under the recommended level: one photo foretells it, and each image is encoded once, at a lower rung", {
    timeout: 180_000,
  }, async () => {
    const input = await albumPdf();
    const recommended = await compressPdf(input, { level: "recommended" });
    const target = Math.round(recommended.bytes.length / 3);
    const budget = new Counting();
    const r = await compressPdf(input, { level: "recommended", targetSize: target, budget });
    expect(r.target).toMatchObject({ size: target, met: true });
    expect(r.bytes.length).toBeLessThanOrEqual(target);
    expect(r.images.recompressed).toBe(4);
    // The photo at the recommended level (1), then each of the four at a lower rung (4); no round
    // at the recommended level first (4 more). Another round only if the first missed.
    expect(budget.encodes).toBeLessThanOrEqual(5);
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
