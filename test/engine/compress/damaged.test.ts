import { describe, expect, it } from "vitest";
import { corpusFile, expectValidPdf } from "../tools/readers";
import { convertOk, download, form } from "./answers";

const PATH = "/api/convert/compress-pdf";

describe("compress-pdf on a damaged file", () => {
  it("returns a repaired copy, and says so, when nothing could make it smaller", async () => {
    // Its table lacks the "xref" keyword: readers reconstruct it; our rewrite is whole but a few
    // bytes larger (qpdf's bad2.pdf, once that, is now smaller with its pages in an object stream).
    const input = await corpusFile("pdf/malformed/pdfjs__xref_command_missing.pdf");
    const body = await convertOk(PATH, form([{ name: "bad.pdf", bytes: input }]));
    const file = body.files[0];
    const out = await download(file);
    await expectValidPdf(out);
    expect(out.length).toBeGreaterThanOrEqual(input.length);
    expect(file.message).toContain("This PDF was damaged and could not be made smaller: here is a repaired copy");
    expect(file.compressionRatio).toBe("0%");
  });

  it("hands an intact file back unchanged, never larger, when nothing helps", async () => {
    // Our own compressed output has nothing left to give.
    const first = await convertOk(
      PATH,
      form([{ name: "small.pdf", bytes: await corpusFile("pdf/valid/qpdf__good13.pdf") }]),
    );
    const input = await download(first.files[0]);
    const body = await convertOk(PATH, form([{ name: "small.pdf", bytes: input }], { level: "low" }));
    const out = await download(body.files[0]);
    expect(out).toEqual(input);
    expect(body.files[0].message).toBe("Already optimised: returned unchanged");
  });
});
