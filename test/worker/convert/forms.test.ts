import { PDFDocument, PDFName, PDFString, StandardFonts } from "@cantoo/pdf-lib";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { FormFieldsAnswer } from "../../../schema/form-options";
import { corpusFile, json, oracle } from "../helpers";
import {
  convertFails,
  convertOk,
  download,
  expectValidPdf,
  form,
  meanDiff,
  pdfText,
  post,
  render,
  solidPng,
} from "./support";

/** Fill PDF Form, Flatten PDF and Sign PDF, their outputs judged by qpdf and poppler. */

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

const FILL = "/api/convert/fill-form";

describe("form fields", () => {
  it("lists every field with its type, value, choices and place on the page as shown", async () => {
    const res = await post("/api/form-fields", form([{ name: "form.pdf", bytes: await formPdf() }]));
    expect(res.status).toBe(200);
    const body = await json<FormFieldsAnswer>(res);
    expect(body.pageCount).toBe(1);
    const byName = Object.fromEntries(body.fields.map((f) => [f.name, f]));
    expect(Object.keys(byName).sort()).toEqual(["born", "city", "code", "days", "member", "name", "notes", "plan"]);
    expect(byName.born.dateFormat).toBe("dd.mm.yyyy");
    expect(byName.name.dateFormat).toBeUndefined();
    expect(byName.name.type).toBe("text");
    expect(byName.notes.multiline).toBe(true);
    expect(byName.member).toMatchObject({ type: "checkbox", value: false });
    expect(byName.plan.options).toEqual(["basic", "gold"]);
    expect(byName.plan.widgets.map((w) => w.option)).toEqual(["basic", "gold"]);
    expect(byName.city).toMatchObject({ type: "dropdown", options: ["Paris", "Lagos", "Lima"] });
    expect(byName.days.type).toBe("list");
    expect(byName.code.maxLength).toBe(4);
    // name: x 50..350, y 680..704 on a 612 x 792 page, from the top left.
    const w = byName.name.widgets[0];
    expect(w.page).toBe(1);
    expect(w.x).toBeCloseTo(50 / 612, 2);
    expect(w.y).toBeCloseTo((792 - 704) / 792, 2);
    expect(w.width).toBeCloseTo(300 / 612, 2);
  });

  it("places widgets on a turned page as a reader shows it", async () => {
    const doc = await PDFDocument.load(await formPdf());
    doc.getPage(0).setRotation({ type: "degrees", angle: 90 } as never);
    doc.getPage(0).node.set(PDFName.of("Rotate"), doc.context.obj(90));
    const res = await post("/api/form-fields", form([{ name: "turned.pdf", bytes: await doc.save() }]));
    const body = await json<FormFieldsAnswer>(res);
    const name = body.fields.find((f) => f.name === "name")?.widgets[0];
    // Turned a quarter clockwise, the page is 792 wide; the field's bottom-left corner (50, 680) is at the top left of its box.
    expect(name?.x).toBeCloseTo(680 / 792, 2);
    expect(name?.y).toBeCloseTo(50 / 612, 2);
    expect(name?.width).toBeCloseTo(24 / 792, 2);
  });

  it("answers no fields for a PDF without a form, and refuses an XFA-only form by name", async () => {
    const plain = await PDFDocument.create();
    plain.addPage();
    const none = await json<FormFieldsAnswer>(
      await post("/api/form-fields", form([{ name: "plain.pdf", bytes: await plain.save() }])),
    );
    expect(none.fields).toEqual([]);
    const xfa = await PDFDocument.create();
    xfa.addPage();
    const packet = xfa.context.register(xfa.context.flateStream("<xdp:xdp xmlns:xdp='http://ns.adobe.com/xdp/'/>"));
    xfa.catalog.set(PDFName.of("AcroForm"), xfa.context.obj({ Fields: [], XFA: packet }));
    const bytes = await xfa.save();
    const res = await post("/api/form-fields", form([{ name: "tax.pdf", bytes }]));
    expect(res.status).toBe(422);
    expect((await json<{ error: string }>(res)).error).toMatch(/^tax\.pdf is an XFA form/);
    const fill = await convertFails(FILL, form([{ name: "tax.pdf", bytes }], { values: '{"a":"b"}' }), 422);
    expect(fill.error).toMatch(/XFA/);
  });
});

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
    const body = await convertOk(
      FILL,
      form([{ name: "form.pdf", bytes: await formPdf() }], { values: JSON.stringify(values) }),
    );
    expect(body.file?.convertedName).toBe("form-filled.pdf");
    const out = await download(body.file);
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
    const body = await convertOk(
      FILL,
      form([{ name: "form.pdf", bytes: await formPdf() }], {
        values: '{"name":"Grace Hopper","member":"yes"}',
        flatten: "true",
      }),
    );
    const out = await download(body.file);
    await expectValidPdf(out);
    expect(await qpdfFields(out)).toEqual({});
    expect(await annotationCount(out)).toBe(0);
    expect(await pdfText(out)).toContain("Grace Hopper");
  });

  it("fills from a CSV row, and one PDF per row as a ZIP named by a column", async () => {
    const csv = 'name,city,member\r\n"Hopper, Grace",Paris,yes\r\nAda,Lagos,no\r\nKatherine,Lima,yes\r\n';
    const pdf = await formPdf();
    const one = await convertOk(FILL, form([{ name: "form.pdf", bytes: pdf }], { data: csv, row: "2" }));
    expect(await pdfText(await download(one.file))).toContain("Ada");
    const body = await convertOk(
      FILL,
      form([{ name: "form.pdf", bytes: pdf }], { data: csv, eachRow: "true", nameBy: "name" }),
    );
    expect(body.file?.convertedName).toBe("form-filled.zip");
    const zip = unzipSync(await download(body.file));
    expect(Object.keys(zip).sort()).toEqual(["Ada.pdf", "Hopper, Grace.pdf", "Katherine.pdf"]);
    expect(await pdfText(zip["Hopper, Grace.pdf"])).toContain("Paris");
    expect(await pdfText(zip["Katherine.pdf"])).toContain("Lima");
    expect((await qpdfFields(zip["Ada.pdf"])).member).toBe("/Off");
  });

  it("fills a real form from the corpus (LibreOffice, asking readers to redraw)", async () => {
    const bytes = await corpusFile("pdf/valid/pysample__libreoffice-form.pdf");
    const res = await post("/api/form-fields", form([{ name: "lo.pdf", bytes }]));
    const fields = (await json<FormFieldsAnswer>(res)).fields;
    const text = fields.find((f) => f.type === "text" && !f.readOnly);
    expect(text).toBeDefined();
    const body = await convertOk(
      FILL,
      form([{ name: "lo.pdf", bytes }], { values: JSON.stringify({ [text?.name ?? ""]: "Zanzibar" }) }),
    );
    const out = await download(body.file);
    await expectValidPdf(out);
    expect(await pdfText(out)).toContain("Zanzibar");
  });

  it("says what is wrong with values, data and rows", async () => {
    const pdf = [{ name: "form.pdf", bytes: await formPdf() }];
    expect((await convertFails(FILL, form(pdf, { values: '{"nope":"x"}' }), 400)).error).toMatch(/None of the names/);
    expect((await convertFails(FILL, form(pdf, { values: '{"plan":"platinum"}' }), 400)).error).toBe(
      'The value for "plan" must be one of: basic, gold.',
    );
    expect((await convertFails(FILL, form(pdf, { values: '{"code":"12345"}' }), 400)).error).toMatch(
      /at most 4 characters/,
    );
    expect((await convertFails(FILL, form(pdf, { data: "name\nAda", row: "3" }), 400)).error).toMatch(/only 1 row/);
    expect((await convertFails(FILL, form(pdf, { eachRow: "true" }), 400)).error).toMatch(/needs data/);
    expect((await convertFails(FILL, form(pdf, { values: "[1]" }), 400)).error).toMatch(/JSON object/);
    const plain = await PDFDocument.create();
    plain.addPage();
    const none = await convertFails(
      FILL,
      form([{ name: "plain.pdf", bytes: await plain.save() }], { values: '{"a":"b"}' }),
      422,
    );
    expect(none.error).toBe("plain.pdf has no form fields to fill.");
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
    const body = await convertOk("/api/convert/flatten-pdf", form([{ name: "notes.pdf", bytes: before }]));
    expect(body.files[0].convertedName).toBe("notes-flattened.pdf");
    const out = await download(body.files[0]);
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
    const body = await convertOk(
      "/api/convert/flatten-pdf",
      form([{ name: "notes.pdf", bytes: await annotatedPdf() }], { forms: "false" }),
    );
    const out = await download(body.files[0]);
    expect(Object.keys(await qpdfFields(out))).toContain("name");
    expect(
      await convertFails(
        "/api/convert/flatten-pdf",
        form([{ name: "a.pdf", bytes: await annotatedPdf() }], { forms: "false", annotations: "false" }),
        400,
      ),
    ).toMatchObject({
      error: "Choose what to flatten: form fields, annotations, or both.",
    });
  });

  it("flattens real forms from the corpus", async () => {
    for (const path of [
      "pdf/valid/pdfjs__160F-2019.pdf",
      "pdf/valid/pdflib__dod_character.pdf",
      "pdf/valid/pysample__annotated_pdf.pdf",
    ]) {
      const bytes = await corpusFile(path);
      const body = await convertOk("/api/convert/flatten-pdf", form([{ name: "real.pdf", bytes }]));
      const out = await download(body.files[0]);
      await expectValidPdf(out);
      expect(await qpdfFields(out), path).toEqual({});
    }
  });
});

describe("sign", () => {
  const SIGN = "/api/convert/sign-pdf";
  async function signForm(fields: Record<string, string>, signature?: Uint8Array) {
    const doc = await PDFDocument.create();
    doc.addPage([600, 800]);
    doc.addPage([600, 800]);
    const body = form([{ name: "contract.pdf", bytes: await doc.save() }], fields);
    if (signature) body.append("signature", new File([signature], "sig.png", { type: "image/png" }));
    return body;
  }

  it("places the signature where asked, with the name and date under it, on the pages asked", async () => {
    const ink = await solidPng(60, 20, [20, 20, 160, 255]);
    const placements = [{ page: 2, x: 0.5, y: 0.75, width: 0.3, height: 0.1 }];
    const body = await convertOk(
      SIGN,
      await signForm(
        { placements: JSON.stringify(placements), signerName: "Ada Lovelace", date: "25 November 2026" },
        ink,
      ),
    );
    expect(body.file?.convertedName).toBe("contract-signed.pdf");
    const out = await download(body.file);
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
    const out = await download(
      (await convertOk(SIGN, await signForm({ placements: JSON.stringify(placements) }, ink))).file,
    );
    const r = await render(out, { gray: true });
    // Box centre (330, 340); turned upright it spans 180 pt vertically and 40 pt across.
    expect(r.data[(340 - 80) * r.width + 330]).toBeLessThan(60);
    expect(r.data[340 * r.width + 330 + 80]).toBeGreaterThan(200);
  });

  it("refuses a job without a signature, without a place, or on a page that does not exist", async () => {
    const ink = await solidPng(10, 10, [0, 0, 0, 255]);
    const place = JSON.stringify([{ page: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.1 }]);
    expect((await convertFails(SIGN, await signForm({ placements: place }), 400)).error).toMatch(/Add your signature/);
    expect((await convertFails(SIGN, await signForm({}, ink), 400)).error).toBe(
      "Place your signature on at least one page.",
    );
    const far = JSON.stringify([{ page: 9, x: 0.1, y: 0.1, width: 0.2, height: 0.1 }]);
    expect((await convertFails(SIGN, await signForm({ placements: far }, ink), 400)).error).toBe(
      "Page 9 does not exist: contract.pdf has 2 pages.",
    );
    const off = JSON.stringify([{ page: 1, x: 1.5, y: 0.1, width: 0.2, height: 0.1 }]);
    expect((await convertFails(SIGN, await signForm({ placements: off }, ink), 400)).error).toMatch(
      /fractions of the page/,
    );
  });
});
