import { PDFDocument, PDFName, PDFString } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import type { FormFieldsAnswer } from "../../../schema/form-options";
import { FORM_BOUNDS } from "../../../worker/engine/pdf/form-walk";
import { form, post } from "./support";

/**
 * POST /api/form-fields within bounds: a field and a widget are read once however often the file
 * repeats them, and a form past the bounds (fields, places, choices, size of the answer) is
 * refused whole with a 413 that names the file and says which bound, never a list cut short.
 * Filling such a file (one widget written once) is judged in test/engine/tools/forms.test.ts.
 */

const FIELDS = "/api/form-fields";

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

/**
 * `n` text fields of `perField` widgets each, all on the one page; each field's value is
 * `valueChars` characters long.
 */
function manyFields(n: number, perField = 1, valueChars = 0): Uint8Array {
  const objects = [CATALOG(""), PAGES, ""];
  const fieldRefs: string[] = [];
  const widgetRefs: string[] = [];
  for (let f = 0; f < n; f++) {
    const self = objects.length + 1;
    const kids = Array.from({ length: perField }, (_, w) => `${self + 1 + w} 0 R`);
    const value = valueChars ? ` /V (${"x".repeat(valueChars)})` : "";
    objects.push(`<< /FT /Tx /T (f${f})${value} /Kids [${kids.join(" ")}] >>`);
    for (let w = 0; w < perField; w++) objects.push(widget(self, f * perField + w));
    fieldRefs.push(`${self} 0 R`);
    widgetRefs.push(...kids);
  }
  objects[0] = CATALOG(fieldRefs.join(" "));
  objects[2] = page(widgetRefs.join(" "));
  return rawPdf(objects);
}

async function fields(bytes: Uint8Array, name = "form.pdf") {
  const res = await post(FIELDS, form([{ name, bytes }]));
  const text = await res.text();
  return {
    status: res.status,
    size: text.length,
    body: JSON.parse(text) as FormFieldsAnswer & { error?: string; code?: string },
  };
}

describe("form fields, each read once", () => {
  it("lists a field whose /Kids repeats its widget 200,000 times as one field with one place", async () => {
    const bytes = repeatedKids(200_000);
    expect(bytes.length).toBeGreaterThan(1_000_000);
    const started = Date.now();
    const { status, size, body } = await fields(bytes);
    expect(status).toBe(200);
    expect(body.fields).toHaveLength(1);
    expect(body.fields[0]).toMatchObject({ name: "name", type: "text" });
    expect(body.fields[0].widgets).toHaveLength(1);
    // Was 12.8 MB of JSON for the same file.
    expect(size).toBeLessThan(1000);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("answers an ordinary large form whole: 500 fields, each with its place", async () => {
    const { status, body } = await fields(manyFields(500));
    expect(status).toBe(200);
    expect(body.fields).toHaveLength(500);
    expect(body.fields.every((f) => f.widgets.length === 1)).toBe(true);
  });
});

describe("a form past the bounds is refused by name, with which bound", () => {
  it(`more than ${FORM_BOUNDS.fields.toLocaleString("en-US")} fields`, async () => {
    const { status, body } = await fields(manyFields(FORM_BOUNDS.fields + 1), "big.pdf");
    expect(status).toBe(413);
    expect(body).toMatchObject({
      code: "job_too_large",
      error:
        "big.pdf's form is too large to list here: it has more than 5,000 fields. A desktop PDF reader can fill it.",
    });
  });

  it(`one field in more than ${FORM_BOUNDS.widgetsPerField.toLocaleString("en-US")} places`, async () => {
    const { status, body } = await fields(manyFields(1, FORM_BOUNDS.widgetsPerField + 1), "wide.pdf");
    expect(status).toBe(413);
    expect(body.error).toBe(
      'wide.pdf\'s form is too large to list here: its field "f0" shows in more than 1,000 places. A desktop PDF reader can fill it.',
    );
  });

  it(`fields in more than ${FORM_BOUNDS.widgets.toLocaleString("en-US")} places in all`, async () => {
    const { status, body } = await fields(manyFields(21, 1000), "busy.pdf");
    expect(status).toBe(413);
    expect(body.error).toContain("its fields show in more than 20,000 places");
  });

  it(`a list of more than ${FORM_BOUNDS.optionsPerField.toLocaleString("en-US")} choices`, async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([200, 200]);
    const list = doc.getForm().createDropdown("city");
    list.addToPage(page, { x: 10, y: 10, width: 180, height: 20 });
    list.acroField.dict.set(
      PDFName.of("Opt"),
      doc.context.obj(Array.from({ length: FORM_BOUNDS.optionsPerField + 1 }, (_, i) => PDFString.of(`c${i}`))),
    );
    const { status, body } = await fields(await doc.save({ updateFieldAppearances: false }), "cities.pdf");
    expect(status).toBe(413);
    expect(body.error).toContain('its field "city" has more than 5,000 choices');
  });

  it("an answer of more than 4 MB (long values)", async () => {
    const { status, body } = await fields(manyFields(1200, 1, 4000), "long.pdf");
    expect(status).toBe(413);
    expect(body.error).toContain("its fields' names, values and choices come to more than 4 MB");
  });

  it("fields nested in a loop: a damaged file, said so (pdf-lib would recurse until the stack ran out)", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([200, 200]);
    const field = doc.getForm().createTextField("loop");
    field.addToPage(page, { x: 10, y: 10, width: 180, height: 20 });
    const a = doc.context.obj({ T: PDFString.of("a") });
    const b = doc.context.obj({ T: PDFString.of("b"), Parent: doc.context.register(a) });
    const bRef = doc.context.register(b);
    a.set(PDFName.of("Parent"), bRef);
    field.acroField.dict.set(PDFName.of("Parent"), bRef);
    const { status, body } = await fields(await doc.save({ updateFieldAppearances: false }), "loop.pdf");
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: "pdf_damaged" });
    expect(body.error).toBe("loop.pdf's form fields are nested in a loop, so the form cannot be read.");
  });
});
