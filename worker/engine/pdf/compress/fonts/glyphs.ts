import { type PDFContext, type PDFDict, PDFName, PDFRawStream } from "@cantoo/pdf-lib";
import type { CMap } from "../../content/cmap";
import { encodingByName, glyphNameToUnicode, MAC_ROMAN, STANDARD, SYMBOL, WIN_ANSI } from "../../content/encodings";
import { readToUnicode } from "../../content/font-info";
import { encodingOf } from "../../content/simple-font";
import { readStream } from "../../filters";
import { get, getName, resolve } from "../../objects";
import type { CffInfo } from "./cff";
import { type CmapTable, cmapTables, glyphCount, postNames, type Sfnt } from "./sfnt";

/**
 * The glyph ids a font's shown codes reach in its program, as readers look them up. Readers
 * differ (through the cmap by code, by 0xF000 + code, by the glyph name's Unicode value, by the
 * post table's or the CFF charset's names, or the code as a glyph id), so every way any of them
 * takes is followed and the union kept: a few spare glyphs cost little, a missing one is a hole
 * in the text.
 */

/** A font program read for lookups: an sfnt (TrueType or OpenType), its CFF data, or both. */
export interface Program {
  sfnt: Sfnt | null;
  cff: CffInfo | null;
  glyphCount: number;
}

const MAX_GID_MAP = 65536 * 2;
const CACHE = new WeakMap<Sfnt, { cmaps: CmapTable[]; post: Map<string, number> }>();

function lookups(sfnt: Sfnt) {
  let c = CACHE.get(sfnt);
  if (!c) {
    c = { cmaps: cmapTables(sfnt), post: postNames(sfnt) };
    CACHE.set(sfnt, c);
  }
  return c;
}

export function programGlyphCount(p: Program): number {
  return p.sfnt ? glyphCount(p.sfnt) || (p.cff?.glyphCount ?? 0) : (p.cff?.glyphCount ?? 0);
}

/** Composite fonts: CIDs to glyph ids through /CIDToGIDMap (TrueType) or the CFF charset. */
export function compositeGlyphs(ctx: PDFContext, cidFont: PDFDict, cids: Set<number>, p: Program): Set<number> | null {
  const out = new Set<number>([0]);
  const subtype = getName(ctx, cidFont, "Subtype");
  if (subtype === "CIDFontType0" && p.cff) {
    for (const cid of cids) {
      const g = p.cff.gidOfCid(cid);
      if (g !== undefined) out.add(g);
    }
    return out;
  }
  const map = get(ctx, cidFont, "CIDToGIDMap");
  if (map instanceof PDFRawStream) {
    const data = readStream(ctx, map, MAX_GID_MAP);
    if (!data) return null;
    for (const cid of cids) if (cid * 2 + 1 < data.length) out.add((data[cid * 2] << 8) | data[cid * 2 + 1]);
    return out;
  }
  if (map !== undefined && map !== PDFName.of("Identity")) return null;
  for (const cid of cids) out.add(cid);
  return out;
}

/** The names a simple font's codes may stand for: its own encoding over each base a reader may assume. */
function namesFor(ctx: PDFContext, font: PDFDict): string[][] {
  const enc = resolve(ctx, font.get(PDFName.of("Encoding")));
  const named = enc instanceof PDFName ? encodingByName(enc.decodeText()) : null;
  const bases = named ? [named] : [STANDARD, WIN_ANSI, MAC_ROMAN, SYMBOL];
  return bases.map((b) => encodingOf(ctx, font, b));
}

function unicodesOf(name: string | undefined, toUnicode: CMap | null, code: number): number[] {
  const out: number[] = [];
  const add = (s: string) => {
    for (const ch of s) out.push(ch.codePointAt(0)!);
  };
  if (name) add(glyphNameToUnicode(name));
  const t = toUnicode?.lookup(code, 1);
  if (typeof t === "string") add(t);
  return out;
}

/** Simple fonts: each code through every lookup a reader may use. */
export function simpleGlyphs(ctx: PDFContext, font: PDFDict, codes: Set<number>, p: Program): Set<number> {
  const out = new Set<number>([0]);
  const count = programGlyphCount(p);
  const add = (g: number | undefined) => {
    if (g !== undefined && g > 0 && g < count) out.add(g);
  };
  const tables = namesFor(ctx, font);
  const toUnicode = readToUnicode(ctx, font);
  const { cmaps, post } = p.sfnt ? lookups(p.sfnt) : { cmaps: [], post: new Map<string, number>() };
  for (const code of codes) {
    const names = [...new Set(tables.map((t) => t[code]).filter(Boolean))];
    add(code);
    add(p.cff?.builtIn(code));
    for (const name of names) {
      add(post.get(name));
      add(p.cff?.gidOfName(name));
    }
    for (const cmap of cmaps) {
      if (cmap.platform === 3 && cmap.encoding === 0) {
        for (const base of [0, 0xf000, 0xf100, 0xf200]) add(cmap.glyph(base + code));
      } else if (cmap.platform === 1 && cmap.encoding === 0) {
        add(cmap.glyph(code));
        for (const name of names) add(cmap.glyph(MAC_ROMAN.indexOf(name)));
      } else {
        add(cmap.glyph(code));
        for (const name of names) for (const u of unicodesOf(name, toUnicode, code)) add(cmap.glyph(u));
        for (const u of unicodesOf(undefined, toUnicode, code)) add(cmap.glyph(u));
      }
    }
  }
  return out;
}
