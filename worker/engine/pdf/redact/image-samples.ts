import {
  PDFArray,
  type PDFContext,
  type PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFString,
} from "@cantoo/pdf-lib";
import { readStream } from "../filters";
import { getNumber, numbers, resolve } from "../objects";

/**
 * An image's colour space read for painting: how many components a sample has, and which
 * sample values give the colour of the redaction box (for an Indexed image, the palette entry
 * nearest to it; for a stencil mask, "not painted").
 */

export interface Space {
  components: number;
  /** Colour (0..1 RGB) to the component values of this space, each in 0..1 of its range. */
  values(rgb: readonly number[]): number[];
  /** For Indexed spaces: the palette size, so values are indices instead of fractions. */
  indexed?: number;
}

const gray = (rgb: readonly number[]) => [0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]];
function cmyk(rgb: readonly number[]): number[] {
  const k = 1 - Math.max(rgb[0], rgb[1], rgb[2]);
  if (k >= 1) return [0, 0, 0, 1];
  return [(1 - rgb[0] - k) / (1 - k), (1 - rgb[1] - k) / (1 - k), (1 - rgb[2] - k) / (1 - k), k];
}
const SPACES: Record<number, (rgb: readonly number[]) => number[]> = { 1: gray, 3: (rgb) => [...rgb], 4: cmyk };

function toRgb(n: number, v: number[]): number[] {
  if (n === 1) return [v[0], v[0], v[0]];
  if (n === 3) return v;
  const k = v[3];
  return [(1 - v[0]) * (1 - k), (1 - v[1]) * (1 - k), (1 - v[2]) * (1 - k)];
}

export function readSpace(ctx: PDFContext, cs: ReturnType<typeof resolve>, depth = 0): Space | null {
  const v = resolve(ctx, cs);
  if (v instanceof PDFName) {
    const n = { DeviceGray: 1, G: 1, DeviceRGB: 3, RGB: 3, DeviceCMYK: 4, CMYK: 4 }[v.decodeText()];
    return n ? { components: n, values: SPACES[n] } : null;
  }
  if (!(v instanceof PDFArray) || v.size() === 0 || depth > 4) return null;
  const family = resolve(ctx, v.get(0));
  const kind = family instanceof PDFName ? family.decodeText() : "";
  switch (kind) {
    case "ICCBased": {
      const s = resolve(ctx, v.get(1));
      const n = s instanceof PDFRawStream ? getNumber(ctx, s.dict, "N") : undefined;
      return n && SPACES[n] ? { components: n, values: SPACES[n] } : null;
    }
    case "CalGray":
      return { components: 1, values: gray };
    case "CalRGB":
      return { components: 3, values: SPACES[3] };
    case "Lab":
      // L* from the luminance, a* and b* at the middle of their ranges.
      return { components: 3, values: (rgb) => [gray(rgb)[0], 0.5, 0.5] };
    case "Separation":
      // Full tint is the ink at its darkest; none is paper.
      return { components: 1, values: (rgb) => [1 - gray(rgb)[0]] };
    case "DeviceN": {
      const names = resolve(ctx, v.get(1));
      const n = names instanceof PDFArray ? names.size() : 0;
      return n ? { components: n, values: (rgb) => new Array(n).fill(1 - gray(rgb)[0]) } : null;
    }
    case "Indexed":
    case "I":
      return indexed(ctx, v, depth);
    default:
      return null;
  }
}

function indexed(ctx: PDFContext, v: PDFArray, depth: number): Space | null {
  const base = readSpace(ctx, v.get(1), depth + 1);
  const h = resolve(ctx, v.get(2));
  const hival = h instanceof PDFNumber ? h.asNumber() : undefined;
  const lookup = resolve(ctx, v.get(3));
  let table: Uint8Array | null = null;
  if (lookup instanceof PDFString || lookup instanceof PDFHexString) table = lookup.asBytes();
  else if (lookup instanceof PDFRawStream) table = readStream(ctx, lookup, 1 << 20);
  if (!base || hival === undefined || !table || base.components > 4) return null;
  const n = base.components;
  const size = Math.min(256, Math.floor(hival) + 1);
  return {
    components: 1,
    indexed: size,
    values(rgb) {
      // The palette entry nearest to the box's colour (compared in RGB).
      let best = 0;
      let bestD = Infinity;
      for (let i = 0; i < size; i++) {
        const entry = Array.from({ length: n }, (_, c) => (table[i * n + c] ?? 0) / 255);
        const e = base.components === 1 || base.components === 3 || base.components === 4 ? toRgb(n, entry) : entry;
        const d = (e[0] - rgb[0]) ** 2 + (e[1] - rgb[1]) ** 2 + (e[2] - rgb[2]) ** 2;
        if (d < bestD) {
          bestD = d;
          best = i;
        }
      }
      return [best];
    },
  };
}

/** The sample values (0 .. 2^bpc - 1) that show `rgb`, through /Decode. */
export function targetSamples(
  ctx: PDFContext,
  dict: PDFDict,
  space: Space,
  bpc: number,
  rgb: readonly number[],
): number[] {
  const max = 2 ** bpc - 1;
  const decode = numbers(ctx, dict.get(PDFName.of("Decode")));
  const wanted = space.values(rgb);
  return wanted.map((v, c) => {
    const lo = decode?.[c * 2] ?? 0;
    const hi = decode?.[c * 2 + 1] ?? (space.indexed ? max : 1);
    const target = v;
    if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi === lo) return 0;
    const s = Math.round(((target - lo) / (hi - lo)) * max);
    return Math.max(0, Math.min(max, s));
  });
}
