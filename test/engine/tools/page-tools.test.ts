import { describe, expect, it } from "vitest";
import { buildPdf } from "./inputs";
import { corpusFile, expectValidPdf, linkTargets, oracle, pageCount, pageRotations, pdfText, render } from "./readers";
import { convert, convertOne, made, pdf } from "./run";

/**
 * The page tools' outputs (organize, remove pages, page numbers, crop, pages per sheet, edit
 * metadata; forms kept by merge and extract), read back by qpdf and poppler (pdftotext, pdfinfo,
 * pdftoppm). Their endpoints' contract: test/worker/convert/page-tools.test.ts.
 */

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
    const file = made(
      await convert("organize-pdf", [pdf("a.pdf", a), pdf("b.pdf", b)], { plan: JSON.stringify(plan) }),
    );
    expect(file.fileName).toBe("a-organized.pdf");
    const out = file.bytes;
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
    const out = await convertOne("organize-pdf", [pdf("l.pdf", linked)], { plan: JSON.stringify(plan) });
    expect(await linkTargets(out)).toEqual([[2], [1]]);

    const forms = await corpusFile(FORMS);
    const before = await fieldNames(forms);
    expect(before.length).toBeGreaterThan(0);
    const all = Array.from({ length: await pageCount(forms) }, (_, i) => ({ file: 0, page: i + 1 })).reverse();
    const reordered = await convertOne("organize-pdf", [pdf("f.pdf", forms)], { plan: JSON.stringify(all) });
    expect((await fieldNames(reordered)).sort()).toEqual([...before].sort());
  });
});

describe("merge and extract keep form fields", () => {
  it("a merged or extracted form is still a form: qpdf finds every field", async () => {
    const forms = await corpusFile(FORMS);
    const before = await fieldNames(forms);
    const small = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    const merged = await convertOne("merge-pdf", [pdf("small.pdf", small), pdf("form.pdf", forms)]);
    expect((await fieldNames(merged)).sort()).toEqual([...before].sort());
    const extracted = await convertOne("extract-pages", [pdf("f.pdf", forms)], { selectedPages: "[1]" });
    expect((await fieldNames(extracted)).length).toBeGreaterThan(0);
  });
});

describe("remove pages", () => {
  it("keeps every page but the ones listed, typed or as a list", async () => {
    const src = await buildPdf([{ text: "one" }, { text: "two" }, { text: "three" }, { text: "four" }]);
    for (const pages of ["[2,3]", "2-3"]) {
      const file = made(await convert("remove-pages", [pdf("r.pdf", src)], { pages }));
      expect(file.fileName).toBe("r-pages-removed.pdf");
      expect(file.message).toBe("Removed 2 of 4 pages: 2 left");
      expect(await pageTexts(file.bytes)).toEqual(["one", "four"]);
    }
  });
});

describe("page numbers", () => {
  it("writes the chosen style from the chosen page, found by pdftotext on the right pages", async () => {
    const src = await buildPdf([{ text: "cover" }, { text: "body" }, { text: "more" }, { text: "end" }]);
    const out = await convertOne("page-numbers", [pdf("n.pdf", src)], {
      format: "page-n-of-total",
      firstPage: "2",
      start: "1",
    });
    const texts = await pageTexts(out);
    expect(texts[0]).toBe("cover");
    expect(texts.slice(1).map((t) => t.replace(/\s+/g, " "))).toEqual([
      expect.stringContaining("Page 1 of 3"),
      expect.stringContaining("Page 2 of 3"),
      expect.stringContaining("Page 3 of 3"),
    ]);
    const roman = await convertOne("page-numbers", [pdf("n.pdf", src)], { format: "roman" });
    expect((await pageTexts(roman))[3]).toContain("iv");
  });

  it("puts the number where a reader sees the position, on a turned page too", async () => {
    // A landscape page shown turned a quarter: bottom-right is in the reader's bottom-right.
    const src = await buildPdf([{ text: ".", size: [400, 300], rotate: 90 }]);
    const out = await convertOne("page-numbers", [pdf("t.pdf", src)], { position: "bottom-right", fontSize: "30" });
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
    const out = await convertOne("crop-pdf", [pdf("c.pdf", src)], { margins, scope: "odd" });
    await expectValidPdf(out);
    const info = await oracle("pdfinfo", ["-box", "-f", "1", "-l", "2", "{in}"], out);
    expect(info.stdout).toMatch(/Page\s+1 CropBox:\s+40\.00\s+20\.00\s+360\.00\s+320\.00/);
    expect(info.stdout).toMatch(/Page\s+1 TrimBox:\s+40\.00\s+20\.00\s+360\.00\s+320\.00/);
    expect(info.stdout).toMatch(/Page\s+2 CropBox:\s+0\.00\s+0\.00\s+400\.00\s+400\.00/);
    expect(await pdfText(out)).toContain("two");
  });

  it("crops each page by its own box (remove white margins), measured by the page", async () => {
    const src = await buildPdf([{ text: "one" }, { text: "two" }]);
    const boxes = JSON.stringify({ "2": { left: 0, top: 0.5, right: 0.5, bottom: 0 } });
    const out = await convertOne("crop-pdf", [pdf("c.pdf", src)], { boxes });
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
    const file = made(await convert("nup-pdf", [pdf("s.pdf", src)], { perSheet: "4", sheet: "a4", border: "true" }));
    expect(file.message).toBe("5 pages on 2 sheets");
    const out = file.bytes;
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
    const edited = await convertOne("edit-metadata", [pdf("m.pdf", src)], { info });
    const read = await oracle("pdfinfo", ["-isodates", "{in}"], edited);
    expect(read.stdout).toMatch(/Author:\s+Ada Lovelace/);
    expect(read.stdout).toMatch(/Subject:\s+Engines/);
    expect(read.stdout).toMatch(/CreationDate:\s+2020-02-03T04:05:06Z/);
    expect(read.stdout).not.toMatch(/Title:/);
    // Nothing of ours either: the producer is what the file said.
    expect(read.stdout).not.toMatch(/Producer:\s+PDFTools/);

    const wiped = await convertOne("edit-metadata", [pdf("m.pdf", edited)], { removeAll: "true" });
    const none = await oracle("pdfinfo", ["{in}"], wiped);
    expect(none.stdout).not.toMatch(/Author:|Subject:|Title:|Producer:|CreationDate:/);
    expect((await oracle("pdfinfo", ["-meta", "{in}"], wiped)).stdout.trim()).not.toMatch(/xmpmeta/);
  });
});
