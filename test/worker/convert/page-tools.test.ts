import { describe, expect, it } from "vitest";
import { buildPdf } from "./build-pdf";
import { convertFails, convertOk, downloadPdf, form } from "./support";

/**
 * The page tools' HTTP contract, one endpoint each (organize, remove pages, page numbers, crop,
 * pages per sheet, edit metadata): the answer, the stored result, the refusals. What each output
 * holds is judged in test/engine/tools/page-tools.test.ts.
 */

describe("POST /api/convert/organize-pdf", () => {
  it("answers with the organized file, named after the first, stored for download", async () => {
    const a = await buildPdf([{ text: "Alpha one" }, { text: "Alpha two" }]);
    const b = await buildPdf([{ text: "Bravo one" }]);
    const plan = [{ file: 1, page: 1 }, { blank: true }, { file: 0, page: 2, rotate: 90 }];
    const body = await convertOk(
      "/api/convert/organize-pdf",
      form(
        [
          { name: "a.pdf", bytes: a },
          { name: "b.pdf", bytes: b },
        ],
        { plan: JSON.stringify(plan) },
      ),
    );
    expect(body.message).toBe("Files processed successfully");
    expect(body.file).toMatchObject({ originalName: "a.pdf", convertedName: "a-organized.pdf", status: "completed" });
    await downloadPdf(body.file);
  });

  it("refuses a plan that names a missing file or page, or keeps no page", async () => {
    const a = await buildPdf([{ text: "one" }]);
    const send = (plan: unknown) => form([{ name: "a.pdf", bytes: a }], { plan: JSON.stringify(plan) });
    expect((await convertFails("/api/convert/organize-pdf", send([{ file: 0, page: 2 }]), 400)).error).toBe(
      "Page 2 of a.pdf does not exist: it has 1 page.",
    );
    expect((await convertFails("/api/convert/organize-pdf", send([{ file: 1, page: 1 }]), 400)).error).toBe(
      "There is no file number 2: 1 file were sent.",
    );
    expect((await convertFails("/api/convert/organize-pdf", send([{ blank: true }]), 400)).error).toBe(
      "Keep at least one page: a PDF cannot be empty.",
    );
    expect((await convertFails("/api/convert/organize-pdf", send("nonsense"), 400)).error).toMatch(/page plan/);
  });
});

describe("POST /api/convert/remove-pages", () => {
  it("answers with what is left, and refuses removing every page or none", async () => {
    const src = await buildPdf([{ text: "one" }, { text: "two" }, { text: "three" }, { text: "four" }]);
    const body = await convertOk("/api/convert/remove-pages", form([{ name: "r.pdf", bytes: src }], { pages: "2-3" }));
    expect(body.file).toMatchObject({ convertedName: "r-pages-removed.pdf", message: "Removed 2 of 4 pages: 2 left" });
    await downloadPdf(body.file);
    expect(
      (await convertFails("/api/convert/remove-pages", form([{ name: "r.pdf", bytes: src }], { pages: "1-4" }), 400))
        .error,
    ).toBe("Keep at least one page: a PDF cannot be empty.");
    expect((await convertFails("/api/convert/remove-pages", form([{ name: "r.pdf", bytes: src }]), 400)).error).toBe(
      "Please select at least one page to remove.",
    );
  });
});

describe("POST /api/convert/page-numbers", () => {
  it("answers with the numbered file, and refuses a style it does not know", async () => {
    const src = await buildPdf([{ text: "cover" }, { text: "body" }]);
    const body = await convertOk(
      "/api/convert/page-numbers",
      form([{ name: "n.pdf", bytes: src }], { format: "page-n-of-total", firstPage: "2", start: "1" }),
    );
    expect(body.file).toMatchObject({ originalName: "n.pdf", status: "completed" });
    expect(body.file?.convertedName).toMatch(/^n.*\.pdf$/);
    await downloadPdf(body.file);
    const refused = await convertFails(
      "/api/convert/page-numbers",
      form([{ name: "n.pdf", bytes: src }], { format: "cuneiform" }),
      400,
    );
    expect(refused.code).toBe("validation_failed");
  });
});

describe("POST /api/convert/crop-pdf", () => {
  it("answers with the cropped file, and refuses margins that leave nothing", async () => {
    const src = await buildPdf([{ text: "one", size: [400, 400] }]);
    const margins = JSON.stringify({ left: 0.1, top: 0.2, right: 0.1, bottom: 0.05 });
    const body = await convertOk("/api/convert/crop-pdf", form([{ name: "c.pdf", bytes: src }], { margins }));
    expect(body.file).toMatchObject({ originalName: "c.pdf", status: "completed" });
    await downloadPdf(body.file);
    expect(
      (
        await convertFails(
          "/api/convert/crop-pdf",
          form([{ name: "c.pdf", bytes: src }], { margins: '{"left":2}' }),
          400,
        )
      ).error,
    ).toMatch(/Crop margins/);
  });
});

describe("POST /api/convert/nup-pdf", () => {
  it("answers with the sheets made, and refuses a count of pages per sheet it does not offer", async () => {
    const src = await buildPdf([
      { text: "North" },
      { text: "South" },
      { text: "East" },
      { text: "West" },
      { text: "C" },
    ]);
    const body = await convertOk(
      "/api/convert/nup-pdf",
      form([{ name: "s.pdf", bytes: src }], { perSheet: "4", sheet: "a4", border: "true" }),
    );
    expect(body.file?.message).toBe("5 pages on 2 sheets");
    await downloadPdf(body.file);
    const refused = await convertFails(
      "/api/convert/nup-pdf",
      form([{ name: "s.pdf", bytes: src }], { perSheet: "5" }),
      400,
    );
    expect(refused.code).toBe("validation_failed");
  });
});

describe("POST /api/convert/edit-metadata", () => {
  it("answers with the edited file, and refuses fields that are not JSON", async () => {
    const src = await buildPdf([{ text: "one" }], { title: "Old title" });
    const info = JSON.stringify({ author: "Ada Lovelace", title: "" });
    const body = await convertOk("/api/convert/edit-metadata", form([{ name: "m.pdf", bytes: src }], { info }));
    expect(body.file).toMatchObject({ originalName: "m.pdf", status: "completed" });
    await downloadPdf(body.file);
    const refused = await convertFails(
      "/api/convert/edit-metadata",
      form([{ name: "m.pdf", bytes: src }], { info: "not json" }),
      400,
    );
    expect(refused.code).toBe("validation_failed");
  });
});
