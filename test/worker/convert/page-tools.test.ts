import { describe, expect, it } from "vitest";
import { corpusFile, oracle } from "../helpers";
import { buildPdf, linkTargets } from "./build-pdf";
import {
  convertFails,
  convertOk,
  download,
  expectValidPdf,
  form,
  pageCount,
  pageRotations,
  pdfText,
  render,
} from "./support";

/** The page tools, their outputs read back by qpdf and poppler (pdftotext, pdfinfo, pdftoppm). */

const FORMS = "pdf/valid/pysample__libreoffice-form.pdf";

/** Each page's text, as pdftotext reads it page by page. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const n = await pageCount(bytes);
  const out: string[] = [];
  for (let p = 1; p <= n; p++) out.push((await pdfText(bytes, ["-f", String(p), "-l", String(p)])).trim());
  return out;
}

/** pdfinfo's page size of page `p`, in points. */
async function pageSize(bytes: Uint8Array, p = 1): Promise<[number, number]> {
  const r = await oracle("pdfinfo", ["-f", String(p), "-l", String(p), "{in}"], bytes);
  const m = new RegExp(`Page\\s+${p} size:\\s+([\\d.]+) x ([\\d.]+)`).exec(r.stdout);
  expect(m, r.stdout).toBeTruthy();
  return [Number(m?.[1]), Number(m?.[2])];
}

/** The AcroForm fields qpdf finds, by their full names. */
async function fieldNames(bytes: Uint8Array): Promise<string[]> {
  const r = await oracle("qpdf", ["--json", "--json-key=acroform", "{in}"], bytes);
  expect([0, 3]).toContain(r.code);
  return (JSON.parse(r.stdout).acroform.fields as { fullname: string }[]).map((f) => f.fullname);
}

describe("organize", () => {
  it("takes pages from several files, in any order, turned, repeated and with a blank page the size of its neighbour", async () => {
    const a = await buildPdf([{ text: "Alpha one" }, { text: "Alpha two" }, { text: "Alpha three", size: [500, 300] }]);
    const b = await buildPdf([{ text: "Bravo one" }]);
    const plan = [
      { file: 1, page: 1 },
      { file: 0, page: 3, rotate: 90 },
      { blank: true },
      { file: 0, page: 1 },
      { file: 0, page: 1 },
    ];
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
    expect(body.file?.convertedName).toBe("a-organized.pdf");
    const out = await download(body.file);
    await expectValidPdf(out);
    expect(await pageTexts(out)).toEqual(["Bravo one", "Alpha three", "", "Alpha one", "Alpha one"]);
    expect(await pageRotations(out)).toEqual([0, 90, 0, 0, 0]);
    // The blank page is page 2 as a reader sees it: 500 x 300 turned, so 300 x 500.
    expect(await pageSize(out, 3)).toEqual([300, 500]);
  });

  it("keeps links and form fields of the pages kept, and drops links to pages left out", async () => {
    const linked = await buildPdf([{ text: "one" }, { text: "two" }, { text: "three" }], {
      links: [
        [1, 3],
        [2, 3],
        [3, 1],
      ],
    });
    const plan = [
      { file: 0, page: 3 },
      { file: 0, page: 1 },
    ];
    const out = await download(
      (
        await convertOk(
          "/api/convert/organize-pdf",
          form([{ name: "l.pdf", bytes: linked }], { plan: JSON.stringify(plan) }),
        )
      ).file,
    );
    expect(await linkTargets(out)).toEqual([[2], [1]]);

    const forms = await corpusFile(FORMS);
    const before = await fieldNames(forms);
    expect(before.length).toBeGreaterThan(0);
    const all = Array.from({ length: await pageCount(forms) }, (_, i) => ({ file: 0, page: i + 1 })).reverse();
    const reordered = await download(
      (
        await convertOk(
          "/api/convert/organize-pdf",
          form([{ name: "f.pdf", bytes: forms }], { plan: JSON.stringify(all) }),
        )
      ).file,
    );
    expect((await fieldNames(reordered)).sort()).toEqual([...before].sort());
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

describe("merge and extract keep form fields", () => {
  it("a merged or extracted form is still a form: qpdf finds every field", async () => {
    const forms = await corpusFile(FORMS);
    const before = await fieldNames(forms);
    const small = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    const merged = await download(
      (
        await convertOk(
          "/api/convert/merge-pdf",
          form([
            { name: "small.pdf", bytes: small },
            { name: "form.pdf", bytes: forms },
          ]),
        )
      ).file,
    );
    expect((await fieldNames(merged)).sort()).toEqual([...before].sort());
    const extracted = await download(
      (await convertOk("/api/convert/extract-pages", form([{ name: "f.pdf", bytes: forms }], { selectedPages: "[1]" })))
        .file,
    );
    expect((await fieldNames(extracted)).length).toBeGreaterThan(0);
  });
});

describe("remove pages", () => {
  it("keeps every page but the ones listed, typed or as a list", async () => {
    const src = await buildPdf([{ text: "one" }, { text: "two" }, { text: "three" }, { text: "four" }]);
    for (const pages of ["[2,3]", "2-3"]) {
      const body = await convertOk("/api/convert/remove-pages", form([{ name: "r.pdf", bytes: src }], { pages }));
      expect(body.file?.convertedName).toBe("r-pages-removed.pdf");
      expect(body.file?.message).toBe("Removed 2 of 4 pages: 2 left");
      expect(await pageTexts(await download(body.file))).toEqual(["one", "four"]);
    }
    expect(
      (await convertFails("/api/convert/remove-pages", form([{ name: "r.pdf", bytes: src }], { pages: "1-4" }), 400))
        .error,
    ).toBe("Keep at least one page: a PDF cannot be empty.");
    expect((await convertFails("/api/convert/remove-pages", form([{ name: "r.pdf", bytes: src }]), 400)).error).toBe(
      "Please select at least one page to remove.",
    );
  });
});

describe("page numbers", () => {
  it("writes the chosen style from the chosen page, found by pdftotext on the right pages", async () => {
    const src = await buildPdf([{ text: "cover" }, { text: "body" }, { text: "more" }, { text: "end" }]);
    const body = await convertOk(
      "/api/convert/page-numbers",
      form([{ name: "n.pdf", bytes: src }], { format: "page-n-of-total", firstPage: "2", start: "1" }),
    );
    const texts = await pageTexts(await download(body.file));
    expect(texts[0]).toBe("cover");
    expect(texts.slice(1).map((t) => t.replace(/\s+/g, " "))).toEqual([
      expect.stringContaining("Page 1 of 3"),
      expect.stringContaining("Page 2 of 3"),
      expect.stringContaining("Page 3 of 3"),
    ]);
    const roman = await download(
      (await convertOk("/api/convert/page-numbers", form([{ name: "n.pdf", bytes: src }], { format: "roman" }))).file,
    );
    expect((await pageTexts(roman))[3]).toContain("iv");
  });

  it("puts the number where a reader sees the position, on a turned page too", async () => {
    // A landscape page shown turned a quarter: bottom-right is in the reader's bottom-right.
    const src = await buildPdf([{ text: ".", size: [400, 300], rotate: 90 }]);
    const out = await download(
      (
        await convertOk(
          "/api/convert/page-numbers",
          form([{ name: "t.pdf", bytes: src }], { position: "bottom-right", fontSize: "30" }),
        )
      ).file,
    );
    const before = await render(src, { dpi: 36, gray: true });
    const after = await render(out, { dpi: 36, gray: true });
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    // As shown, the page is 300 wide and 400 high, and every pixel the number added lies in
    // its bottom-right quarter.
    expect(after.height).toBeGreaterThan(after.width);
    let added = 0;
    for (let i = 0; i < after.data.length; i++) {
      if (after.data[i] + 40 >= before.data[i]) continue;
      added++;
      const px = i % after.width;
      const py = Math.floor(i / after.width);
      expect(px > after.width / 2 && py > after.height / 2, `ink at ${px},${py}`).toBe(true);
    }
    expect(added).toBeGreaterThan(5);
  });
});

describe("crop", () => {
  it("sets the crop and trim boxes: a reader shows the middle of the page, nothing is removed", async () => {
    const src = await buildPdf([
      { text: "one", size: [400, 400] },
      { text: "two", size: [400, 400] },
    ]);
    const margins = JSON.stringify({ left: 0.1, top: 0.2, right: 0.1, bottom: 0.05 });
    const body = await convertOk(
      "/api/convert/crop-pdf",
      form([{ name: "c.pdf", bytes: src }], { margins, scope: "odd" }),
    );
    const out = await download(body.file);
    await expectValidPdf(out);
    const info = await oracle("pdfinfo", ["-box", "-f", "1", "-l", "2", "{in}"], out);
    expect(info.stdout).toMatch(/Page\s+1 CropBox:\s+40\.00\s+20\.00\s+360\.00\s+320\.00/);
    expect(info.stdout).toMatch(/Page\s+1 TrimBox:\s+40\.00\s+20\.00\s+360\.00\s+320\.00/);
    expect(info.stdout).toMatch(/Page\s+2 CropBox:\s+0\.00\s+0\.00\s+400\.00\s+400\.00/);
    expect(await pdfText(out)).toContain("two");
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

  it("crops each page by its own box (remove white margins), measured by the page", async () => {
    const src = await buildPdf([{ text: "one" }, { text: "two" }]);
    const boxes = JSON.stringify({ "2": { left: 0, top: 0.5, right: 0.5, bottom: 0 } });
    const out = await download(
      (await convertOk("/api/convert/crop-pdf", form([{ name: "c.pdf", bytes: src }], { boxes }))).file,
    );
    const info = await oracle("pdfinfo", ["-box", "-f", "1", "-l", "2", "{in}"], out);
    expect(info.stdout).toMatch(/Page\s+2 CropBox:\s+0\.00\s+0\.00\s+150\.00\s+200\.00/);
  });
});

describe("pages per sheet", () => {
  it("puts four pages on one A4 sheet, their text still text", async () => {
    const src = await buildPdf([
      { text: "North" },
      { text: "South" },
      { text: "East" },
      { text: "West" },
      { text: "Centre" },
    ]);
    const body = await convertOk(
      "/api/convert/nup-pdf",
      form([{ name: "s.pdf", bytes: src }], { perSheet: "4", sheet: "a4", border: "true" }),
    );
    expect(body.file?.message).toBe("5 pages on 2 sheets");
    const out = await download(body.file);
    await expectValidPdf(out);
    expect(await pageCount(out)).toBe(2);
    const [w, h] = await pageSize(out, 1);
    expect(Math.round(w)).toBe(595);
    expect(Math.round(h)).toBe(842);
    const first = await pdfText(out, ["-f", "1", "-l", "1"]);
    for (const word of ["North", "South", "East", "West"]) expect(first).toContain(word);
    expect(await pdfText(out, ["-f", "2", "-l", "2"])).toContain("Centre");
  });
});

describe("edit metadata", () => {
  it("sets and removes fields as asked, keeps the rest, and removes everything on request", async () => {
    const src = await buildPdf([{ text: "one" }], { title: "Old title" });
    const info = JSON.stringify({
      author: "Ada Lovelace",
      subject: "Engines",
      created: "2020-02-03T04:05:06Z",
      title: "",
    });
    const edited = await download(
      (await convertOk("/api/convert/edit-metadata", form([{ name: "m.pdf", bytes: src }], { info }))).file,
    );
    const read = await oracle("pdfinfo", ["-isodates", "{in}"], edited);
    expect(read.stdout).toMatch(/Author:\s+Ada Lovelace/);
    expect(read.stdout).toMatch(/Subject:\s+Engines/);
    expect(read.stdout).toMatch(/CreationDate:\s+2020-02-03T04:05:06Z/);
    expect(read.stdout).not.toMatch(/Title:/);
    // Nothing of ours either: the producer is what the file said.
    expect(read.stdout).not.toMatch(/Producer:\s+PDFTools/);

    const wiped = await download(
      (await convertOk("/api/convert/edit-metadata", form([{ name: "m.pdf", bytes: edited }], { removeAll: "true" })))
        .file,
    );
    const none = await oracle("pdfinfo", ["{in}"], wiped);
    expect(none.stdout).not.toMatch(/Author:|Subject:|Title:|Producer:|CreationDate:/);
    expect((await oracle("pdfinfo", ["-meta", "{in}"], wiped)).stdout.trim()).not.toMatch(/xmpmeta/);
  });
});
