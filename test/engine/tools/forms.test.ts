import { PDFDocument, PDFName, PDFString, StandardFonts } from "@cantoo/pdf-lib";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { solidPng } from "./inputs";
import { corpusFile, expectValidPdf, meanDiff, oracle, pdfText, render } from "./readers";
import { convert, convertOne, made, pdf } from "./run";

/**
 * Fill PDF Form, Flatten PDF and Sign PDF, their outputs judged by qpdf and poppler (the
 * endpoints' contract: test/worker/convert/forms.test.ts).
 */

/** A form of every kind of field, made with pdf-lib (and read back by qpdf and poppler, not by it). */
async function formPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText("Membership form", { x: 50, y: 740, size: 18, font });
  const f = doc.getForm();
  f.createTextField("name").addToPage(page, { x: 50, y: 680, width: 300, height: 24 });
  const notes = f.createTextField("notes");
  notes.enableMultiline();
  notes.addToPage(page, { x: 50, y: 560, width: 300, height: 100 });
  // pdf-lib writes the size it chose for the empty field into /DA (87 pt): a form's author sets one.
  notes.setFontSize(11);
  f.createCheckBox("member").addToPage(page, { x: 50, y: 520, width: 18, height: 18 });
  const plan = f.createRadioGroup("plan");
  plan.addOptionToPage("basic", page, { x: 50, y: 480, width: 18, height: 18 });
  plan.addOptionToPage("gold", page, { x: 100, y: 480, width: 18, height: 18 });
  const city = f.createDropdown("city");
  city.addOptions(["Paris", "Lagos", "Lima"]);
  city.addToPage(page, { x: 50, y: 430, width: 150, height: 24 });
  const days = f.createOptionList("days");
  days.addOptions(["Mon", "Tue", "Wed"]);
  days.addToPage(page, { x: 250, y: 380, width: 100, height: 70 });
  const born = f.createTextField("born");
  born.addToPage(page, { x: 400, y: 620, width: 100, height: 24 });
  // Acrobat's date script, as forms made with it carry it: the page offers a date picker.
  born.acroField.dict.set(
    PDFName.of("AA"),
    doc.context.obj({ F: { S: "JavaScript", JS: PDFString.of('AFDate_FormatEx("dd.mm.yyyy");') } }),
  );
  const code = f.createTextField("code");
  code.setMaxLength(4);
  code.addToPage(page, { x: 400, y: 680, width: 100, height: 24 });
  return doc.save();
}

/** The AcroForm fields qpdf finds: full name to value. */
async function qpdfFields(bytes: Uint8Array): Promise<Record<string, string>> {
  const r = await oracle("qpdf", ["--json", "--json-key=acroform", "{in}"], bytes);
  expect([0, 3]).toContain(r.code);
  const fields = JSON.parse(r.stdout).acroform.fields as { fullname: string; value: unknown }[];
  return Object.fromEntries(fields.map((f) => [f.fullname, String(f.value)]));
}

/** How many annotations the pages list, as qpdf reads the objects. */
async function annotationCount(bytes: Uint8Array): Promise<number> {
  const r = await oracle("qpdf", ["--json", "--json-key=pages", "--json-key=qpdf", "{in}"], bytes);
  const json = JSON.parse(r.stdout);
  const objects = json.qpdf[1] as Record<string, { value?: Record<string, unknown> }>;
  let n = 0;
  for (const page of json.pages as { object: string }[]) {
    let annots = objects[`obj:${page.object}`]?.value?.["/Annots"];
    if (typeof annots === "string") annots = objects[`obj:${annots}`]?.value;
    if (Array.isArray(annots)) n += annots.length;
  }
  return n;
}

/** The full name of the first text field anyone may fill, as qpdf lists the form. */
async function writableTextField(bytes: Uint8Array): Promise<string | undefined> {
  const r = await oracle("qpdf", ["--json", "--json-key=acroform", "{in}"], bytes);
  expect([0, 3]).toContain(r.code);
  const fields = JSON.parse(r.stdout).acroform.fields as { fullname: string; fieldtype: string; fieldflags: number }[];
  return fields.find((f) => f.fieldtype === "/Tx" && (f.fieldflags & 1) === 0)?.fullname;
}

describe("fill form", () => {
  it("fills every kind of field, with appearances poppler draws and qpdf reads", async () => {
    const values = {
      name: "Ada Lovelace",
      notes: "Line one\nLine two",
      member: true,
      plan: "gold",
      city: "Lima",
      days: ["Tue"],
    };
    const file = made(
      await convert("fill-form", [pdf("form.pdf", await formPdf())], { values: JSON.stringify(values) }),
    );
    expect(file.fileName).toBe("form-filled.pdf");
    const out = file.bytes;
    await expectValidPdf(out);
    const fields = await qpdfFields(out);
    expect(fields.name).toBe("u:Ada Lovelace");
    expect(fields.member).toBe("/Yes");
    expect(fields.plan).toMatch(/gold|\/1/);
    expect(fields.city).toBe("u:Lima");
    const text = await pdfText(out);
    for (const shown of ["Ada Lovelace", "Line one", "Line two", "Lima"]) expect(text).toContain(shown);
  });

  it("flattens on request: the values stay on the page and the fields are gone", async () => {
    const out = await convertOne("fill-form", [pdf("form.pdf", await formPdf())], {
      values: '{"name":"Grace Hopper","member":"yes"}',
      flatten: "true",
    });
    await expectValidPdf(out);
    expect(await qpdfFields(out)).toEqual({});
    expect(await annotationCount(out)).toBe(0);
    expect(await pdfText(out)).toContain("Grace Hopper");
  });

  it("fills from a CSV row, and one PDF per row as a ZIP named by a column", async () => {
    const csv = 'name,city,member\r\n"Hopper, Grace",Paris,yes\r\nAda,Lagos,no\r\nKatherine,Lima,yes\r\n';
    const doc = pdf("form.pdf", await formPdf());
    const one = await convertOne("fill-form", [doc], { data: csv, row: "2" });
    expect(await pdfText(one)).toContain("Ada");
    const file = made(await convert("fill-form", [doc], { data: csv, eachRow: "true", nameBy: "name" }));
    expect(file.fileName).toBe("form-filled.zip");
    const zip = unzipSync(file.bytes);
    expect(Object.keys(zip).sort()).toEqual(["Ada.pdf", "Hopper, Grace.pdf", "Katherine.pdf"]);
    expect(await pdfText(zip["Hopper, Grace.pdf"])).toContain("Paris");
    expect(await pdfText(zip["Katherine.pdf"])).toContain("Lima");
    expect((await qpdfFields(zip["Ada.pdf"])).member).toBe("/Off");
  });

  it("fills a real form from the corpus (LibreOffice, asking readers to redraw)", async () => {
    const bytes = await corpusFile("pdf/valid/pysample__libreoffice-form.pdf");
    // A text field anyone may fill, as qpdf lists the form (/FT /Tx, read-only bit 1 of /Ff clear).
    const name = await writableTextField(bytes);
    expect(name).toBeDefined();
    const out = await convertOne("fill-form", [pdf("lo.pdf", bytes)], {
      values: JSON.stringify({ [name ?? ""]: "Zanzibar" }),
    });
    await expectValidPdf(out);
    expect(await pdfText(out)).toContain("Zanzibar");
  });
});

/** A page with a filled text field and a square comment drawn by its own appearance. */
async function annotatedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await formPdf());
  doc.getForm().getTextField("name").setText("Frozen value");
  const page = doc.getPage(0);
  const square = doc.context.register(
    doc.context.obj({
      Type: "Annot",
      Subtype: "Square",
      Rect: [300, 200, 400, 250],
      C: [1, 0, 0],
      AP: {
        N: doc.context.register(
          doc.context.stream("1 0 0 RG 4 w 2 2 96 46 re S", {
            Type: "XObject",
            Subtype: "Form",
            BBox: [0, 0, 100, 50],
          }),
        ),
      },
    }),
  );
  page.node.addAnnot(square);
  const link = doc.context.register(
    doc.context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [50, 50, 150, 70],
      A: { S: "URI", URI: "https://example.com/" },
    }),
  );
  page.node.addAnnot(link);
  return doc.save();
}

describe("flatten", () => {
  it("draws fields and comments into the page: it looks the same, nothing is left to edit, links stay", async () => {
    const before = await annotatedPdf();
    const file = made(await convert("flatten-pdf", [pdf("notes.pdf", before)]));
    expect(file.fileName).toBe("notes-flattened.pdf");
    const out = file.bytes;
    await expectValidPdf(out);
    expect(await qpdfFields(out)).toEqual({});
    expect(await annotationCount(out)).toBe(1); // the link
    expect(await pdfText(out)).toContain("Frozen value");
    // Poppler draws the annotations of the original; the flattened page shows the same.
    const a = await render(before, { dpi: 36, gray: true });
    const b = await render(out, { dpi: 36, gray: true });
    expect(meanDiff(a, b)).toBeLessThan(1.5);
  });

  it("flattens only what is asked: annotations alone keep the form", async () => {
    const out = await convertOne("flatten-pdf", [pdf("notes.pdf", await annotatedPdf())], { forms: "false" });
    expect(Object.keys(await qpdfFields(out))).toContain("name");
  });

  it("flattens real forms from the corpus", async () => {
    for (const path of [
      "pdf/valid/pdfjs__160F-2019.pdf",
      "pdf/valid/pdflib__dod_character.pdf",
      "pdf/valid/pysample__annotated_pdf.pdf",
    ]) {
      const bytes = await corpusFile(path);
      const out = await convertOne("flatten-pdf", [pdf("real.pdf", bytes)]);
      await expectValidPdf(out);
      expect(await qpdfFields(out), path).toEqual({});
    }
  });
});

describe("sign", () => {
  async function signed(fields: Record<string, string>, signature: Uint8Array) {
    const doc = await PDFDocument.create();
    doc.addPage([600, 800]);
    doc.addPage([600, 800]);
    const attachments = { signature: { name: "sig.png", bytes: signature, type: "image/png" } };
    return made(await convert("sign-pdf", [pdf("contract.pdf", await doc.save())], fields, { attachments }));
  }

  it("places the signature where asked, with the name and date under it, on the pages asked", async () => {
    const ink = await solidPng(60, 20, [20, 20, 160, 255]);
    const placements = [{ page: 2, x: 0.5, y: 0.75, width: 0.3, height: 0.1 }];
    const file = await signed(
      { placements: JSON.stringify(placements), signerName: "Ada Lovelace", date: "25 November 2026" },
      ink,
    );
    expect(file.fileName).toBe("contract-signed.pdf");
    const out = file.bytes;
    await expectValidPdf(out);
    const images = await oracle("pdfimages", ["-list", "{in}"], out);
    const rows = images.stdout.trim().split("\n").slice(2);
    expect(rows.length).toBe(1);
    expect(rows[0].trim().split(/\s+/)[0]).toBe("2");
    const text = await pdfText(out, ["-f", "2", "-l", "2"]);
    expect(text).toContain("Ada Lovelace");
    expect(text).toContain("25 November 2026");
    expect((await pdfText(out, ["-f", "1", "-l", "1"])).trim()).toBe("");
    // Blue ink fills the box (x 300..480, y 600..680 from the top at 72 dpi) and nowhere above it.
    const r = await render(out, { page: 2 });
    const at = (x: number, y: number) => [...r.data.subarray((y * r.width + x) * 3, (y * r.width + x) * 3 + 3)];
    expect(at(390, 640)).toEqual([20, 20, 160].map((c) => expect.closeTo(c, -1.3)));
    expect(at(390, 580)).toEqual([255, 255, 255]);
    expect(at(200, 640)).toEqual([255, 255, 255]);
  });

  it("turns the signature about its centre", async () => {
    const ink = await solidPng(60, 20, [0, 0, 0, 255]);
    const placements = [{ page: 1, x: 0.4, y: 0.4, width: 0.3, height: 0.05, rotation: 90 }];
    const out = (await signed({ placements: JSON.stringify(placements) }, ink)).bytes;
    const r = await render(out, { gray: true });
    // Box centre (330, 340); turned upright it spans 180 pt vertically and 40 pt across.
    expect(r.data[(340 - 80) * r.width + 330]).toBeLessThan(60);
    expect(r.data[340 * r.width + 330 + 80]).toBeGreaterThan(200);
  });
});

/** The images drawn on each page, as `pdfimages -list` names them (soft masks not counted). */
async function imagesPerPage(bytes: Uint8Array): Promise<Map<number, number>> {
  const rows = (await oracle("pdfimages", ["-list", "{in}"], bytes)).stdout.split("\n").slice(2);
  const count = new Map<number, number>();
  for (const row of rows) {
    const [page, , type] = row.trim().split(/\s+/);
    if (type === "image") count.set(Number(page), (count.get(Number(page)) ?? 0) + 1);
  }
  return count;
}

/**
 * What the Sign page sends, signed: a form flattened under the signature, a typed name's image on
 * every page, a camera photo carried as it is and turned (these were read back in the browser
 * tests, test/e2e/tools-sign.spec.ts, which now check what the page sends).
 */
describe("sign, as the page sends it", () => {
  const sign = (
    doc: Uint8Array,
    fields: Record<string, string>,
    signature: { name: string; bytes: Uint8Array; type: string },
  ) => convert("sign-pdf", [pdf("doc.pdf", doc)], fields, { attachments: { signature } }).then((r) => made(r).bytes);
  const place = (page: number, more: Record<string, number> = {}) => ({
    page,
    x: 0.4,
    y: 0.45,
    width: 0.25,
    height: 0.06,
    ...more,
  });

  it("flattens a form it signs: the form is gone, its values are page content, the name and date under the ink", async () => {
    const form = await corpusFile("pdf/valid/pysample__libreoffice-form.pdf");
    const ink = await solidPng(60, 20, [20, 20, 160, 255]);
    const out = await sign(
      form,
      { placements: JSON.stringify([place(1)]), signerName: "Ada Lovelace", date: "28 November 2026" },
      { name: "signature.png", bytes: ink, type: "image/png" },
    );
    await expectValidPdf(out);
    const text = await pdfText(out, ["-f", "1", "-l", "1"]);
    for (const shown of ["Ada Lovelace", "28 November 2026", "Alice"]) expect(text).toContain(shown);
    expect(await imagesPerPage(out)).toEqual(new Map([[1, 1]]));
    expect((await oracle("pdfinfo", ["{in}"], out)).stdout).toMatch(/Form:\s+none/);
    expect(await qpdfFields(out)).toEqual({});
  });

  it("puts one image on every page asked, with the name and no date", async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 4; i++) doc.addPage([595, 842]);
    const ink = await solidPng(120, 30, [0, 0, 0, 255]);
    const out = await sign(
      await doc.save(),
      { placements: JSON.stringify([1, 2, 3, 4].map((n) => place(n))), signerName: "Grace Hopper" },
      { name: "signature.png", bytes: ink, type: "image/png" },
    );
    expect(await imagesPerPage(out)).toEqual(
      new Map([
        [1, 1],
        [2, 1],
        [3, 1],
        [4, 1],
      ]),
    );
    const third = await pdfText(out, ["-f", "3", "-l", "3"]);
    expect(third).toContain("Grace Hopper");
    expect(third).not.toMatch(/\d{4}/);
  });

  it("carries a photo of a signature as the JPEG it is, and turns it as asked", async () => {
    const fourPages = await corpusFile("pdf/valid/pysample__pdflatex-4-pages.pdf");
    // Upright, 600 x 450, as the page sends a camera photo (it applies the EXIF orientation first).
    const photo = await corpusFile("img/jpeg/sharp__Landscape_1.jpg");
    const out = await sign(
      fourPages,
      { placements: JSON.stringify([place(2, { width: 0.3, height: 0.17, rotation: 90 })]) },
      { name: "photo.jpg", bytes: photo, type: "image/jpeg" },
    );
    await expectValidPdf(out);
    const rows = (await oracle("pdfimages", ["-list", "{in}"], out)).stdout
      .split("\n")
      .slice(2)
      .map((r) => r.trim().split(/\s+/))
      .filter((r) => r[2] === "image");
    expect(rows.map((r) => [r[0], r[3], r[4], r[8]])).toEqual([["2", "600", "450", "jpeg"]]);
    // The 4:3 picture stands upright on the page: what changed is taller than it is wide.
    const before = await render(fourPages, { page: 2, dpi: 40, gray: true });
    const after = await render(out, { page: 2, dpi: 40, gray: true });
    let [x0, y0, x1, y1] = [after.width, after.height, -1, -1];
    for (let y = 0; y < after.height; y++) {
      for (let x = 0; x < after.width; x++) {
        const i = y * after.width + x;
        if (Math.abs(before.data[i] - after.data[i]) < 40) continue;
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      }
    }
    const ratio = (y1 - y0 + 1) / (x1 - x0 + 1);
    expect(ratio).toBeGreaterThan(1.2);
    expect(ratio).toBeLessThan(1.45);
  });
});

// A field whose /Kids names its one widget 200,000 times (the form-fields endpoint's bounds:
// test/worker/convert/form-bounds.test.ts).
/** A PDF written by hand: objects numbered from 1 (object 1 the catalog), a correct xref table. */
function rawPdf(objects: string[]): Uint8Array {
  let out = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

const CATALOG = (fields: string) =>
  `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [${fields}] /DA (/Helv 0 Tf 0 g) >> >>`;
const PAGES = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
const page = (annots: string) => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Annots [${annots}] >>`;
const widget = (parent: number, i: number) =>
  `<< /Type /Annot /Subtype /Widget /Parent ${parent} 0 R /P 3 0 R /Rect [${10 + (i % 50) * 10} ${10 + (Math.floor(i / 50) % 70) * 10} ${18 + (i % 50) * 10} ${18 + (Math.floor(i / 50) % 70) * 10}] >>`;

/** One text field "name" (object 4) on one page, its /Kids naming its one widget (object 5) `repeats` times. */
function repeatedKids(repeats: number): Uint8Array {
  return rawPdf([
    CATALOG("4 0 R"),
    PAGES,
    page("5 0 R"),
    `<< /FT /Tx /T (name) /Kids [${"5 0 R ".repeat(repeats)}] >>`,
    widget(4, 0),
  ]);
}

describe("fill form, each widget once", () => {
  it("fills the same file once, not once per repeat: qpdf reads one widget and the value", async () => {
    const bytes = repeatedKids(200_000);
    const out = await convertOne("fill-form", [pdf("form.pdf", bytes)], { values: '{"name":"Ada"}' });
    await expectValidPdf(out);
    expect(out.length).toBeLessThan(20_000);
    const r = await oracle("qpdf", ["--json", "--json-key=acroform", "{in}"], out);
    const listed = JSON.parse(r.stdout).acroform.fields as { fullname: string; value: unknown }[];
    // qpdf's JSON marks a text string "u:".
    expect(listed.map((f) => [f.fullname, f.value])).toEqual([["name", "u:Ada"]]);
  });
});
