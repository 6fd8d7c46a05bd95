import { describe, expect, it } from "vitest";
import { corpusFile } from "../helpers";
import { buildPdf } from "./build-pdf";
import { convertFails, convertOk, downloadPdf, form } from "./support";

/**
 * Watermark PDF's HTTP contract (text; the image watermark in ./image-watermark.test.ts): the
 * answer, a result per file, the refusals. The stamp itself is judged in
 * test/engine/tools/watermark.test.ts.
 */

const WATERMARK = "/api/convert/watermark-pdf";

describe("POST /api/convert/watermark-pdf", () => {
  it("answers with each file watermarked, stored for download", async () => {
    const src = await corpusFile("pdf/valid/pysample__pdflatex-4-pages.pdf");
    const body = await convertOk(
      WATERMARK,
      form([{ name: "paper.pdf", bytes: src }], { watermarkText: "CONFIDENTIAL", opacity: "0.3" }),
    );
    expect(body.message).toBe("PDF watermarking completed");
    expect(body.files[0]).toMatchObject({
      originalName: "paper.pdf",
      convertedName: "paper-watermarked.pdf",
      status: "watermarked",
    });
    await downloadPdf(body.files[0]);
  });

  it("refuses text no font here can show, naming the characters, and right-to-left text", async () => {
    const src = await buildPdf([{ text: "" }]);
    const file = [{ name: "t.pdf", bytes: src }];
    const cjk = await convertFails(WATERMARK, form(file, { watermarkText: "社外秘 secret" }), 400);
    expect(cjk.error).toContain("cannot be shown: 社 外 秘.");
    const emoji = await convertFails(WATERMARK, form(file, { watermarkText: "TOP 🔒" }), 400);
    expect(emoji.error).toContain("🔒");
    for (const rtl of ["سري للغاية", "סודי"]) {
      expect((await convertFails(WATERMARK, form(file, { watermarkText: rtl }), 400)).error).toBe(
        "Right-to-left text (such as Arabic or Hebrew) cannot be used for a watermark yet. Please use left-to-right text.",
      );
    }
  });

  it("checks the text and opacity", async () => {
    const src = await buildPdf([{ text: "" }]);
    const file = [{ name: "t.pdf", bytes: src }];
    const cases: [Record<string, string>, string][] = [
      [{}, "Watermark text is required"],
      [{ watermarkText: "  \n " }, "Watermark text is required"],
      [{ watermarkText: "x".repeat(201) }, "Watermark text must be at most 200 characters."],
      [{ watermarkText: "A", opacity: "0" }, "Opacity must be a number from 0.1 to 1, in steps of 0.1."],
      [{ watermarkText: "A", opacity: "1.5" }, "Opacity must be a number from 0.1 to 1, in steps of 0.1."],
      [{ watermarkText: "A", opacity: "half" }, "Opacity must be a number from 0.1 to 1, in steps of 0.1."],
      [{ watermarkText: "A", opacity: "0.15" }, "Opacity must be a number from 0.1 to 1, in steps of 0.1."],
    ];
    for (const [fields, error] of cases) {
      expect((await convertFails(WATERMARK, form(file, fields), 400)).error).toBe(error);
    }
  });

  it("reports files one by one; a lone file that fails is a plain 4xx", async () => {
    const good = await buildPdf([{ text: "" }]);
    const enc = await corpusFile("pdf/encrypted/qpdf__c-r3.pdf");
    const body = await convertOk(
      WATERMARK,
      form(
        [
          { name: "good.pdf", bytes: good },
          { name: "locked.pdf", bytes: enc },
        ],
        { watermarkText: "CONFIDENTIAL" },
      ),
    );
    expect(body.files).toHaveLength(2);
    expect(body.message).toBe("1 of 2 files watermarked");
    expect(body.files[0].status).toBe("watermarked");
    const message = "locked.pdf is password-protected. Enter its password to open it.";
    expect(body.files[1]).toMatchObject({ originalName: "locked.pdf", status: "error", error: message, message });
    await downloadPdf(body.files[0]);
    const alone = await convertFails(
      WATERMARK,
      form([{ name: "locked.pdf", bytes: enc }], { watermarkText: "X" }),
      422,
    );
    expect(alone).toEqual({ code: "password_required", error: message });
  });
});
