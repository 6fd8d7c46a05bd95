import type { PDFContext, PDFDict } from "@cantoo/pdf-lib";
import { PDFRawStream } from "@cantoo/pdf-lib";
import { readStream } from "../filters";
import { get, getNumber } from "../objects";
import { type CMap, parseCMap } from "./cmap";
import type { Matrix } from "./geometry";

/**
 * What the text-layout interpreter needs of a font: how a string splits into codes, each code's
 * advance (in glyph space) and text, and the glyph box's height. Fonts we cannot read still
 * split and measure (one byte, half an em) so that their glyphs can be found and removed.
 */
export interface FontInfo {
  split(bytes: Uint8Array): { code: number; len: number }[];
  width(code: number, len: number): number;
  text(code: number, len: number): string;
  /** A composite font's CID for a code (undefined where its CMap maps none); absent for simple fonts. */
  cid?(code: number, len: number): number | undefined;
  /** Glyph space to text space (FontMatrix for Type 3; 1/1000 otherwise). */
  matrix: Matrix;
  ascent: number;
  descent: number;
  vertical: boolean;
}

/** CMaps and ToUnicode streams past this are not read (their glyphs are still measured). */
export const MAX_CMAP_BYTES = 4 * 1024 * 1024;
export const THOUSANDTH: Matrix = [0.001, 0, 0, 0.001, 0, 0];

/** The font's ToUnicode CMap, read when first asked for (compression counts glyphs and never needs text). */
export function lazyToUnicode(ctx: PDFContext, font: PDFDict, check?: () => void): () => CMap | null {
  let cmap: CMap | null | undefined;
  return () => {
    if (cmap === undefined) cmap = readToUnicode(ctx, font, check);
    return cmap;
  };
}

export function readToUnicode(ctx: PDFContext, font: PDFDict, check?: () => void): CMap | null {
  const s = get(ctx, font, "ToUnicode");
  if (!(s instanceof PDFRawStream)) return null;
  const data = readStream(ctx, s, MAX_CMAP_BYTES);
  return data ? parseCMap(data, check) : null;
}

/** Ascent and descent from the descriptor, kept within what glyphs of a line really fill. */
export function verticalExtent(ctx: PDFContext, descriptor: PDFDict | undefined): { ascent: number; descent: number } {
  const a = getNumber(ctx, descriptor, "Ascent");
  const d = getNumber(ctx, descriptor, "Descent");
  // Line-spacing values (1.17 em for DejaVu) would make a box over one line reach the next.
  const ascent = a !== undefined && a > 0 ? Math.min(Math.max(a, 500), 900) : 800;
  const descent = d !== undefined && d < 0 ? Math.max(d, -250) : -200;
  return { ascent, descent };
}
