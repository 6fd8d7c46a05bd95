import {
  decodePDFRawStream,
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from "@cantoo/pdf-lib";
import { Unzlib } from "fflate";
import { AppError } from "../errors";
import { type Budget, yieldToEventLoop } from "../services/budget";
import { concat } from "./bytes";
import { LzwError, lzwDecode } from "./pdf-lzw";

/**
 * Page content streams we are about to write out must be readable: a page whose content
 * cannot be decoded (corrupt Flate or LZW data, impossible predictor parameters, an image
 * filter on page content) is damaged, and a reader would show it blank or broken. The
 * check decodes each stream once, counting bytes rather than keeping them, and stops at a
 * size limit, so a decompression bomb costs a bounded amount of time and memory.
 */
export const MAX_CONTENT_BYTES = 64 * 1024 * 1024;
const YIELD_EVERY = 4 * 1024 * 1024;

const FLATE = new Set(["FlateDecode", "Fl"]);
const LZW = new Set(["LZWDecode", "LZW"]);
const OTHER = new Set(["ASCII85Decode", "A85", "ASCIIHexDecode", "AHx", "RunLengthDecode", "RL"]);
const STOP = Symbol("content too large");

class Unreadable extends Error {}

export interface ContentCheckOptions {
  name?: string;
  /** 0-based page indices; every page when absent. */
  pages?: readonly number[];
  budget?: Budget;
}

export async function checkPageContents(doc: PDFDocument, opts: ContentCheckOptions = {}): Promise<void> {
  const ctx = doc.context;
  const all = doc.getPages();
  const indices = opts.pages ?? all.map((_, i) => i);
  const checked = new Set<PDFRawStream>();
  let sinceYield = 0;
  const label = opts.name ?? "This PDF";
  for (const i of indices) {
    for (const stream of contentStreams(ctx, all[i].node.get(PDFName.of("Contents")))) {
      if (checked.has(stream)) continue;
      checked.add(stream);
      try {
        sinceYield += decodedSize(ctx, stream);
      } catch (err) {
        if (err === STOP) {
          throw new AppError(
            "job_too_large",
            `${label} has a page (page ${i + 1}) whose content unpacks to more than ${MAX_CONTENT_BYTES / 1024 / 1024} MB. It may be a decompression bomb.`,
          );
        }
        throw new AppError("pdf_damaged", `${label} is damaged: the content of page ${i + 1} cannot be read.`);
      }
      if (sinceYield > YIELD_EVERY) {
        sinceYield = 0;
        opts.budget?.check();
        await yieldToEventLoop();
      }
    }
  }
}

function contentStreams(ctx: PDFContext, contents: PDFObject | undefined): PDFRawStream[] {
  const value = contents instanceof PDFRef ? ctx.lookup(contents) : contents;
  const items = value instanceof PDFArray ? value.asArray() : value ? [value] : [];
  return items.flatMap((item) => {
    const s = item instanceof PDFRef ? ctx.lookup(item) : item;
    return s instanceof PDFRawStream ? [s] : [];
  });
}

function asList(ctx: PDFContext, value: PDFObject | undefined): (PDFObject | undefined)[] {
  const v = value instanceof PDFRef ? ctx.lookup(value) : value;
  if (v === undefined) return [];
  return v instanceof PDFArray ? v.asArray().map((o) => (o instanceof PDFRef ? ctx.lookup(o) : o)) : [v];
}

/** Predictor parameters that cannot describe a real row overflow every decoder. */
function checkPredictor(params: PDFObject | undefined): void {
  if (!(params instanceof PDFDict)) return;
  const num = (key: string, fallback: number) => {
    const v = params.get(PDFName.of(key));
    return v instanceof PDFNumber ? v.asNumber() : fallback;
  };
  const predictor = num("Predictor", 1);
  if (predictor <= 1) return;
  const colors = num("Colors", 1);
  const bits = num("BitsPerComponent", 8);
  const columns = num("Columns", 1);
  const ok =
    (predictor === 2 || (predictor >= 10 && predictor <= 15)) &&
    Number.isInteger(colors) &&
    colors >= 1 &&
    colors <= 32 &&
    [1, 2, 4, 8, 16].includes(bits) &&
    Number.isInteger(columns) &&
    columns >= 1 &&
    colors * bits * columns <= 2 ** 31;
  if (!ok) throw new Unreadable();
}

/** The stream's decoded length, or STOP past the limit; throws Unreadable when it cannot be decoded. */
function decodedSize(ctx: PDFContext, stream: PDFRawStream): number {
  const filters = asList(ctx, stream.dict.get(PDFName.of("Filter")));
  const params = asList(ctx, stream.dict.get(PDFName.of("DecodeParms")));
  let data = stream.contents;
  if (filters.length === 0) return data.length;
  for (const [i, f] of filters.entries()) {
    if (!(f instanceof PDFName)) throw new Unreadable();
    const filter = f.decodeText();
    checkPredictor(params[i]);
    const last = i === filters.length - 1;
    if (FLATE.has(filter)) {
      const out = inflate(data, !last);
      if (typeof out === "number") return out;
      data = out;
    } else if (LZW.has(filter)) {
      const p = params[i];
      const early = p instanceof PDFDict ? p.get(PDFName.of("EarlyChange")) : undefined;
      try {
        data = lzwDecode(data, early instanceof PDFNumber ? early.asNumber() : 1, MAX_CONTENT_BYTES, STOP);
      } catch (err) {
        if (err instanceof LzwError) throw new Unreadable();
        throw err;
      }
    } else if (OTHER.has(filter)) {
      const raw = PDFRawStream.of(ctx.obj({ Filter: filter, ...(params[i] ? { DecodeParms: params[i] } : {}) }), data);
      const decoded = decodePDFRawStream(raw).getBytes(MAX_CONTENT_BYTES + 1);
      if (decoded.length > MAX_CONTENT_BYTES) throw STOP;
      data = new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.length);
    } else {
      throw new Unreadable();
    }
  }
  return data.length;
}

/** zlib inflate, counting (or collecting, for a filter that is not the last) up to the limit. */
function inflate(data: Uint8Array, keep: boolean): Uint8Array | number {
  const parts: Uint8Array[] = [];
  let size = 0;
  let done = false;
  const z = new Unzlib((chunk, final) => {
    size += chunk.length;
    if (size > MAX_CONTENT_BYTES) throw STOP;
    if (keep) parts.push(chunk.slice());
    if (final) done = true;
  });
  try {
    z.push(data, true);
  } catch (err) {
    if (err === STOP) throw err;
    throw new Unreadable();
  }
  if (!done) throw new Unreadable();
  if (!keep) return size;
  return concat(parts);
}
