import { PDFDocument, PDFName, PDFString, StandardFonts } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import type { FormFieldsAnswer } from "../../../schema/form-options";
import { json } from "../helpers";
import { convertFails, convertOk, download, downloadPdf, form, post, solidPng } from "./support";

/**
 * Form fields, Fill PDF Form, Flatten PDF and Sign PDF over HTTP: the fields answer, each
 * conversion's answer and stored result, the refusals. The filled, flattened and signed files are
 * judged in test/engine/tools/forms.test.ts.
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
  it("answers with the filled file, or a ZIP of one per CSV row, stored for download", async () => {
    const values = { name: "Ada Lovelace", member: true, city: "Lima" };
    const body = await convertOk(
      FILL,
      form([{ name: "form.pdf", bytes: await formPdf() }], { values: JSON.stringify(values) }),
    );
    expect(body.file).toMatchObject({
      originalName: "form.pdf",
      convertedName: "form-filled.pdf",
      status: "completed",
    });
    await downloadPdf(body.file);
    const csv = 'name,city,member\r\n"Hopper, Grace",Paris,yes\r\nAda,Lagos,no\r\n';
    const rows = await convertOk(
      FILL,
      form([{ name: "form.pdf", bytes: await formPdf() }], { data: csv, eachRow: "true", nameBy: "name" }),
    );
    expect(rows.file?.convertedName).toBe("form-filled.zip");
    expect([...(await download(rows.file)).subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
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
  it("answers with the flattened file, and refuses flattening nothing", async () => {
    const body = await convertOk(
      "/api/convert/flatten-pdf",
      form([{ name: "notes.pdf", bytes: await annotatedPdf() }]),
    );
    expect(body.files[0]).toMatchObject({ originalName: "notes.pdf", convertedName: "notes-flattened.pdf" });
    await downloadPdf(body.files[0]);
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

  it("takes the signature in its own field and answers with the signed file", async () => {
    const ink = await solidPng(60, 20, [20, 20, 160, 255]);
    const placements = [{ page: 2, x: 0.5, y: 0.75, width: 0.3, height: 0.1 }];
    const body = await convertOk(
      SIGN,
      await signForm(
        { placements: JSON.stringify(placements), signerName: "Ada Lovelace", date: "25 November 2026" },
        ink,
      ),
    );
    expect(body.file).toMatchObject({ originalName: "contract.pdf", convertedName: "contract-signed.pdf" });
    await downloadPdf(body.file);
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
