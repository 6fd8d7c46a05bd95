import { describe, expect, it } from "vitest";
import { convertFails, convertOk, downloadPdf, form } from "../convert/support";
import { corpusFile } from "../helpers";

/**
 * Protect PDF's HTTP contract: the answer, the stored result, the refusals. The encryption it
 * writes (AES-256, permissions, passwords, strings, PDF/A) is judged in
 * test/engine/tools/passwords.test.ts.
 */

const URL = "/api/convert/protect-pdf";
const SOURCE = "pdf/valid/pysample__pdflatex-4-pages.pdf";

async function protect(path: string, fields: Record<string, string>, name = "report.pdf") {
  const body = await convertOk(URL, form([{ name, bytes: await corpusFile(path) }], fields));
  expect(body.file?.convertedName).toBe(name.replace(/\.pdf$/, "-protected.pdf"));
  return body;
}

describe("POST /api/convert/protect-pdf", () => {
  it("answers with the protected file, stored for download", async () => {
    const body = await protect(SOURCE, { password: "correct horse", allowPrinting: "false" });
    expect(body.message).toBe("PDF protected successfully");
    expect(body.file).toMatchObject({ originalName: "report.pdf", status: "completed" });
    await downloadPdf(body.file);
  });
});

describe("protect: bad requests", () => {
  it("requires a password, with the spec's message", async () => {
    const bytes = await corpusFile(SOURCE);
    for (const fields of [{}, { password: "" }] as Record<string, string>[]) {
      const err = await convertFails(URL, form([{ name: "a.pdf", bytes }], fields), 400);
      expect(err.error).toBe("Please enter a password to protect your PDF");
    }
  });

  it("accepts a short password: six characters is only the page's hint", async () => {
    await downloadPdf((await protect(SOURCE, { password: "abc" })).file);
  });

  it("refuses passwords SASLprep forbids, and permission values that are not true or false", async () => {
    const bytes = await corpusFile(SOURCE);
    const ctl = await convertFails(URL, form([{ name: "a.pdf", bytes }], { password: "bell\u0007" }), 400);
    expect(ctl.error).toContain("cannot be used in a password");
    const perm = await convertFails(
      URL,
      form([{ name: "a.pdf", bytes }], { password: "x", allowPrinting: "maybe" }),
      400,
    );
    expect(perm.error).toBe("allowPrinting must be true or false.");
  });

  it("refuses an already encrypted PDF with a clear 4xx instead of encrypting twice", async () => {
    for (const path of ["pdf/encrypted/qpdf__c-r6-in.pdf", "pdf/encrypted/qpdf__enc-R2_V1.pdf"]) {
      const bytes = await corpusFile(path);
      const err = await convertFails(URL, form([{ name: "secret.pdf", bytes }], { password: "again" }), 422);
      expect(err).toMatchObject({
        code: "pdf_encrypted",
        error: "secret.pdf already has a password. Unlock it first with the Unlock PDF tool, then protect it again.",
      });
    }
  });

  it("accepts only PDFs under the size limit (spec section 5, checked by the pipeline)", async () => {
    const png = await corpusFile("img/png/pdflib__basn2c08.png");
    const err = await convertFails(
      URL,
      form([{ name: "a.png", bytes: png, type: "image/png" }], { password: "x" }),
      400,
    );
    expect(err.error).toBe("File type .png is not supported. Accepted types: .pdf");
    const big = new Uint8Array(25 * 1024 * 1024 + 1);
    const tooBig = await convertFails(URL, form([{ name: "big.pdf", bytes: big }], { password: "x" }), 413);
    expect(tooBig.error).toBe("File size exceeds 25MB limit");
  });
});
