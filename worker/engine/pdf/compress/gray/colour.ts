import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFString,
} from "@cantoo/pdf-lib";
import { readStream } from "../../filters";
import { compileFunction } from "../../functions";
import { numberArray, resolve } from "../../objects";
import { numberIn } from "../streams";

/**
 * Colour spaces read for grayscale conversion: how many components a colour has, and its grey
 * level. Grey is luma with the weights the rest of the engine uses (ITU-R BT.601: 0.299 R +
 * 0.587 G + 0.114 B) of the RGB a reader shows; CMYK's RGB is poppler's and xpdf's blend of
 * the sixteen ink corners; Lab uses its lightness; CalGray its gamma; Separation and DeviceN through their tint transforms into
 * their alternate space; Indexed through its palette. ICC-based spaces are read by their number
 * of components (their profiles are not applied, as for CalRGB and CalGray).
 */

export interface GraySpace {
  /** Components of one colour (the operands of sc/scn, the samples of an image). */
  n: number;
  /** Already grey (or never painted): its colours stay as they are written. */
  gray: boolean;
  /** A colour's grey level, 0 (black) to 1 (white), from its components as written. */
  toGray(c: readonly number[]): number;
  /** The colour `cs` selects. */
  initial: number[];
  /** An image's default /Decode: what sample 0 and the largest sample mean, per component. */
  decode: number[];
  /** Pattern spaces: the space of an uncoloured pattern's colour (null: coloured patterns only). */
  pattern?: { under: GraySpace | null };
  /** Indexed spaces: the palette's largest index and its entries' grey levels. */
  indexed?: { hival: number; grays: Float64Array };
  /** Colours go through a tint transform (DeviceN, Separation): slow per pixel. */
  tinted?: boolean;
  /** The device model its components are read as (ICC and Cal spaces by their components). */
  model?: "gray" | "rgb" | "cmyk";
}

export const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : Number.isFinite(v) ? v : 0);

/**
 * The RGB of the sixteen CMYK corners (C, M, Y, K each 0 or 1, K fastest) as poppler and xpdf
 * draw them (and close to Acrobat's SWOP rendering): a colour is their multilinear blend, so its
 * grey is the same blend of the corners' lumas. Measured with pdftoppm; a blend in between
 * matched it to the unit.
 */
export const CMYK_CORNERS = [
  [255, 255, 255],
  [35, 31, 32],
  [255, 242, 0],
  [28, 26, 0],
  [236, 0, 140],
  [36, 0, 0],
  [237, 28, 36],
  [34, 0, 0],
  [0, 173, 239],
  [0, 15, 36],
  [0, 166, 80],
  [0, 19, 0],
  [46, 49, 146],
  [0, 0, 2],
  [54, 54, 57],
  [0, 0, 0],
].map(([r, g, b]) => luma(r, g, b) / 255);

/** A CMYK colour's grey (components 0-1): the corners blended by K, then Y, M and C. */
export function cmykGray(c: number, m: number, y: number, k: number): number {
  const L = CMYK_CORNERS;
  const kk = clamp01(k);
  const yy = clamp01(y);
  const k0 = L[0] + (L[1] - L[0]) * kk;
  const k1 = L[2] + (L[3] - L[2]) * kk;
  const k2 = L[4] + (L[5] - L[4]) * kk;
  const k3 = L[6] + (L[7] - L[6]) * kk;
  const k4 = L[8] + (L[9] - L[8]) * kk;
  const k5 = L[10] + (L[11] - L[10]) * kk;
  const k6 = L[12] + (L[13] - L[12]) * kk;
  const k7 = L[14] + (L[15] - L[14]) * kk;
  const y0 = k0 + (k1 - k0) * yy;
  const y1 = k2 + (k3 - k2) * yy;
  const y2 = k4 + (k5 - k4) * yy;
  const y3 = k6 + (k7 - k6) * yy;
  const mm = clamp01(m);
  const m0 = y0 + (y1 - y0) * mm;
  const m1 = y2 + (y3 - y2) * mm;
  return m0 + (m1 - m0) * clamp01(c);
}

/** Relative luminance (0-1) to the sRGB-encoded grey that shows it. */
const encodeSrgb = (y: number) => (y <= 0.0031308 ? 12.92 * y : 1.055 * y ** (1 / 2.4) - 0.055);

/** L* (0-100) to the sRGB-encoded grey of the same lightness. */
export function lightnessGray(l: number): number {
  const fy = (Math.max(0, Math.min(100, l)) + 16) / 116;
  return encodeSrgb(fy > 6 / 29 ? fy ** 3 : 3 * (6 / 29) ** 2 * (fy - 4 / 29));
}

const unit = (n: number) => Array.from({ length: 2 * n }, (_, i) => i % 2);

export const DEVICE_GRAY: GraySpace = {
  n: 1,
  gray: true,
  toGray: (c) => clamp01(c[0] ?? 0),
  initial: [0],
  decode: [0, 1],
  model: "gray",
};
const DEVICE_RGB: GraySpace = {
  n: 3,
  gray: false,
  toGray: (c) => clamp01(luma(clamp01(c[0] ?? 0), clamp01(c[1] ?? 0), clamp01(c[2] ?? 0))),
  initial: [0, 0, 0],
  decode: unit(3),
  model: "rgb",
};
const DEVICE_CMYK: GraySpace = {
  n: 4,
  gray: false,
  toGray: (c) => cmykGray(c[0] ?? 0, c[1] ?? 0, c[2] ?? 0, c[3] ?? 1),
  initial: [0, 0, 0, 1],
  decode: unit(4),
  model: "cmyk",
};
const PATTERN: GraySpace = { n: 0, gray: true, toGray: () => 0, initial: [], decode: [], pattern: { under: null } };

/** A space painting nothing (Separation /None): its colours are left as they are. */
const nothing = (n: number): GraySpace => ({
  n,
  gray: true,
  toGray: () => 1,
  initial: new Array(n).fill(1),
  decode: unit(n),
});

const BY_NAME: Record<string, GraySpace> = {
  DeviceGray: DEVICE_GRAY,
  G: DEVICE_GRAY,
  CalGray: DEVICE_GRAY,
  DeviceRGB: DEVICE_RGB,
  RGB: DEVICE_RGB,
  CalRGB: DEVICE_RGB,
  DeviceCMYK: DEVICE_CMYK,
  CMYK: DEVICE_CMYK,
  Pattern: PATTERN,
};
const BY_COMPONENTS: Record<number, GraySpace> = { 1: DEVICE_GRAY, 3: DEVICE_RGB, 4: DEVICE_CMYK };

/** Palettes this large are not palettes (hival is at most 255). */
const MAX_LOOKUP = 4096 * 4;

/** Reads colour spaces, each object once (a document's spaces are few and shared). */
export class SpaceReader {
  private readonly cache = new Map<PDFObject, GraySpace | null>();

  constructor(private readonly ctx: PDFContext) {}

  /** The space an object (a name, an array, or a reference to one) describes, or null. */
  read(obj: PDFObject | undefined, depth = 0): GraySpace | null {
    const v = resolve(this.ctx, obj);
    if (v instanceof PDFName) return BY_NAME[v.decodeText()] ?? null;
    if (!(v instanceof PDFArray) || depth > 4) return null;
    if (this.cache.has(v)) return this.cache.get(v) ?? null;
    let space: GraySpace | null = null;
    try {
      space = this.array(v, depth);
    } finally {
      this.cache.set(v, space);
    }
    return space;
  }

  private array(v: PDFArray, depth: number): GraySpace | null {
    const ctx = this.ctx;
    const family = resolve(ctx, v.get(0));
    const kind = family instanceof PDFName ? family.decodeText() : "";
    switch (kind) {
      case "CalGray": {
        // Readers draw it through its white point (often tinted): as DeviceGray, with its gamma.
        const d = resolve(ctx, v.get(1));
        const g = d instanceof PDFDict ? numberIn(ctx, d, "Gamma", 1) : 1;
        const gamma = g > 0 && Number.isFinite(g) ? g : 1;
        return {
          ...DEVICE_GRAY,
          gray: false,
          toGray: (c) => encodeSrgb(clamp01(c[0] ?? 0) ** gamma),
          model: undefined,
        };
      }
      case "CalRGB":
      case "DeviceGray":
      case "DeviceRGB":
      case "DeviceCMYK":
        return BY_NAME[kind];
      case "ICCBased": {
        const s = resolve(ctx, v.get(1));
        const n = s instanceof PDFRawStream ? numberIn(ctx, s.dict, "N", 0) : 0;
        const base = BY_COMPONENTS[n];
        if (!base) return null;
        const range = s instanceof PDFRawStream ? numberArray(ctx, s.dict.get(PDFName.of("Range"))) : null;
        return range && range.length === 2 * n ? { ...base, decode: range } : base;
      }
      case "Lab": {
        const d = resolve(ctx, v.get(1));
        const r = d instanceof PDFDict ? numberArray(ctx, d.get(PDFName.of("Range"))) : null;
        const range = r?.length === 4 ? r : [-100, 100, -100, 100];
        return {
          n: 3,
          gray: false,
          toGray: (c) => lightnessGray(c[0] ?? 0),
          initial: [0, 0, 0],
          decode: [0, 100, ...range],
        };
      }
      case "Indexed":
      case "I":
        return this.indexedSpace(v, depth);
      case "Separation":
      case "DeviceN":
        return this.tinted(v, kind, depth);
      case "Pattern": {
        const under = v.size() > 1 ? this.read(v.get(1), depth + 1) : null;
        return { ...PATTERN, pattern: { under } };
      }
      default:
        return null;
    }
  }

  private indexedSpace(v: PDFArray, depth: number): GraySpace | null {
    const ctx = this.ctx;
    if (v.size() !== 4) return null;
    const base = this.read(v.get(1), depth + 1);
    const hivalObj = resolve(ctx, v.get(2));
    if (!base || base.pattern || base.indexed || !(hivalObj instanceof PDFNumber)) return null;
    const hival = Math.max(0, Math.min(255, Math.floor(hivalObj.asNumber())));
    const lookup = resolve(ctx, v.get(3));
    let table: Uint8Array | null = null;
    if (lookup instanceof PDFString || lookup instanceof PDFHexString) table = lookup.asBytes();
    else if (lookup instanceof PDFRawStream) table = readStream(ctx, lookup, MAX_LOOKUP);
    if (!table) return null;
    const grays = new Float64Array(hival + 1);
    const comps = new Array<number>(base.n);
    for (let i = 0; i <= hival; i++) {
      for (let j = 0; j < base.n; j++) {
        const lo = base.decode[2 * j];
        const hi = base.decode[2 * j + 1];
        comps[j] = lo + ((table[i * base.n + j] ?? 0) / 255) * (hi - lo);
      }
      grays[i] = base.toGray(comps);
    }
    const gray = base.gray;
    return {
      n: 1,
      gray,
      toGray: (c) => grays[Math.max(0, Math.min(hival, Math.round(c[0] ?? 0)))],
      initial: [0],
      decode: [0, hival],
      indexed: { hival, grays },
    };
  }

  private tinted(v: PDFArray, kind: "Separation" | "DeviceN", depth: number): GraySpace | null {
    const ctx = this.ctx;
    const names = resolve(ctx, v.get(1));
    const list = kind === "Separation" ? [names] : names instanceof PDFArray ? names.asArray() : [];
    const n = list.length;
    if (n === 0 || v.size() < 4) return null;
    if (list.every((x) => resolve(ctx, x) === PDFName.of("None"))) return nothing(n);
    const alt = this.read(v.get(2), depth + 1);
    if (!alt || alt.pattern || alt.indexed) return null;
    const fn = compileFunction(ctx, v.get(3));
    if (!fn) return null;
    const memo = new Map<string, number>();
    return {
      n,
      gray: false,
      tinted: true,
      toGray: (c) => {
        const key = c.join(",");
        let g = memo.get(key);
        if (g === undefined) {
          g = clamp01(alt.toGray(fn(c)));
          if (memo.size < 65536) memo.set(key, g);
        }
        return g;
      },
      initial: new Array(n).fill(1),
      decode: unit(n),
    };
  }
}

/** A grey level as content-stream text: four decimals at most. */
export function grayText(g: number): string {
  const v = Math.round(clamp01(g) * 10000) / 10000;
  return v === 0 ? "0" : v === 1 ? "1" : String(v).replace(/^0\./, ".");
}
