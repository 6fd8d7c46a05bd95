import { describe, expect, it } from "vitest";
import { corpusFile } from "../helpers";
import { convertFails, convertOk, downloadPdf, form } from "./support";

/**
 * Rotate PDF's HTTP contract: the answer, the stored result, the refusals. The turned pages are
 * judged in test/engine/tools/rotate.test.ts.
 */

const ROTATE = "/api/convert/rotate-pdf";

describe("POST /api/convert/rotate-pdf", () => {
  it("answers with the rotated file and what was done, stored for download", async () => {
    const src = await corpusFile("pdf/valid/pysample__habibi-rotated.pdf");
    const body = await convertOk(ROTATE, form([{ name: "scan.pdf", bytes: src }], { angle: "180", pages: "[1,3]" }));
    expect(body.message).toBe("Files processed successfully");
    expect(body.file).toMatchObject({
      originalName: "scan.pdf",
      convertedName: "scan-rotated.pdf",
      status: "completed",
      message: "Rotated 2 of 4 pages by 180°",
    });
    await downloadPdf(body.file);
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
  });
});
