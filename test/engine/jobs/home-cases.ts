import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { zlibSync } from "fflate";
import type { ConvertSlug } from "../../../schema/options";

/**
 * The same jobs for both homes of the engine's job pipeline: the edge (test/worker/edge-home.test.ts,
 * through the Worker) and the device (./device-home.test.ts, through web/device's job runner). Each
 * home's outcome must be the one recorded in ./home-answers.json, which the device's test writes
 * (`vitest run --project engine test/engine/jobs/device-home.test.ts -u`): so both answer alike.
 * Inputs are made here, the same bytes every time, so the recorded sizes hold.
 */

export interface CaseFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export type Inspection = "analyze-pdf" | "form-fields" | "redact-preview";

export interface HomeCase {
  name: string;
  /** A conversion's slug, or an inspecting endpoint. */
  job: { convert: ConvertSlug } | { inspect: Inspection };
  files: (f: Fixtures) => CaseFile[];
  fields?: Record<string, string>;
  attachments?: (f: Fixtures) => Record<string, CaseFile>;
  /** What must hold besides the recorded answer: the status, and for a refusal its code and words. */
  expect: { status: number; code?: string; error?: string };
}

export interface Outcome {
  status: number;
  body: unknown;
}

/** The same limits in both homes: the edge's defaults (wrangler.toml), which the device's test gives its runner. */
export const EDGE_LIMITS = { maxFileBytes: 25 * 1024 * 1024, memory: 80 * 1024 * 1024, ms: 60_000 };

const pdf = (name: string, bytes: Uint8Array): CaseFile => ({ name, type: "application/pdf", bytes });

const CASES: HomeCase[] = [
  // ---- Each tool once with a good file -------------------------------------------------------
  { name: "merge", job: { convert: "merge-pdf" }, files: (f) => [f.report, f.letter], expect: { status: 200 } },
  {
    name: "extract pages",
    job: { convert: "extract-pages" },
    files: (f) => [f.report],
    fields: { selectedPages: "[2]" },
    expect: { status: 200 },
  },
  {
    name: "split pages",
    job: { convert: "split-pages" },
    files: (f) => [f.report],
    fields: { selectedPages: "[1,2]" },
    expect: { status: 200 },
  },
  { name: "compress a PDF", job: { convert: "compress-pdf" }, files: (f) => [f.report], expect: { status: 200 } },
  { name: "images to PDF", job: { convert: "jpg-to-pdf" }, files: (f) => [f.photo], expect: { status: 200 } },
  { name: "compress an image", job: { convert: "compress-image" }, files: (f) => [f.photo], expect: { status: 200 } },
  {
    name: "watermark with text",
    job: { convert: "watermark-pdf" },
    files: (f) => [f.report],
    fields: { watermarkText: "DRAFT" },
    expect: { status: 200 },
  },
  {
    name: "watermark with an image",
    job: { convert: "watermark-pdf" },
    files: (f) => [f.report],
    attachments: (f) => ({ watermarkImage: f.photo }),
    expect: { status: 200 },
  },
  {
    name: "rotate",
    job: { convert: "rotate-pdf" },
    files: (f) => [f.report],
    fields: { angle: "90" },
    expect: { status: 200 },
  },
  {
    name: "unlock",
    job: { convert: "unlock-pdf" },
    files: (f) => [f.locked],
    fields: { password: "open-sesame" },
    expect: { status: 200 },
  },
  {
    name: "protect",
    job: { convert: "protect-pdf" },
    files: (f) => [f.report],
    fields: { password: "tulip-canyon" },
    expect: { status: 200 },
  },
  {
    name: "organize",
    job: { convert: "organize-pdf" },
    files: (f) => [f.report],
    fields: { plan: '[{"file":0,"page":2},{"blank":true},{"file":0,"page":1,"rotate":90}]' },
    expect: { status: 200 },
  },
  {
    name: "remove pages",
    job: { convert: "remove-pages" },
    files: (f) => [f.report],
    fields: { pages: "[1]" },
    expect: { status: 200 },
  },
  { name: "page numbers", job: { convert: "page-numbers" }, files: (f) => [f.report], expect: { status: 200 } },
  {
    name: "crop",
    job: { convert: "crop-pdf" },
    files: (f) => [f.report],
    fields: { margins: '{"left":0.1,"top":0.1,"right":0.1,"bottom":0.1}' },
    expect: { status: 200 },
  },
  {
    name: "n-up",
    job: { convert: "nup-pdf" },
    files: (f) => [f.report],
    fields: { perSheet: "2" },
    expect: { status: 200 },
  },
  {
    name: "edit metadata",
    job: { convert: "edit-metadata" },
    files: (f) => [f.report],
    fields: { info: '{"title":"Quarterly report","modified":"2026-11-24"}' },
    expect: { status: 200 },
  },
  {
    name: "fill a form",
    job: { convert: "fill-form" },
    files: (f) => [f.form],
    fields: { values: '{"name":"Ada","member":true}' },
    expect: { status: 200 },
  },
  { name: "flatten", job: { convert: "flatten-pdf" }, files: (f) => [f.form], expect: { status: 200 } },
  {
    name: "sign",
    job: { convert: "sign-pdf" },
    files: (f) => [f.report],
    fields: { placements: '[{"page":1,"x":0.1,"y":0.7,"width":0.3,"height":0.1}]', signerName: "Ada" },
    attachments: (f) => ({ signature: f.photo }),
    expect: { status: 200 },
  },
  {
    name: "redact",
    job: { convert: "redact-pdf" },
    files: (f) => [f.report],
    fields: { search: "secret" },
    expect: { status: 200 },
  },
  { name: "extract images", job: { convert: "extract-images" }, files: (f) => [f.pictures], expect: { status: 200 } },

  {
    name: "a file without an extension, read by its declared type",
    job: { convert: "rotate-pdf" },
    files: (f) => [{ ...f.report, name: "scan" }],
    fields: { angle: "180" },
    expect: { status: 200 },
  },

  // ---- Refusals --------------------------------------------------------------------------------
  {
    name: "a file of another type",
    job: { convert: "rotate-pdf" },
    files: (f) => [f.notes],
    expect: {
      status: 400,
      code: "unsupported_file_type",
      error: "File type .txt is not supported. Accepted types: .pdf",
    },
  },
  {
    name: "an attachment of another type",
    job: { convert: "sign-pdf" },
    files: (f) => [f.report],
    fields: { placements: '[{"page":1,"x":0.1,"y":0.7,"width":0.3,"height":0.1}]' },
    attachments: (f) => ({ signature: f.notes }),
    expect: {
      status: 400,
      code: "unsupported_file_type",
      error: "File type .txt is not supported. Accepted types: .png, .jpg, .jpeg",
    },
  },
  {
    name: "a file that is not what its name says",
    job: { convert: "rotate-pdf" },
    files: (f) => [{ ...f.photo, name: "scan.pdf", type: "application/pdf" }],
    expect: { status: 400, code: "invalid_file", error: "scan.pdf is not a valid PDF file." },
  },
  {
    name: "a file too big",
    job: { convert: "compress-pdf" },
    files: (f) => [f.huge],
    expect: { status: 413, code: "file_too_large", error: "File size exceeds 25MB limit" },
  },
  {
    name: "too few files",
    job: { convert: "merge-pdf" },
    files: (f) => [f.report],
    expect: { status: 400, code: "validation_failed", error: "At least 2 files required for merging" },
  },
  {
    name: "too many files",
    job: { convert: "compress-pdf" },
    files: (f) => [f.report, f.letter],
    expect: { status: 400, code: "validation_failed", error: "Please upload one file at a time." },
  },
  {
    name: "no files",
    job: { convert: "rotate-pdf" },
    files: () => [],
    expect: { status: 400, code: "validation_failed", error: "No files selected" },
  },
  {
    name: "a bad option",
    job: { convert: "rotate-pdf" },
    files: (f) => [f.report],
    fields: { angle: "45" },
    expect: { status: 400, code: "validation_failed", error: "Angle must be 90, 180 or 270 degrees." },
  },
  {
    name: "a missing attachment",
    job: { convert: "sign-pdf" },
    files: (f) => [f.report],
    fields: { placements: '[{"page":1,"x":0.1,"y":0.7,"width":0.3,"height":0.1}]' },
    expect: { status: 400, code: "validation_failed" },
  },
  {
    name: "an encrypted file without its password",
    job: { convert: "rotate-pdf" },
    files: (f) => [f.locked],
    fields: { angle: "90" },
    expect: { status: 422, code: "password_required" },
  },
  {
    name: "unlock with a wrong password",
    job: { convert: "unlock-pdf" },
    files: (f) => [f.locked],
    fields: { password: "not-it" },
    expect: { status: 200 },
  },

  // ---- Inspections -----------------------------------------------------------------------------
  { name: "page count", job: { inspect: "analyze-pdf" }, files: (f) => [f.report], expect: { status: 200 } },
  { name: "form fields", job: { inspect: "form-fields" }, files: (f) => [f.form], expect: { status: 200 } },
  {
    name: "redaction preview",
    job: { inspect: "redact-preview" },
    files: (f) => [f.report],
    fields: { search: "secret" },
    expect: { status: 200 },
  },
  {
    name: "page count of an encrypted file without its password",
    job: { inspect: "analyze-pdf" },
    files: (f) => [f.locked],
    expect: { status: 422, code: "password_required" },
  },
  {
    name: "page count with its password",
    job: { inspect: "analyze-pdf" },
    files: (f) => [f.locked],
    fields: { password: "open-sesame" },
    expect: { status: 200 },
  },
  {
    name: "a preview with nothing to search for",
    job: { inspect: "redact-preview" },
    files: (f) => [f.report],
    expect: { status: 400, code: "validation_failed" },
  },
  {
    name: "form fields of an image",
    job: { inspect: "form-fields" },
    files: (f) => [f.photo],
    expect: { status: 400, code: "unsupported_file_type" },
  },
];

export const HOME_CASES: readonly HomeCase[] = CASES;

/**
 * The answer with what differs by home left out: where a file went (a stored link, a blob: URL)
 * and until when. A made file's size is only said to be one: the time a PDF is written with is
 * compressed with the objects around it, which changes its size by a byte or two from one second
 * to the next.
 */
export function comparable(o: Outcome): Outcome {
  const body = JSON.parse(JSON.stringify(o.body), (key, value) => {
    if (key === "downloadUrl") return "(where the home keeps it)";
    if (key === "size" && typeof value === "number" && value > 0) return "(bytes)";
    return key === "expiresAt" ? undefined : value;
  });
  return { status: o.status, body };
}

/** The recorded part a case promises, for a first look before the whole answer is compared. */
export function promised(o: Outcome): HomeCase["expect"] {
  const body = (o.body ?? {}) as { code?: string; error?: string };
  return {
    status: o.status,
    ...(o.status === 200 ? {} : { code: body.code }),
    ...(o.status === 200 || body.error === undefined ? {} : { error: body.error }),
  };
}

// ---- Inputs ------------------------------------------------------------------------------------

export interface Fixtures {
  /** Two pages of text, one of them with "secret" on it. */
  report: CaseFile;
  letter: CaseFile;
  /** The report, encrypted: its password is "open-sesame". */
  locked: CaseFile;
  /** A page with a text field and a checkbox. */
  form: CaseFile;
  photo: CaseFile;
  /** A page with the photo on it. */
  pictures: CaseFile;
  notes: CaseFile;
  /** A PDF one byte over the 25 MB limit. */
  huge: CaseFile;
}

let made: Promise<Fixtures> | undefined;

export function fixtures(): Promise<Fixtures> {
  made ??= makeFixtures();
  return made;
}

async function textPdf(pages: string[], password?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) doc.addPage([300, 400]).drawText(text, { x: 20, y: 350, size: 12, font });
  if (password) await doc.encrypt({ userPassword: password, ownerPassword: `${password}-owner` });
  return doc.save();
}

async function makeFixtures(): Promise<Fixtures> {
  const report = ["Quarterly report", "The secret plan is on page two."];
  const form = await PDFDocument.create({ updateMetadata: false });
  const page = form.addPage([300, 400]);
  form.getForm().createTextField("name").addToPage(page, { x: 20, y: 320, width: 200, height: 24 });
  form.getForm().createCheckBox("member").addToPage(page, { x: 20, y: 280, width: 16, height: 16 });
  const photo = png(32, 24);
  const pictures = await PDFDocument.create({ updateMetadata: false });
  pictures.addPage([300, 400]).drawImage(await pictures.embedPng(photo), { x: 20, y: 200, width: 128, height: 96 });
  const huge = new Uint8Array(25 * 1024 * 1024 + 1);
  huge.set(new TextEncoder().encode("%PDF-1.7\n"));
  return {
    report: pdf("report.pdf", await textPdf(report)),
    letter: pdf("letter.pdf", await textPdf(["Dear reader,"])),
    locked: pdf("locked.pdf", await textPdf(report, "open-sesame")),
    form: pdf("form.pdf", await form.save()),
    photo: { name: "photo.png", type: "image/png", bytes: photo },
    pictures: pdf("pictures.pdf", await pictures.save()),
    notes: { name: "notes.txt", type: "text/plain", bytes: new TextEncoder().encode("Just some notes.") },
    huge: pdf("huge.pdf", huge),
  };
}

/** A small RGB gradient as a PNG: stored rows, zlib from fflate, chunk CRCs computed here. */
function png(width: number, height: number): Uint8Array {
  const rows = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const at = y * (1 + width * 3);
    for (let x = 0; x < width; x++) rows.set([x * 8, y * 10, 128], at + 1 + x * 3);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlibSync(rows)),
    chunk("IEND", new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
