import type { PDFContext, PDFDict } from "@cantoo/pdf-lib";
import type { FontSubsetter } from "../../../codecs/harfbuzz";
import { readCff } from "./cff";
import type { FontProgram } from "./files";
import { compositeGlyphs, type Program, programGlyphCount, simpleGlyphs } from "./glyphs";
import { readSfnt, writeSfnt } from "./sfnt";

/**
 * One font program cut to the glyphs its fonts show. Glyph ids stay where the PDF addresses
 * glyphs by id: a TrueType font (through /CIDToGIDMap, or a simple font's cmap, which is then
 * copied as it is with the post table's names), and a CFF font whose CIDs are its glyph ids. A
 * CFF font found by glyph name, or CID-keyed through its charset, is renumbered: HarfBuzz keeps
 * the names and CIDs of the glyphs it keeps. A bare CFF program (FontFile3 Type1C or
 * CIDFontType0C) goes to HarfBuzz wrapped in a minimal OpenType file, and comes back out of it.
 */

export interface Cut {
  bytes: Uint8Array;
  /** The glyph ids asked for (before HarfBuzz adds what composite glyphs are built from). */
  glyphs: Set<number>;
  /** The names of the cut CFF font's glyphs (for a Type 1 descriptor's /CharSet), when it has names. */
  glyphNames: string[] | null;
}

export function readProgram(kind: FontProgram["kind"], data: Uint8Array): Program | null {
  if (kind === "Type1C" || kind === "CIDFontType0C") {
    const cff = readCff(data);
    return cff ? { sfnt: null, cff, glyphCount: cff.glyphCount } : null;
  }
  const sfnt = readSfnt(data);
  if (!sfnt) return null;
  const table = sfnt.get("CFF ");
  const cff = table ? readCff(table) : null;
  if (table && !cff) return null;
  const p: Program = { sfnt, cff, glyphCount: 0 };
  p.glyphCount = programGlyphCount(p);
  return p.glyphCount > 0 ? p : null;
}

/** The glyph ids the program's fonts reach with what they show, or null when one cannot be followed. */
export function glyphsOf(
  ctx: PDFContext,
  prog: FontProgram,
  p: Program,
  shown: (font: PDFDict) => Set<number> | undefined,
): Set<number> | null {
  const all = new Set<number>([0]);
  for (const user of prog.users) {
    const codes = new Set<number>();
    for (const f of user.selectedAs) for (const c of shown(f) ?? []) codes.add(c);
    if (codes.size === 0) continue;
    const gids = user.composite ? compositeGlyphs(ctx, user.font, codes, p) : simpleGlyphs(ctx, user.font, codes, p);
    if (!gids) return null;
    for (const g of gids) if (g < p.glyphCount) all.add(g);
  }
  return all;
}

function maxp(glyphs: number): Uint8Array {
  // Version 0.5: the glyph count only, all a CFF-flavoured font has.
  const t = new Uint8Array(6);
  const v = new DataView(t.buffer);
  v.setUint32(0, 0x00005000);
  v.setUint16(4, glyphs);
  return t;
}

export function cutProgram(
  hb: FontSubsetter,
  prog: FontProgram,
  data: Uint8Array,
  p: Program,
  gids: Set<number>,
): Cut | null {
  const simple = prog.users.some((u) => !u.composite);
  const composite = prog.users.some((u) => u.composite);
  const bare = prog.kind === "Type1C" || prog.kind === "CIDFontType0C";
  // Renumbering is safe where readers find glyphs by name (Type 1 CFF) or by the charset's CIDs.
  const renumber = composite ? !simple && (p.cff?.cidKeyed ?? false) : prog.kind === "Type1C";
  const glyphs = new Set(gids);
  const passthrough = !bare && simple ? ["cmap", "post"] : [];
  // The copied cmap and post describe every glyph id: the last glyph stays, so the font keeps its glyph count.
  if (passthrough.length > 0) glyphs.add(p.glyphCount - 1);
  const input = bare
    ? writeSfnt(
        [
          ["CFF ", data],
          ["maxp", maxp(p.glyphCount)],
        ],
        true,
      )
    : data;
  const out = hb.subset(input, glyphs, { retainGids: !renumber, passthrough });
  if (!out) return null;
  let bytes = out;
  if (bare) {
    const cff = readSfnt(out)?.get("CFF ");
    if (!cff) return null;
    bytes = cff;
  }
  const cffOut = bare ? readCff(bytes) : null;
  if (bare && !cffOut) return null;
  return { bytes, glyphs: gids, glyphNames: cffOut && !cffOut.cidKeyed ? cffOut.glyphNames : null };
}
