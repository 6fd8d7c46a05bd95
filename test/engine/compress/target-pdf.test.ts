import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { corpusFile, expectValidPdf, oracle, pageCount, pdfText, render } from "../tools/readers";
import { type ConvertedFile, convertFails, convertOk, download, form } from "./answers";
import { psnr } from "./support";

/** Compress PDF to a size (`targetSize`), judged by qpdf, poppler (pdftotext, pdfimages, pdftoppm). */

const PATH = "/api/convert/compress-pdf";

interface Targeted extends ConvertedFile {
  compressedSize: number;
  targetSize?: number;
  targetMet?: boolean;
  quality?: number;
}

async function compress(bytes: Uint8Array, fields: Record<string, string>, name = "doc.pdf") {
  const body = await convertOk(PATH, form([{ name, bytes }], fields));
  const file = body.file as Targeted;
  const out = await download(file);
  expect(file.compressedSize).toBe(out.length);
  expect(out.length).toBeLessThanOrEqual(bytes.length);
  await expectValidPdf(out);
  expect(await pageCount(out)).toBe(await pageCount(bytes));
  expect(words(await pdfText(out))).toBe(words(await pdfText(bytes)));
  return { file, out };
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).join(" ");

/** Resolution of each image on its page, as pdfimages lists them. */
async function ppis(bytes: Uint8Array): Promise<number[]> {
  const r = await oracle("pdfimages", ["-list", "{in}"], bytes);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout
    .split("\n")
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => Number(l.trim().split(/\s+/)[12]));
}

/** Three pages: one large photo painted twice (shared), a smaller one, and text on each page. */
async function photoPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const big = await doc.embedJpg(await corpusFile("img/jpeg/sharp__gain-map.jpg"));
  const small = await doc.embedJpg(await corpusFile("img/jpeg/sharp__Landscape_1.jpg"));
  for (const [img, w, text] of [
    [big, 432, "Page one: the big photo"],
    [big, 288, "Page two: the same photo, smaller"],
    [small, 144, "Page three: a landscape"],
  ] as const) {
    const page = doc.addPage([612, 792]);
    page.drawImage(img, { x: 72, y: 300, width: w, height: (w * img.height) / img.width });
    page.drawText(text, { x: 72, y: 100, size: 14, font });
  }
  return doc.save();
}

/** `pages` pages of text in Helvetica, and optionally a photo an inch wide on the first. */
async function textPdf(pages: number, photo = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const img = photo ? await doc.embedJpg(await corpusFile("img/jpeg/sharp__Landscape_1.jpg")) : null;
  let n = 7;
  const word = () => {
    n = (n * 31 + 11) % 9973;
    return ["page", "text", "size", "target", "drawing", "line", "compress", "words"][n % 8] + (n % 97);
  };
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < 50; l++) {
      page.drawText(Array.from({ length: 12 }, word).join(" "), { x: 50, y: 750 - l * 14, size: 10, font });
    }
    if (img && p === 0) page.drawImage(img, { x: 450, y: 20, width: 72, height: 54 });
  }
  return doc.save({ useObjectStreams: false });
}

describe("compress-pdf to a size", () => {
  it("goes past the recommended level, largest images first, until the file fits", { timeout: 180_000 }, async () => {
    const input = await photoPdf();
    const recommended = await compress(input, { level: "recommended" });
    expect(recommended.file.quality).toBeGreaterThan(0.94);
    const target = Math.round(recommended.out.length * 0.6);
    const { file, out } = await compress(input, { targetSize: String(target) });
    expect(out.length).toBeLessThanOrEqual(target);
    expect(file.targetMet).toBe(true);
    expect(file.targetSize).toBe(target);
    expect(file.message).toMatch(/^Under [\d.]+ KB\. Saved \d+%: .* \(\d images? re-encoded\)$/);
    // Lower than the recommended level's 150 ppi, and the metric still holding.
    const [a, b] = [await ppis(recommended.out), await ppis(out)];
    expect(Math.min(...b)).toBeLessThan(Math.min(...a));
    expect(file.quality).toBeGreaterThan(0.84);
    expect(file.quality).toBeLessThan(recommended.file.quality!);
    const page1 = psnr(await render(input, { page: 1, dpi: 50 }), await render(out, { page: 1, dpi: 50 }));
    expect(page1).toBeGreaterThan(26);
  });

  it("spends room under a generous target on quality, above the recommended level", { timeout: 180_000 }, async () => {
    const input = await photoPdf();
    const recommended = await compress(input, { level: "recommended" });
    const target = Math.round(recommended.out.length * 3);
    expect(target).toBeLessThan(input.length);
    const { file, out } = await compress(input, { targetSize: String(target) });
    expect(file.targetMet).toBe(true);
    expect(out.length).toBeLessThanOrEqual(target);
    expect(out.length).toBeGreaterThan(recommended.out.length);
    // More pixels kept than 150 ppi, at a higher bar, and closer to the original on the page.
    const [a, b] = [await ppis(recommended.out), await ppis(out)];
    expect(Math.max(...b)).toBeGreaterThan(Math.max(...a));
    expect(file.quality).toBeGreaterThan(recommended.file.quality!);
    const page = async (bytes: Uint8Array) => render(bytes, { page: 1, dpi: 100 });
    const original = await page(input);
    expect(psnr(original, await page(out))).toBeGreaterThan(psnr(original, await page(recommended.out)));
  });

  it("keeps every image when the lossless steps are enough", { timeout: 120_000 }, async () => {
    const input = await photoPdf();
    const { file, out } = await compress(input, { targetSize: String(input.length) });
    expect(file.targetMet).toBe(true);
    expect(file.quality).toBeUndefined();
    expect(await ppis(out)).toEqual(await ppis(input));
    expect(file.message).toMatch(/^(Already under [\d.]+ MB: returned unchanged|Under [\d.]+ MB\. Saved \d+%: .*)$/);
  });

  it("says why a text-only PDF cannot reach a small target", { timeout: 60_000 }, async () => {
    const input = await textPdf(40);
    const { file, out } = await compress(input, { targetSize: "10000" });
    expect(out.length).toBeGreaterThan(10_000);
    expect(file.targetMet).toBe(false);
    expect(file.quality).toBeUndefined();
    expect(file.message).toMatch(
      /^Could not reach 10 KB: this PDF is text and drawings only, with no images to make smaller: [\d.]+ KB is the smallest it can be\. /,
    );
  });

  it("says how little the images weigh when they are not the problem", { timeout: 60_000 }, async () => {
    const input = await textPdf(40, true);
    const { file } = await compress(input, { targetSize: "10000" });
    expect(file.targetMet).toBe(false);
    expect(file.message).toMatch(
      /^Could not reach 10 KB: this PDF is mostly text and drawings: images are only \d+% of it\. /,
    );
  });

  it("refuses a target that is not a size in bytes", async () => {
    const input = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    const bad = await convertFails(PATH, form([{ name: "a.pdf", bytes: input }], { targetSize: "big" }), 400);
    expect(bad.error).toBe("Target size must be a whole number of bytes, such as 1000000 for 1 MB.");
    const small = await convertFails(PATH, form([{ name: "a.pdf", bytes: input }], { targetSize: "100" }), 400);
    expect(small.error).toBe("Target size must be at least 10 KB (10000 bytes).");
  });
});
