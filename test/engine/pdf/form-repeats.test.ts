import { describe, expect, it } from "vitest";
import { Budget } from "../../../worker/engine/core/budget";
import { EngineError } from "../../../worker/engine/core/errors";
import { fillForm } from "../../../worker/engine/pdf/fill-form";
import { flattenPdf } from "../../../worker/engine/pdf/flatten";
import { signPdf } from "../../../worker/engine/pdf/sign";
import { runOn } from "../support/oracles";

/**
 * Flatten, Fill and Sign on forms that repeat themselves or are simply large: a page's /Annots
 * naming one widget 20,000 times more is drawn (and kept) once, a form too large for the job is
 * refused at once by name, and a long value in a multi-line field is laid out in linear time.
 * Outputs are judged by qpdf (structure, fields, what the pages draw) and pdftotext.
 */

const enc = new TextEncoder();

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
  return enc.encode(out);
}

/**
 * `n` text fields (field and widget in one, object 4 onwards; the first named "name"), each
 * holding "Value i", on one page whose /Annots lists every widget and then the first `repeats`
 * times more.
 */
function formPdf(n: number, repeats = 0): Uint8Array {
  const refs = Array.from({ length: n }, (_, i) => `${i + 4} 0 R`).join(" ");
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [${refs}] /DA (/Helv 0 Tf 0 g) >> >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [${refs} ${"4 0 R ".repeat(repeats)}] >>`,
  ];
  for (let i = 0; i < n; i++) {
    const [x, y] = [20 + (i % 4) * 145, 760 - Math.floor(i / 4) * 24];
    objects.push(
      `<< /FT /Tx /T (${i === 0 ? "name" : `f${i}`}) /V (Value ${i}) /DA (/Helv 10 Tf 0 g) /Type /Annot /Subtype /Widget /P 3 0 R /Rect [${x} ${y} ${x + 140} ${y + 20}] >>`,
    );
  }
  return rawPdf(objects);
}

/** qpdf's reading: that the file is sound, its fields (full name to value) and how many annotations its pages list. */
async function qpdfRead(bytes: Uint8Array) {
  const check = await runOn("qpdf", ["--check", "{in}"], bytes);
  expect(check.code, check.stderr + check.stdout).toBe(0);
  const r = await runOn(
    "qpdf",
    ["--json", "--json-key=acroform", "--json-key=pages", "--json-key=qpdf", "{in}"],
    bytes,
  );
  expect([0, 3]).toContain(r.code);
  const json = JSON.parse(r.stdout);
  const fields = json.acroform.fields as { fullname: string; value: unknown }[];
  const objects = json.qpdf[1] as Record<string, { value?: Record<string, unknown> }>;
  let annotations = 0;
  for (const page of json.pages as { object: string }[]) {
    let annots = objects[`obj:${page.object}`]?.value?.["/Annots"];
    if (typeof annots === "string") annots = objects[`obj:${annots}`]?.value;
    if (Array.isArray(annots)) annotations += annots.length;
  }
  return { fields: Object.fromEntries(fields.map((f) => [f.fullname, String(f.value)])), annotations };
}

/** How many form XObjects the pages' content draws, in qpdf's uncompressed rewrite. */
async function drawings(bytes: Uint8Array, name = "Flat"): Promise<number> {
  const r = await runOn("qpdf", ["--qdf", "--object-streams=disable", "{in}", "{out}"], bytes);
  expect(r.code, r.stderr).toBe(0);
  const text = new TextDecoder("latin1").decode(r.out ?? new Uint8Array());
  return text.match(new RegExp(`/${name}\\d+ Do`, "g"))?.length ?? 0;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const r = await runOn("pdftotext", ["-layout", "{in}", "-"], bytes);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

const SIGNATURE = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

describe("a page's /Annots naming one widget 20,000 times more", () => {
  const input = formPdf(60, 20_000);

  it("Flatten PDF draws each field once, and leaves no field and no annotation", async () => {
    const started = Date.now();
    const { bytes, report } = await flattenPdf(input, { forms: true, annotations: true }, { name: "form.pdf" });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(report).toEqual({ fields: 60, annotations: 0, left: 0 });
    expect(await qpdfRead(bytes)).toEqual({ fields: {}, annotations: 0 });
    expect(await drawings(bytes)).toBe(60);
    const text = await pdfText(bytes);
    for (const i of [0, 1, 30, 59]) expect(text).toContain(`Value ${i}`);
  });

  it("Fill PDF Form fills the field, and the page lists each widget once", async () => {
    const { bytes, report } = await fillForm(input, { name: "Ada Lovelace" }, { name: "form.pdf", flatten: false });
    expect(report.filled).toBe(1);
    const read = await qpdfRead(bytes);
    expect(read.annotations).toBe(60);
    expect(read.fields.name).toBe("u:Ada Lovelace");
    expect(read.fields.f59).toBe("u:Value 59");
    expect(bytes.length).toBeLessThan(60_000);
    expect(await pdfText(bytes)).toContain("Ada Lovelace");
  });

  it("Fill and flatten, and Sign PDF, draw each field once", async () => {
    const filled = await fillForm(input, { name: "Ada Lovelace" }, { name: "form.pdf", flatten: true });
    expect(await qpdfRead(filled.bytes)).toEqual({ fields: {}, annotations: 0 });
    expect(await drawings(filled.bytes)).toBe(60);
    expect(await pdfText(filled.bytes)).toContain("Ada Lovelace");
    const signed = await signPdf(input, {
      signature: { bytes: SIGNATURE, name: "signature.png", kind: "png" },
      placements: [{ page: 1, x: 0.5, y: 0.8, width: 0.3, height: 0.1, rotation: 0 }],
      name: "form.pdf",
    });
    expect(await qpdfRead(signed.bytes)).toEqual({ fields: {}, annotations: 0 });
    expect(await drawings(signed.bytes)).toBe(60);
    expect(await pdfText(signed.bytes)).toContain("Value 59");
  });
});

describe("large forms", () => {
  it("a form too large for the job's memory is refused by name before anything is drawn", async () => {
    const input = formPdf(6000);
    const budget = new Budget(30_000, { memory: 24 * 1024 * 1024 });
    const started = Date.now();
    const refused = await flattenPdf(input, { forms: true, annotations: true }, { name: "big.pdf", budget }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(EngineError);
    expect((refused as EngineError).code).toBe("job_too_large");
    expect((refused as EngineError).message).toMatch(/^(big\.pdf's form \(6,000 fields to draw\)|Drawing big\.pdf's)/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("6,000 fields flatten within the job's budget, each drawn once", async () => {
    const budget = new Budget(30_000);
    const { bytes, report } = await flattenPdf(formPdf(6000), { forms: true, annotations: false }, { budget });
    expect(report.fields).toBe(6000);
    expect(budget.peakHeld).toBeLessThan(budget.memoryLimit);
    expect(await drawings(bytes)).toBe(6000);
  });

  it("a 20,000-character value in a multi-line field is laid out in well under a second, as pdf-lib lays it out", async () => {
    const words = Array.from({ length: 4000 }, (_, i) => `w${i % 100}`).join(" ");
    const input = rawPdf([
      "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /DA (/Helv 0 Tf 0 g) >> >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>",
      "<< /FT /Tx /Ff 4096 /T (notes) /DA (/Helv 10 Tf 0 g) /Type /Annot /Subtype /Widget /P 3 0 R /Rect [50 50 550 750] >>",
    ]);
    const started = Date.now();
    const { bytes } = await fillForm(input, { notes: words }, { name: "notes.pdf", flatten: true });
    expect(Date.now() - started).toBeLessThan(2000);
    const lines = (await pdfText(bytes)).split("\n").filter((l) => l.trim() !== "");
    // The box shows 58 lines of 10 pt text; each starts where the last one stopped.
    expect(lines.length).toBeGreaterThan(50);
    expect(lines[0].trim().startsWith("w0 w1 w2 w3")).toBe(true);
    const shown = lines.map((l) => l.trim()).join(" ");
    expect(words.startsWith(shown)).toBe(true);
  });
});
