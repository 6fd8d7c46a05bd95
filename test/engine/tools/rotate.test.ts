import { describe, expect, it } from "vitest";
import { corpusFile, expectValidPdf, pageRotations, pdfInfo, render } from "./readers";
import { convert, convertOne, made, pdf } from "./run";

/** Rotate PDF's output, read back by qpdf and poppler (the endpoint's contract: test/worker/convert/rotate.test.ts). */

describe("rotate-pdf", () => {
  it("turns every page 90 degrees clockwise by default, on top of its own rotation", async () => {
    const src = await corpusFile("pdf/valid/pysample__habibi-rotated.pdf");
    expect(await pageRotations(src)).toEqual([90, 180, 270, 360]);
    const file = made(await convert("rotate-pdf", [pdf("scan.pdf", src)]));
    expect(file).toMatchObject({ fileName: "scan-rotated.pdf", message: "Rotated 4 of 4 pages by 90°" });
    await expectValidPdf(file.bytes);
    expect(await pageRotations(file.bytes)).toEqual([180, 270, 0, 90]);
    expect((await pdfInfo(file.bytes)).Producer).toBe("PDFTools");
  });

  it("resolves rotation inherited from the page tree", async () => {
    const src = await corpusFile("pdf/valid/qpdf__inherited-rotate.pdf");
    expect(await pageRotations(await convertOne("rotate-pdf", [pdf("i.pdf", src)]))).toEqual([180]);
  });

  it("takes an optional angle and page list", async () => {
    const src = await corpusFile("pdf/valid/pysample__pdflatex-4-pages.pdf");
    const file = made(await convert("rotate-pdf", [pdf("p.pdf", src)], { angle: "180", pages: "[1,3]" }));
    expect(file.message).toBe("Rotated 2 of 4 pages by 180°");
    expect(await pageRotations(file.bytes)).toEqual([180, 0, 180, 0]);
    const ccw = await convertOne("rotate-pdf", [pdf("p.pdf", src)], { angle: "-90" });
    expect(await pageRotations(ccw)).toEqual([270, 270, 270, 270]);
  });

  it("shows the turned page the way a reader will", async () => {
    const src = await corpusFile("pdf/valid/pysample__pdflatex-image.pdf");
    const before = await render(src, { dpi: 36, gray: true });
    const after = await render(await convertOne("rotate-pdf", [pdf("m.pdf", src)]), { dpi: 36, gray: true });
    expect([after.width, after.height]).toEqual([before.height, before.width]);
    // Clockwise: original pixel (x, y) lands at (H-1-y, x); counter-clockwise would not match.
    const diff = (cw: boolean) => {
      let sum = 0;
      for (let y = 0; y < before.height; y++) {
        for (let x = 0; x < before.width; x++) {
          const [col, row] = cw ? [after.width - 1 - y, x] : [y, after.height - 1 - x];
          sum += Math.abs(after.data[row * after.width + col] - before.data[y * before.width + x]);
        }
      }
      return sum / before.data.length;
    };
    expect(diff(true)).toBeLessThan(3);
    expect(diff(false)).toBeGreaterThan(3 * diff(true));
  });
});
