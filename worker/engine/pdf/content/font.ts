import { PDFArray, type PDFContext, PDFDict, PDFName, PDFNumber, PDFRawStream } from "@cantoo/pdf-lib";
import { readStream } from "../filters";
import { get, getDict, getName, getNumber, numbers, resolve } from "../objects";
import { CMap, type CodeRange, parseCMap, predefinedCodespace, utf16be } from "./cmap";
import { type FontInfo, lazyToUnicode, MAX_CMAP_BYTES, THOUSANDTH, verticalExtent } from "./font-info";
import { simpleFont } from "./simple-font";

export type { FontInfo } from "./font-info";

export function loadFont(ctx: PDFContext, font: PDFDict, check?: () => void): FontInfo {
  const subtype = getName(ctx, font, "Subtype");
  if (subtype === "Type0") return compositeFont(ctx, font, check);
  return simpleFont(ctx, font, subtype ?? "Type1", lazyToUnicode(ctx, font, check));
}

function inRange(r: CodeRange, bytes: Uint8Array, at: number): boolean {
  for (let i = 0; i < r.len; i++) if (bytes[at + i] < r.lo[i] || bytes[at + i] > r.hi[i]) return false;
  return true;
}

function splitter(codespace: CodeRange[]): (bytes: Uint8Array) => { code: number; len: number }[] {
  const lens = [...new Set(codespace.map((r) => r.len))].sort((a, b) => a - b);
  const fallback = lens[0] ?? 2;
  return (bytes) => {
    const out: { code: number; len: number }[] = [];
    for (let at = 0; at < bytes.length; ) {
      let len = 0;
      for (const l of lens) {
        if (at + l > bytes.length) break;
        if (codespace.some((r) => r.len === l && inRange(r, bytes, at))) {
          len = l;
          break;
        }
      }
      if (!len) len = Math.min(fallback, bytes.length - at);
      let code = 0;
      for (let i = 0; i < len; i++) code = code * 256 + bytes[at + i];
      out.push({ code, len });
      at += len;
    }
    return out;
  };
}

/** /W: "c [w1 w2 ...]" and "cfirst clast w", kept as a map plus long ranges. */
function cidWidths(ctx: PDFContext, w: PDFArray | undefined): (cid: number) => number | undefined {
  const single = new Map<number, number>();
  const ranges: [number, number, number][] = [];
  const items = w ? w.asArray().map((x) => resolve(ctx, x)) : [];
  for (let i = 0; i < items.length; ) {
    const first = items[i];
    const next = items[i + 1];
    if (!(first instanceof PDFNumber)) break;
    if (next instanceof PDFArray) {
      const ws = numbers(ctx, next) ?? [];
      ws.forEach((v, k) => {
        single.set(first.asNumber() + k, v);
      });
      i += 2;
    } else {
      const last = next instanceof PDFNumber ? next.asNumber() : Number.NaN;
      const v = resolve(ctx, items[i + 2]);
      if (Number.isNaN(last) || !(v instanceof PDFNumber)) break;
      ranges.push([first.asNumber(), last, v.asNumber()]);
      i += 3;
    }
  }
  return (cid) => {
    const v = single.get(cid);
    if (v !== undefined) return v;
    for (const [lo, hi, width] of ranges) if (cid >= lo && cid <= hi) return width;
    return undefined;
  };
}

function compositeFont(ctx: PDFContext, font: PDFDict, check?: () => void): FontInfo {
  const enc = resolve(ctx, font.get(PDFName.of("Encoding")));
  let codespace: CodeRange[];
  let cidOf: (code: number, len: number) => number | undefined;
  let vertical = false;
  let encName = "";
  if (enc instanceof PDFName) {
    encName = enc.decodeText();
    codespace = predefinedCodespace(encName);
    vertical = encName.endsWith("-V");
    cidOf = encName.startsWith("Identity") ? (code) => code : () => undefined;
  } else if (enc instanceof PDFRawStream) {
    const data = readStream(ctx, enc, MAX_CMAP_BYTES);
    const cmap = data ? parseCMap(data, check) : new CMap();
    encName = cmap.base ?? "";
    codespace = cmap.codespace.length ? cmap.codespace : predefinedCodespace(encName || "Identity-H");
    vertical = cmap.vertical || getNumber(ctx, enc.dict, "WMode") === 1;
    const identity = encName.startsWith("Identity") || (cmap.size === 0 && !encName);
    cidOf = (code, len) => {
      const v = cmap.lookup(code, len);
      return typeof v === "number" ? v : identity ? code : undefined;
    };
  } else {
    codespace = predefinedCodespace("Identity-H");
    cidOf = (code) => code;
  }
  const descendants = resolve(ctx, font.get(PDFName.of("DescendantFonts")));
  const cidFont = descendants instanceof PDFArray ? resolve(ctx, descendants.get(0)) : undefined;
  const cf = cidFont instanceof PDFDict ? cidFont : undefined;
  const dw = getNumber(ctx, cf, "DW") ?? 1000;
  const w = get(ctx, cf, "W");
  const widthOf = cidWidths(ctx, w instanceof PDFArray ? w : undefined);
  const toUnicode = lazyToUnicode(ctx, font, check);
  const ucs = /UCS2|UTF16/.test(encName);
  const { ascent, descent } = verticalExtent(ctx, getDict(ctx, cf, "FontDescriptor"));
  return {
    split: splitter(codespace),
    width(code, len) {
      const cid = cidOf(code, len);
      return (cid === undefined ? undefined : widthOf(cid)) ?? dw;
    },
    text(code, len) {
      const v = toUnicode()?.lookup(code, len);
      if (typeof v === "string") return v;
      if (ucs) {
        const b = new Uint8Array(len);
        for (let i = len - 1, c = code; i >= 0; i--, c = Math.floor(c / 256)) b[i] = c & 255;
        return utf16be(b);
      }
      return "";
    },
    cid: cidOf,
    matrix: THOUSANDTH,
    ascent,
    descent,
    vertical,
  };
}
