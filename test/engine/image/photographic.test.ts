import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { JpegReader } from "../../../worker/engine/image/jpeg/decode";
import { JpegPixels } from "../../../worker/engine/image/jpeg/pixels";
import { isPhotographic, photoStats } from "../../../worker/engine/image/photographic";
import { memorySource } from "../../../worker/engine/image/pixels";
import { render } from "../tools/readers";

/**
 * What Compress PDF takes for a photograph (JPEG for a lossless image) and what it keeps exact:
 * camera photos on one side; pages of type, rules and charts as poppler draws them (what a
 * screenshot of a document is) and a text scan on the other.
 */

const fixture = (p: string) => readFile(new URL(`../../fixtures/${p}`, import.meta.url));

async function photo(name: string) {
  const src = new JpegPixels(new JpegReader(new Uint8Array(await fixture(`corpus/img/jpeg/${name}`))));
  return isPhotographic(photoStats(src), src.layout);
}

async function page(name: string, gray = false) {
  const r = await render(new Uint8Array(await fixture(`documents/${name}`)), { dpi: 100, gray });
  const layout = r.channels === 1 ? "gray" : "rgb";
  return isPhotographic(photoStats(memorySource(r.data, r.width, r.height, layout)), layout);
}

describe("photographs told from drawn content", () => {
  it.each(["sharp__Landscape_1.jpg", "sharp__concert.jpg", "progressive_cat.jpg"])("%s is a photograph", async (f) => {
    expect(await photo(f)).toBe(true);
  });

  it.each([
    ["writer-report.pdf", false],
    ["calc-ledger.pdf", false],
    ["chromium-page.pdf", false],
    // A 300 dpi grey scan of type: noisy paper, but only paper and ink tones.
    ["scanned-ocr.pdf", true],
  ])("a page of %s is not", { timeout: 30_000 }, async (f, gray) => {
    expect(await page(f, gray)).toBe(false);
  });
});
