import { describe, expect, it } from "vitest";
import { corpusFile } from "../helpers";
import {
  convertFails,
  convertOk,
  download,
  expectValidPdf,
  form,
  pageCount,
  pageRotations,
  pdfInfo,
  render,
} from "./support";

const ROTATE = "/api/convert/rotate-pdf";

describe("POST /api/convert/rotate-pdf", () => {
  it("turns every page 90 degrees clockwise by default, on top of its own rotation", async () => {
    const src = await corpusFile("pdf/valid/pysample__habibi-rotated.pdf");
    expect(await pageRotations(src)).toEqual([90, 180, 270, 360]);
    const body = await convertOk(ROTATE, form([{ name: "scan.pdf", bytes: src }]));
    expect(body.message).toBe("Files processed successfully");
    expect(body.file).toMatchObject({
      originalName: "scan.pdf",
      convertedName: "scan-rotated.pdf",
      status: "completed",
      message: "Rotated 4 of 4 pages by 90°",
    });
    const out = await download(body.file);
    await expectValidPdf(out);
    expect(await pageRotations(out)).toEqual([180, 270, 0, 90]);
    expect((await pdfInfo(out)).Producer).toBe("PDFTools");
  });

  it("resolves rotation inherited from the page tree", async () => {
    const src = await corpusFile("pdf/valid/qpdf__inherited-rotate.pdf");
    const out = await download((await convertOk(ROTATE, form([{ name: "i.pdf", bytes: src }]))).file);
    expect(await pageRotations(out)).toEqual([180]);
  });

  it("takes an optional angle and page list", async () => {
    const src = await corpusFile("pdf/valid/pysample__pdflatex-4-pages.pdf");
    const body = await convertOk(ROTATE, form([{ name: "p.pdf", bytes: src }], { angle: "180", pages: "[1,3]" }));
    expect(body.file?.message).toBe("Rotated 2 of 4 pages by 180°");
    const out = await download(body.file);
    expect(await pageRotations(out)).toEqual([180, 0, 180, 0]);
    const ccw = await download((await convertOk(ROTATE, form([{ name: "p.pdf", bytes: src }], { angle: "-90" }))).file);
    expect(await pageRotations(ccw)).toEqual([270, 270, 270, 270]);
  });

  it("shows the turned page the way a reader will", async () => {
    const src = await corpusFile("pdf/valid/pysample__pdflatex-image.pdf");
    const before = await render(src, { dpi: 36, gray: true });
    const out = await download((await convertOk(ROTATE, form([{ name: "m.pdf", bytes: src }]))).file);
    const after = await render(out, { dpi: 36, gray: true });
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

  it("refuses bad angles, pages and files", async () => {
    const src = await corpusFile("pdf/valid/pysample__pdflatex-4-pages.pdf");
    const file = [{ name: "p.pdf", bytes: src }];
    expect((await convertFails(ROTATE, form(file, { angle: "45" }), 400)).error).toBe(
      "Angle must be 90, 180 or 270 degrees.",
    );
    expect((await convertFails(ROTATE, form(file, { pages: "[5]" }), 400)).error).toBe(
      "Page 5 does not exist: this PDF has 4 pages.",
    );
    const bad = await corpusFile("pdf/malformed/qpdf__broken-lzw.pdf");
    expect(await convertFails(ROTATE, form([{ name: "b.pdf", bytes: bad }]), 422)).toEqual({
      code: "pdf_damaged",
      error: "b.pdf is damaged: the content of page 1 cannot be read.",
    });
    expect(await pageCount(src)).toBe(4);
  });
});
