import {
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from "@cantoo/pdf-lib";
import { type Budget, yieldToEventLoop } from "../../core/budget";
import { DecodeFailed, DecodeLimit, decodedSize, decodeSteps, isGeneralFilter } from "../../core/decode";
import { InflateDamaged, InflateLimit, inflatedSize, inflateInto } from "../../core/inflate";
import { streamSteps } from "../filters";
import { hybridSource } from "../hybrid-source";
import { deflate, filtersOf } from "./streams";

/**
 * The lossless part of PDF compression: objects nothing refers to are dropped, identical
 * streams (fonts and images repeated by merging tools) become one, and streams stored
 * uncompressed or weakly compressed are deflated at level 9. Object streams come from the save.
 */

/** Streams re-deflated only up to this decoded size: bigger ones would crowd the isolate. */
const MAX_RECOMPRESS = 16 * 1024 * 1024;
/**
 * Inflating and deflating again is the compressor's slowest lossless step; past this much
 * inflated data in one document, the remaining streams stay as they are (a file of a hundred
 * 20 MB streams is not worth 30 seconds of CPU).
 */
const MAX_RECOMPRESS_WORK = 256 * 1024 * 1024;

function children(o: PDFObject | undefined): PDFObject[] {
  if (o instanceof PDFRawStream) return [o.dict];
  if (o instanceof PDFDict) return [...o.values()];
  if (o instanceof PDFArray) return o.asArray();
  return [];
}

/** Deletes every indirect object that cannot be reached from the trailer. */
export function dropUnreferenced(doc: PDFDocument): number {
  const ctx = doc.context;
  const seen = new Set<PDFRef>();
  const todo: PDFObject[] = [ctx.trailerInfo.Root, ctx.trailerInfo.Info, hybridSource(ctx)].filter(
    (o): o is PDFObject => o !== undefined,
  );
  while (todo.length > 0) {
    const o = todo.pop()!;
    if (o instanceof PDFRef) {
      if (seen.has(o)) continue;
      seen.add(o);
      const target = ctx.lookup(o);
      if (target) todo.push(target);
      continue;
    }
    todo.push(...children(o));
  }
  let dropped = 0;
  for (const [ref] of ctx.enumerateIndirectObjects()) {
    if (!seen.has(ref)) {
      ctx.delete(ref);
      dropped++;
    }
  }
  return dropped;
}

/** 32-bit FNV-1a over the bytes, with the length: a cheap key before an exact comparison. */
function hash(b: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i], 0x01000193);
  return `${b.length}:${h >>> 0}`;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function dictKey(d: PDFDict): string {
  return [...d.entries()]
    .filter(([k]) => k !== PDFName.of("Length"))
    .map(([k, v]) => `${k.toString()} ${v.toString()}`)
    .sort()
    .join(" ");
}

/** Merges streams with the same dictionary and bytes; returns how many were merged away. */
export function dedupeStreams(doc: PDFDocument): number {
  const ctx = doc.context;
  const byKey = new Map<string, { ref: PDFRef; stream: PDFRawStream }[]>();
  const replace = new Map<PDFRef, PDFRef>();
  for (const [ref, o] of ctx.enumerateIndirectObjects()) {
    if (!(o instanceof PDFRawStream)) continue;
    const key = `${hash(o.contents)} ${dictKey(o.dict)}`;
    const group = byKey.get(key) ?? [];
    const twin = group.find((g) => sameBytes(g.stream.contents, o.contents));
    if (twin) replace.set(ref, twin.ref);
    else {
      group.push({ ref, stream: o });
      byKey.set(key, group);
    }
  }
  if (replace.size === 0) return 0;
  const rewrite = (o: PDFObject | undefined) => {
    if (o instanceof PDFRawStream) rewrite(o.dict);
    else if (o instanceof PDFDict) {
      for (const [k, v] of o.entries()) {
        if (v instanceof PDFRef && replace.has(v)) o.set(k, replace.get(v)!);
        else rewrite(v);
      }
    } else if (o instanceof PDFArray) {
      for (let i = 0; i < o.size(); i++) {
        const v = o.get(i);
        if (v instanceof PDFRef && replace.has(v)) o.set(i, replace.get(v)!);
        else rewrite(v);
      }
    }
  };
  for (const [, o] of ctx.enumerateIndirectObjects()) rewrite(o);
  for (const ref of replace.keys()) ctx.delete(ref);
  return replace.size;
}

function isMetadata(ctx: PDFContext, s: PDFRawStream): boolean {
  // PDF/A wants its XMP readable as plain text; it is small anyway.
  const t = s.dict.get(PDFName.of("Type"));
  return t === PDFName.of("Metadata") || (t instanceof PDFRef && ctx.lookup(t) === PDFName.of("Metadata"));
}

/** Deflates uncompressed streams and re-deflates Flate ones at level 9, keeping what is smaller. */
export async function recompressStreams(doc: PDFDocument, budget?: Budget): Promise<number> {
  const ctx = doc.context;
  let changed = 0;
  let sinceYield = 0;
  let total = 0;
  // The inflated stream and its deflated copy are held at once, with the deflater's tables.
  const max = Math.min(MAX_RECOMPRESS, Math.floor((budget?.memoryLeft ?? 3 * MAX_RECOMPRESS) / 3));
  for (const [, o] of ctx.enumerateIndirectObjects()) {
    if (total > MAX_RECOMPRESS_WORK) break;
    if (!(o instanceof PDFRawStream) || isMetadata(ctx, o) || o.contents.length < 64) continue;
    const filters = filtersOf(ctx, o.dict);
    if (!filters) continue;
    if (filters.length > 1 || (filters.length === 1 && filters[0].name !== "FlateDecode")) {
      if (filters.every((f) => isGeneralFilter(f.name))) total += redeflate(ctx, o, max, budget);
      continue;
    }
    // Counted before it is inflated, then inflated into one buffer: a stream costs its size once
    // (pieces joined would cost it twice), and nothing past the limit is held.
    const size = filters.length === 0 ? o.contents.length : inflatedSizeOrNull(o.contents, max);
    if (size === null) {
      total += max;
      continue;
    }
    const held = size * 2 + DEFLATE_TABLES;
    budget?.take(held, "A stream of this PDF");
    let raw = o.contents;
    try {
      if (filters.length > 0) raw = inflateInto(o.contents, size);
      const packed = deflate(raw);
      if (packed.length + 16 < o.contents.length) {
        if (filters.length === 0) o.dict.set(PDFName.of("Filter"), PDFName.of("FlateDecode"));
        o.updateContents(packed);
        changed++;
      }
    } finally {
      budget?.give(held);
    }
    sinceYield += raw.length;
    total += raw.length;
    if (sinceYield > 4 * 1024 * 1024) {
      sinceYield = 0;
      budget?.check();
      await yieldToEventLoop();
    }
  }
  return changed;
}

/**
 * A stream behind LZW, RunLength, the ASCII encodings or a chain of them (old Acrobat's LZW
 * content, RunLength images: qpdf's image-streams.pdf's two 750 KB pages of flat colour bands)
 * decoded, predictors and all, and deflated in their place when smaller. Returns the bytes decoded.
 */
function redeflate(ctx: PDFContext, o: PDFRawStream, max: number, budget?: Budget): number {
  const steps = streamSteps(ctx, o.dict);
  if (!steps) return 0;
  let size: number;
  try {
    size = decodedSize(o.contents, steps, { max });
  } catch (err) {
    if (err instanceof DecodeLimit || err instanceof DecodeFailed) return max;
    throw err;
  }
  // The decoded data, the steps before the last, and the deflated copy.
  const held = size * 3 + DEFLATE_TABLES;
  budget?.take(held, "A stream of this PDF");
  try {
    const raw = decodeSteps(o.contents, steps, { max });
    const packed = deflate(raw);
    if (packed.length + 16 < o.contents.length) {
      o.dict.set(PDFName.of("Filter"), PDFName.of("FlateDecode"));
      o.dict.delete(PDFName.of("DecodeParms"));
      o.dict.delete(PDFName.of("DP"));
      o.updateContents(packed);
    }
  } catch (err) {
    if (!(err instanceof DecodeLimit || err instanceof DecodeFailed)) throw err;
  } finally {
    budget?.give(held);
  }
  return size;
}

/** How many bytes zlib data inflates to, or null when it is damaged or passes `max`. */
function inflatedSizeOrNull(data: Uint8Array, max: number): number | null {
  try {
    return inflatedSize(data, { max });
  } catch (err) {
    if (err instanceof InflateLimit || err instanceof InflateDamaged) return null;
    throw err;
  }
}

/** What fflate's level-9 deflater allocates besides its output (hash chains and window). */
const DEFLATE_TABLES = 1024 * 1024;
