import { type PDFContext, PDFDict, PDFName, PDFNumber } from "@cantoo/pdf-lib";
import { Font } from "@cantoo/pdf-lib/standard-fonts";
import { get, getDict, getName, getNumber, numbers, resolve } from "../objects";
import type { CMap } from "./cmap";
import {
  type EncodingTable,
  encodingByName,
  glyphNameToUnicode,
  STANDARD,
  SYMBOL,
  WIN_ANSI,
  ZAPF_DINGBATS,
} from "./encodings";
import { type FontInfo, THOUSANDTH, verticalExtent } from "./font-info";
import type { Matrix } from "./geometry";

/** Type 1, TrueType and Type 3 fonts: one byte a code, widths from /Widths or the standard 14's metrics. */

type StandardName = Parameters<typeof Font.load>[0];
const metrics = new Map<string, Font>();

/** The standard 14 font a font stands for when it has no /Widths ("Arial,Bold" is Helvetica-Bold). */
function standardName(baseFont: string): StandardName | null {
  const name = baseFont.replace(/^[A-Z]{6}\+/, "");
  if (/^Symbol/i.test(name)) return "Symbol";
  if (/^ZapfDingbats|^Dingbats/i.test(name)) return "ZapfDingbats";
  const bold = /bold|black|heavy/i.test(name);
  const italic = /italic|oblique/i.test(name);
  let family: "Helvetica" | "Times" | "Courier" | null = null;
  if (/^(Helvetica|Arial)/i.test(name)) family = "Helvetica";
  else if (/^Times/i.test(name)) family = "Times";
  else if (/^Courier/i.test(name)) family = "Courier";
  if (!family) return null;
  if (family === "Times") {
    return bold && italic ? "Times-BoldItalic" : bold ? "Times-Bold" : italic ? "Times-Italic" : "Times-Roman";
  }
  const suffix = bold && italic ? "-BoldOblique" : bold ? "-Bold" : italic ? "-Oblique" : "";
  return `${family}${suffix}` as StandardName;
}

function standardMetrics(name: StandardName): Font {
  let f = metrics.get(name);
  if (!f) {
    f = Font.load(name);
    metrics.set(name, f);
  }
  return f;
}

/** Code to glyph name: the font's /Encoding (a base and /Differences), over `fallback` where it names no base. */
export function encodingOf(ctx: PDFContext, font: PDFDict, fallback: EncodingTable): string[] {
  const enc = resolve(ctx, font.get(PDFName.of("Encoding")));
  let base = fallback;
  let differences: ReturnType<typeof resolve>;
  if (enc instanceof PDFName) base = encodingByName(enc.decodeText()) ?? fallback;
  else if (enc instanceof PDFDict) {
    const b = getName(ctx, enc, "BaseEncoding");
    if (b) base = encodingByName(b) ?? fallback;
    differences = get(ctx, enc, "Differences");
  }
  const table = [...base];
  if (differences && "asArray" in differences) {
    let code = 0;
    for (const item of (differences as { asArray(): ReturnType<typeof resolve>[] }).asArray()) {
      const v = resolve(ctx, item);
      if (v instanceof PDFNumber) code = v.asNumber();
      else if (v instanceof PDFName && code >= 0 && code < 256) table[code++] = v.decodeText();
    }
  }
  return table;
}

export function simpleFont(ctx: PDFContext, font: PDFDict, subtype: string, toUnicode: () => CMap | null): FontInfo {
  const baseFont = getName(ctx, font, "BaseFont") ?? "";
  const std = subtype === "Type3" ? null : standardName(baseFont);
  const descriptor = getDict(ctx, font, "FontDescriptor");
  const flags = getNumber(ctx, descriptor, "Flags") ?? 0;
  const symbolic = (flags & 4) !== 0 && (flags & 32) === 0;
  const builtIn =
    std === "Symbol" ? SYMBOL : std === "ZapfDingbats" ? ZAPF_DINGBATS : subtype === "TrueType" ? WIN_ANSI : STANDARD;
  const names = encodingOf(ctx, font, builtIn);
  const firstChar = getNumber(ctx, font, "FirstChar") ?? 0;
  const widths = numbers(ctx, font.get(PDFName.of("Widths")));
  const missing = getNumber(ctx, descriptor, "MissingWidth");
  const afm = !widths && std ? standardMetrics(std) : null;
  let matrix: Matrix = THOUSANDTH;
  let { ascent, descent } = verticalExtent(ctx, descriptor);
  if (afm && !descriptor) {
    ascent = typeof afm.Ascender === "number" ? afm.Ascender : ascent;
    descent = typeof afm.Descender === "number" ? afm.Descender : descent;
  }
  if (subtype === "Type3") {
    const fm = numbers(ctx, font.get(PDFName.of("FontMatrix")));
    if (fm?.length === 6 && fm.every(Number.isFinite) && fm[0] * fm[3] - fm[1] * fm[2] !== 0) matrix = fm as Matrix;
    const bbox = numbers(ctx, font.get(PDFName.of("FontBBox")));
    if (bbox?.length === 4 && bbox[3] > bbox[1]) {
      ascent = bbox[3];
      descent = bbox[1];
    } else {
      ascent = 0.8 / (matrix[3] || 1);
      descent = -0.2 / (matrix[3] || 1);
    }
  }
  const textCache = new Map<number, string>();
  return {
    split: (bytes) => Array.from(bytes, (code) => ({ code, len: 1 })),
    width(code) {
      if (widths) {
        const w = widths[code - firstChar];
        return w !== undefined && Number.isFinite(w) ? w : (missing ?? 0);
      }
      if (afm) {
        const w = afm.getWidthOfGlyph(names[code] || "space");
        return typeof w === "number" ? w : (missing ?? 0);
      }
      return missing ?? 500;
    },
    text(code, len) {
      const cached = textCache.get(code);
      if (cached !== undefined) return cached;
      let t: string | undefined;
      const v = toUnicode()?.lookup(code, len) ?? toUnicode()?.lookup(code, 2);
      if (typeof v === "string") t = v;
      else {
        const name = names[code];
        t = name ? glyphNameToUnicode(name) : "";
        if (!t && !symbolic && code >= 32 && code < 127) t = String.fromCharCode(code);
      }
      textCache.set(code, t);
      return t;
    },
    matrix,
    ascent,
    descent,
    vertical: false,
  };
}
