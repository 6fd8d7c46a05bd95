import { describe, expect, it } from "vitest";
import { buildPdf } from "./inputs";
import { corpusFile, expectValidPdf, oracle, pageCount, pdfInfo, pdfText, type Raster, render } from "./readers";
import { convert, convertOne, made, pdf } from "./run";

/** Watermark PDF's text stamp, judged by poppler's text, fonts and pixels (the endpoint's contract: test/worker/convert/watermark.test.ts). */

/** Centre and direction (degrees, image y pointing down) of the dark pixels of a grey raster. */
function inkLayout(r: Raster, threshold = 230) {
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  let darkest = 255;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const v = r.data[y * r.width + x];
      darkest = Math.min(darkest, v);
      if (v >= threshold) continue;
      n++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
    }
  }
  const cx = sx / n;
  const cy = sy / n;
  const angle = (0.5 * Math.atan2(2 * (sxy / n - cx * cy), sxx / n - cx * cx - (syy / n - cy * cy)) * 180) / Math.PI;
  return { n, cx: cx / r.width, cy: cy / r.height, angle, darkest };
}

const squash = (s: string) => s.replace(/\s+/g, "");

describe("watermark-pdf, text", () => {
  it("stamps the text on every page, as real text, keeping the page's own", async () => {
    const src = await corpusFile("pdf/valid/pysample__pdflatex-4-pages.pdf");
    const result = await convert("watermark-pdf", [pdf("paper.pdf", src)], {
      watermarkText: "CONFIDENTIAL",
      opacity: "0.3",
    });
    expect(result.message).toBe("PDF watermarking completed");
    const file = made(result);
    expect(file).toMatchObject({ originalName: "paper.pdf", fileName: "paper-watermarked.pdf", status: "watermarked" });
    const out = file.bytes;
    await expectValidPdf(out);
    expect(await pageCount(out)).toBe(4);
    for (let p = 1; p <= 4; p++) {
      const text = await pdfText(out, ["-raw", "-f", `${p}`, "-l", `${p}`]);
      expect(squash(text)).toContain("CONFIDENTIAL");
      const original = squash(await pdfText(src, ["-raw", "-f", `${p}`, "-l", `${p}`]));
      expect(squash(text)).toContain(original.slice(0, 40));
    }
    const fonts = await oracle("pdffonts", ["{in}"], out);
    expect(fonts.stdout).toContain("Helvetica-Bold");
    expect((await pdfInfo(out)).Producer).toBe("PDFTools");
  });

  it("centres the text diagonally as the reader sees each page: rotated or cropped", async () => {
    const src = await buildPdf([
      { text: "" },
      { text: "", rotate: 90 },
      { text: "", size: [500, 300], rotate: 270, cropBox: [100, 50, 400, 250] },
      { text: "", rotate: 180, cropBox: [0, 0, 300, 200] },
    ]);
    const out = await convertOne("watermark-pdf", [pdf("w.pdf", src)], { watermarkText: "WWWWWWWWWW", opacity: "1" });
    await expectValidPdf(out);
    for (let p = 1; p <= 4; p++) {
      const raster = await render(out, { page: p, gray: true });
      const ink = inkLayout(raster);
      expect(ink.n, `page ${p}`).toBeGreaterThan(500);
      expect(ink.cx, `page ${p} x`).toBeCloseTo(0.5, 1);
      expect(ink.cy, `page ${p} y`).toBeCloseTo(0.5, 1);
      // Bottom-left to top-right along the diagonal of what is shown.
      const diagonal = (-Math.atan2(raster.height, raster.width) * 180) / Math.PI;
      expect(Math.abs(ink.angle - diagonal), `page ${p} angle ${ink.angle} vs ${diagonal}`).toBeLessThan(6);
    }
  });

  it("draws at the chosen opacity, 0.3 when none is given", async () => {
    const src = await buildPdf([{ text: "" }]);
    const darkest = async (fields: Record<string, string>) => {
      const out = await convertOne("watermark-pdf", [pdf("o.pdf", src)], fields);
      return inkLayout(await render(out, { gray: true }), 250).darkest;
    };
    // Mid grey (128) over white: 255 - opacity * 127.
    expect(await darkest({ watermarkText: "DRAFT", opacity: "1" })).toBeCloseTo(128, -1);
    expect(await darkest({ watermarkText: "DRAFT", opacity: "0.5" })).toBeCloseTo(191, -1);
    expect(await darkest({ watermarkText: "DRAFT" })).toBeCloseTo(217, -1);
  });

  it("embeds a font that covers Cyrillic and Greek text, which stays extractable", async () => {
    const src = await buildPdf([{ text: "" }]);
    const text = "Секретно Ωμέγα Ünïcödé";
    const out = await convertOne("watermark-pdf", [pdf("u.pdf", src)], { watermarkText: text });
    await expectValidPdf(out);
    expect(squash(await pdfText(out, ["-raw"]))).toBe(squash(text));
    const fonts = await oracle("pdffonts", ["{in}"], out);
    expect(fonts.stdout).toMatch(/[A-Z]{6}\+DejaVuSans-Bold\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    // Only the glyphs used: the whole font is 700 KB.
    expect(out.byteLength).toBeLessThan(40_000);
  });
});
