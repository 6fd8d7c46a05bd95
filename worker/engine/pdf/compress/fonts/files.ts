import { PDFArray, type PDFContext, PDFDict, PDFName, type PDFObject, PDFRawStream, PDFRef } from "@cantoo/pdf-lib";
import { get, getDict, getName, resolve } from "../../objects";

/**
 * Embedded font programs and every font that uses each: a font program (a FontFile2 or
 * FontFile3 stream) is cut once for all the fonts that share it (the same font embedded by
 * several documents and merged is one stream after duplicate streams are merged), so its glyphs
 * are the union of what all of them show. Fonts are found wherever they are, direct or indirect.
 */

export type ProgramKind = "TrueType" | "Type1C" | "CIDFontType0C" | "OpenType";

export interface FontUser {
  /** The font with the descriptor: a simple font, or a Type 0 font's descendant CIDFont. */
  font: PDFDict;
  descriptor: PDFDict;
  /** The fonts content selects with Tf (the simple font itself, or the Type 0 fonts over a CIDFont). */
  selectedAs: PDFDict[];
  composite: boolean;
}

export interface FontProgram {
  stream: PDFRawStream;
  kind: ProgramKind;
  users: FontUser[];
}

const MAX_NESTING = 64;
const FONT_DESCRIPTOR = PDFName.of("FontDescriptor");

/** Every dictionary in the document, indirect or nested directly in another object. */
function* allDicts(ctx: PDFContext): Generator<PDFDict> {
  const stack: [PDFObject, number][] = [];
  for (const [, o] of ctx.enumerateIndirectObjects()) stack.push([o, 0]);
  while (stack.length > 0) {
    const [o, depth] = stack.pop()!;
    if (depth > MAX_NESTING) continue;
    const d = o instanceof PDFRawStream ? o.dict : o instanceof PDFDict ? o : null;
    if (d) {
      yield d;
      for (const [, v] of d.entries()) if (!(v instanceof PDFRef)) stack.push([v, depth + 1]);
    } else if (o instanceof PDFArray) {
      for (const v of o.asArray()) if (!(v instanceof PDFRef)) stack.push([v, depth + 1]);
    }
  }
}

function programOf(ctx: PDFContext, descriptor: PDFDict): { stream: PDFRawStream; kind: ProgramKind } | null {
  const ff2 = get(ctx, descriptor, "FontFile2");
  if (ff2 instanceof PDFRawStream) return { stream: ff2, kind: "TrueType" };
  const ff3 = get(ctx, descriptor, "FontFile3");
  if (!(ff3 instanceof PDFRawStream)) return null;
  const subtype = getName(ctx, ff3.dict, "Subtype");
  if (subtype === "Type1C" || subtype === "CIDFontType0C" || subtype === "OpenType") {
    return { stream: ff3, kind: subtype };
  }
  return null;
}

export interface EmbeddedFonts {
  programs: FontProgram[];
  /** Every ToUnicode stream and the fonts that use it (a stream is rewritten only when all of them were cut). */
  toUnicode: Map<PDFRawStream, PDFDict[]>;
}

export function embeddedFonts(ctx: PDFContext): EmbeddedFonts {
  const parents = new Map<PDFDict, PDFDict[]>();
  const described: PDFDict[] = [];
  const toUnicode = new Map<PDFRawStream, PDFDict[]>();
  for (const d of allDicts(ctx)) {
    if (d.has(FONT_DESCRIPTOR)) described.push(d);
    const tu = get(ctx, d, "ToUnicode");
    if (tu instanceof PDFRawStream) toUnicode.set(tu, [...(toUnicode.get(tu) ?? []), d]);
    const descendants = get(ctx, d, "DescendantFonts");
    if (getName(ctx, d, "Subtype") === "Type0" && descendants instanceof PDFArray) {
      const cidFont = resolve(ctx, descendants.get(0));
      if (cidFont instanceof PDFDict) parents.set(cidFont, [...(parents.get(cidFont) ?? []), d]);
    }
  }
  const programs = new Map<PDFRawStream, FontProgram>();
  for (const font of described) {
    const descriptor = getDict(ctx, font, "FontDescriptor");
    const program = descriptor ? programOf(ctx, descriptor) : null;
    if (!descriptor || !program) continue;
    const subtype = getName(ctx, font, "Subtype");
    const composite = subtype === "CIDFontType2" || subtype === "CIDFontType0";
    const entry = programs.get(program.stream) ?? { ...program, users: [] };
    entry.users.push({ font, descriptor, composite, selectedAs: composite ? (parents.get(font) ?? []) : [font] });
    programs.set(program.stream, entry);
  }
  return { programs: [...programs.values()], toUnicode };
}
