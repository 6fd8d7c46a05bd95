import { describe, expect, it } from "vitest";
import { corpusFile } from "../helpers";
import { convertFails, convertOk, downloadPdf, form } from "./support";

/**
 * Merge PDF's HTTP contract: the answer, the stored result, the refusals. What the merged file
 * holds (pages, order, bookmarks, links, fonts) is judged in test/engine/tools/merge.test.ts.
 */

const MERGE = "/api/convert/merge-pdf";

describe("POST /api/convert/merge-pdf", () => {
  it("answers with one file named after the first, made of all pages, stored for download", async () => {
    const a = await corpusFile("pdf/valid/qpdf__hybrid-xref.pdf");
    const b = await corpusFile("pdf/valid/pdfjs__TAMReview.pdf");
    const body = await convertOk(
      MERGE,
      form([
        { name: "report.pdf", bytes: b },
        { name: "appendix.pdf", bytes: a },
      ]),
    );
    expect(body.message).toBe("Files processed successfully");
    expect(body.file).toMatchObject({
      originalName: "report.pdf",
      convertedName: "report-merged.pdf",
      status: "completed",
      pageCount: 53,
    });
    expect(body.files).toHaveLength(1);
    await downloadPdf(body.file);
  });

  it("refuses what it cannot merge, naming the file", async () => {
    const pdf = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    const png = await corpusFile("img/png/pdflib__basn2c08.png");
    const enc = await corpusFile("pdf/encrypted/qpdf__c-r4.pdf");
    const bad = await corpusFile("pdf/malformed/qpdf__bad7.pdf");
    const one = { name: "a.pdf", bytes: pdf };
    expect((await convertFails(MERGE, new FormData(), 400)).error).toBe("No files selected");
    expect((await convertFails(MERGE, form([one]), 400)).error).toBe("At least 2 files required for merging");
    const txt = await convertFails(MERGE, form([one, { name: "notes.txt", bytes: pdf }]), 400);
    expect(txt.error).toBe("File type .txt is not supported. Accepted types: .pdf");
    // What the site needs to say it in another language (web/i18n/errors.ts).
    expect((txt as { params?: unknown }).params).toEqual({ ext: ".txt", accepted: ".pdf" });
    expect((await convertFails(MERGE, form([one, { name: "fake.pdf", bytes: png }]), 400)).error).toBe(
      "fake.pdf is not a valid PDF file.",
    );
    const big = { name: "big.pdf", bytes: new Uint8Array(25 * 1024 * 1024 + 1) };
    const tooBig = await convertFails(MERGE, form([one, big]), 413);
    expect(tooBig.error).toBe("File size exceeds 25MB limit");
    expect((tooBig as { params?: unknown }).params).toEqual({ limitMB: 25 });
    const locked = await convertFails(MERGE, form([one, { name: "secret.pdf", bytes: enc }]), 422);
    expect(locked).toEqual({
      code: "password_required",
      error: "secret.pdf is password-protected. Enter its password to open it.",
    });
    const damaged = await convertFails(MERGE, form([{ name: "broken.pdf", bytes: bad }, one]), 422);
    expect(damaged.code).toBe("pdf_damaged");
    expect(damaged.error).toContain("broken.pdf");
  });
});
