import { chunkBytes } from "../image/png/chunks";
import { PngWriter } from "../image/png/encode";

/**
 * An image XObject's decoded samples written as a PNG. PDF packs samples the way PNG does (rows
 * padded to whole bytes, most significant bits first, 16-bit big-endian), so grey, RGB and
 * indexed images without a mask go through row by row at their own bit depth; CMYK becomes RGB
 * (simply, without a profile), and an alpha channel (the image's /SMask) makes an 8- or 16-bit
 * grey+alpha or RGBA PNG.
 */

export interface Samples {
  width: number;
  height: number;
  /** Bits per component: 1, 2, 4, 8 or 16. */
  bpc: number;
  /** 1 grey, 3 RGB, 4 CMYK; 1 for an indexed image (its samples are palette indices). */
  components: 1 | 3 | 4;
  data: Uint8Array;
  /** An indexed image's palette as RGB triples. */
  palette?: Uint8Array;
  /** /Decode [1 0]: dark and light swapped (stencil masks, some scans). */
  inverted?: boolean;
  /** One 8-bit alpha value per pixel, row by row. */
  alpha?: Uint8Array;
}

export function rowBytes(width: number, components: number, bpc: number): number {
  return Math.ceil((width * components * bpc) / 8);
}

/** Sample `i` of a packed row, as it is (0 .. 2^bpc - 1). */
function sample(row: Uint8Array, i: number, bpc: number): number {
  if (bpc === 8) return row[i];
  if (bpc === 16) return (row[i * 2] << 8) | row[i * 2 + 1];
  const bit = i * bpc;
  return (row[bit >> 3] >> (8 - bpc - (bit & 7))) & ((1 << bpc) - 1);
}

export async function samplesToPng(img: Samples): Promise<Uint8Array> {
  const { width, height, bpc, components, data, palette, alpha } = img;
  const stride = rowBytes(width, components, bpc);
  const max = (1 << bpc) - 1;
  const wide = bpc === 16;
  const asIs = !alpha && components !== 4 && (components === 1 || bpc >= 8);
  let colorType: number;
  let depth: number;
  const before: Uint8Array[] = [];
  if (palette && !alpha) {
    colorType = 3;
    depth = bpc;
    const entries = new Uint8Array(Math.max(3, Math.min(palette.length - (palette.length % 3), 3 << bpc)));
    entries.set(palette.subarray(0, entries.length));
    before.push(chunkBytes("PLTE", entries));
  } else if (asIs) {
    colorType = components === 1 ? 0 : 2;
    depth = bpc;
  } else {
    const colour = palette !== undefined || components !== 1;
    colorType = alpha ? (colour ? 6 : 4) : 2;
    depth = wide && !palette && components !== 4 ? 16 : 8;
  }
  const png = new PngWriter({ width, height, bitDepth: depth, colorType, interlace: 0 }, before);
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType] ?? 1;
  const out = new Uint8Array(colorType === 3 || asIs ? stride : width * channels * (depth / 8));
  const value = (v: number) => (depth === 16 ? v : wide ? v >> 8 : Math.round((v * 255) / max));
  const put = (at: number, v: number) => {
    if (depth === 16) {
      out[at * 2] = v >> 8;
      out[at * 2 + 1] = v & 255;
    } else out[at] = v;
  };
  for (let y = 0; y < height; y++) {
    const row = data.subarray(y * stride, (y + 1) * stride);
    if (colorType === 3 || asIs) {
      out.set(row);
      out.fill(0, row.length);
      if (img.inverted && colorType !== 3) for (let i = 0; i < out.length; i++) out[i] ^= 255;
      await png.addRow(out);
      continue;
    }
    for (let x = 0; x < width; x++) {
      let o = x * channels;
      if (palette) {
        const p = sample(row, x, bpc) * 3;
        put(o++, palette[p] ?? 0);
        put(o++, palette[p + 1] ?? 0);
        put(o++, palette[p + 2] ?? 0);
      } else if (components === 4) {
        const [c, m, ye, k] = [0, 1, 2, 3].map((i) => {
          const s = Math.round((sample(row, x * 4 + i, bpc) * 255) / max);
          return img.inverted ? 255 - s : s;
        });
        put(o++, 255 - Math.min(255, c + k));
        put(o++, 255 - Math.min(255, m + k));
        put(o++, 255 - Math.min(255, ye + k));
      } else {
        for (let i = 0; i < components; i++) {
          const s = sample(row, x * components + i, bpc);
          put(o++, value(img.inverted ? max - s : s));
        }
      }
      if (alpha) put(o, depth === 16 ? alpha[y * width + x] * 257 : alpha[y * width + x]);
    }
    await png.addRow(out);
  }
  return png.finish();
}
