import { expect } from "vitest";
import { expectValidPdf, oracle, pageCount, pdfText, type Raster, render } from "../tools/readers";
import { type ConvertedFile, convertOk, download, form } from "./answers";

/** Compress PDF's options as the tests send them, and the readers that judge what comes back. */

export const PATH = "/api/convert/compress-pdf";

export async function compress(bytes: Uint8Array, fields: Record<string, string> = {}, name = "doc.pdf") {
  const body = await convertOk(PATH, form([{ name, bytes }], fields));
  const file = body.file as ConvertedFile;
  const out = await download(file);
  await expectValidPdf(out, `compress ${JSON.stringify(fields)}`);
  return { file, out, message: file.message ?? "" };
}

/** Every object of the file as qpdf reads it: a dictionary's (or a stream dictionary's) entries, by object id. */
export async function objects(bytes: Uint8Array): Promise<Map<string, Record<string, unknown>>> {
  const r = await oracle("qpdf", ["--json=2", "--json-key=qpdf", "{in}"], bytes);
  expect([0, 3], r.stderr).toContain(r.code);
  const all = JSON.parse(r.stdout).qpdf[1] as Record<string, { value?: unknown; stream?: { dict: unknown } }>;
  const out = new Map<string, Record<string, unknown>>();
  for (const [id, o] of Object.entries(all)) {
    if (!id.startsWith("obj:")) continue;
    const d = o.stream?.dict ?? o.value;
    if (d && typeof d === "object" && !Array.isArray(d)) out.set(id.slice(4), d as Record<string, unknown>);
  }
  return out;
}

/** Keys found anywhere in the file's dictionaries (direct ones inside objects too), with how often. */
export async function keysIn(bytes: Uint8Array): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        counts.set(k, (counts.get(k) ?? 0) + 1);
        walk(x);
      }
    }
  };
  for (const d of (await objects(bytes)).values()) walk(d);
  return counts;
}

/** Luma (BT.601) of a rendered page. */
export function luma(r: Raster): Raster {
  if (r.channels === 1) return r;
  const data = new Uint8Array(r.width * r.height);
  for (let i = 0, p = 0; i < data.length; i++, p += 3)
    data[i] = Math.round(0.299 * r.data[p] + 0.587 * r.data[p + 1] + 0.114 * r.data[p + 2]);
  return { width: r.width, height: r.height, channels: 1, data };
}

/** The most any pixel's R, G and B differ from each other on a rendered page, and how many differ by more than 1. */
export function colourfulness(r: Raster): { worst: number; count: number } {
  let worst = 0;
  let count = 0;
  for (let p = 0; p < r.data.length; p += 3) {
    const d = Math.max(Math.abs(r.data[p] - r.data[p + 1]), Math.abs(r.data[p + 1] - r.data[p + 2]));
    if (d > 1) count++;
    if (d > worst) worst = d;
  }
  return { worst, count };
}

/** Every page of `out` drawn by poppler is grey; returns each page's rendering (and the input's). */
export async function expectGrayPages(
  input: Uint8Array,
  out: Uint8Array,
  opts: { dpi?: number; maxPages?: number } = {},
) {
  const n = Math.min(await pageCount(out), opts.maxPages ?? 4);
  const pages: { before: Raster; after: Raster }[] = [];
  for (let page = 1; page <= n; page++) {
    const after = await render(out, { page, dpi: opts.dpi ?? 40 });
    expect(after.channels).toBe(3);
    const c = colourfulness(after);
    expect(c.count, `page ${page}: ${c.count} pixels whose R, G and B differ by up to ${c.worst}`).toBe(0);
    pages.push({ before: await render(input, { page, dpi: opts.dpi ?? 40 }), after });
  }
  return pages;
}

/** Text as pdftotext reads it, page layout kept. */
export const textOf = (bytes: Uint8Array) => pdfText(bytes, ["-layout"]);
