import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRawStream, PDFRef } from "@cantoo/pdf-lib";

/**
 * Identical font dictionaries become one. Merging tools copy each document's fonts, so one font
 * embedded by three documents arrives as three font programs (merged by dedupeStreams), and three
 * sets of dictionaries around them: descriptors, CIDFonts with their width arrays, Type 0 fonts,
 * encodings. Once their programs are one stream, the descriptors are equal, then the CIDFonts
 * pointing at them, then the Type 0 fonts: a few rounds merge each level. Every font then has
 * one dictionary, which font subsetting cuts once and which is written once.
 */

const KINDS = new Set(["Font", "FontDescriptor", "Encoding"]);
const MAX_ROUNDS = 4;

function rewrite(o: PDFObject | undefined, replace: Map<PDFRef, PDFRef>): void {
  if (o instanceof PDFRawStream) rewrite(o.dict, replace);
  else if (o instanceof PDFDict) {
    for (const [k, v] of o.entries()) {
      if (v instanceof PDFRef) {
        const to = replace.get(v);
        if (to) o.set(k, to);
      } else rewrite(v, replace);
    }
  } else if (o instanceof PDFArray) {
    for (let i = 0; i < o.size(); i++) {
      const v = o.get(i);
      if (v instanceof PDFRef) {
        const to = replace.get(v);
        if (to) o.set(i, to);
      } else rewrite(v, replace);
    }
  }
}

/** Merges identical font, descriptor and encoding dictionaries; how many were merged away. */
export function mergeDuplicateFonts(doc: PDFDocument): number {
  const ctx = doc.context;
  let merged = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const first = new Map<string, PDFRef>();
    const replace = new Map<PDFRef, PDFRef>();
    for (const [ref, o] of ctx.enumerateIndirectObjects()) {
      if (!(o instanceof PDFDict)) continue;
      const type = o.get(PDFName.of("Type"));
      if (!(type instanceof PDFName) || !KINDS.has(type.decodeText())) continue;
      const key = o.toString();
      const twin = first.get(key);
      if (twin) replace.set(ref, twin);
      else first.set(key, ref);
    }
    if (replace.size === 0) break;
    for (const [, o] of ctx.enumerateIndirectObjects()) rewrite(o, replace);
    for (const ref of replace.keys()) ctx.delete(ref);
    merged += replace.size;
  }
  return merged;
}
