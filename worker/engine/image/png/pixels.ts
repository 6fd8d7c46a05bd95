import { invalidImage } from "../jpeg/markers";
import type { Layout, PixelBand, PixelSource } from "../pixels";
import type { PngChunk, PngHeader } from "./chunks";
import type { RawRows } from "./decode";

const BAND_ROWS = 64;

export interface PngPalette {
  /** RGBA entries. */
  rgba: Uint8Array;
  count: number;
}

/** The tRNS colour key of a grey or RGB image, in sample values; null when there is none. */
export function colourKey(h: PngHeader, chunks: PngChunk[]): number[] | null {
  const t = chunks.find((c) => c.type === "tRNS");
  if (!t || (h.colorType !== 0 && h.colorType !== 2)) return null;
  const n = h.colorType === 0 ? 1 : 3;
  if (t.data.length < n * 2) return null;
  return Array.from({ length: n }, (_, i) => (t.data[i * 2] << 8) | t.data[i * 2 + 1]);
}

export function readPalette(h: PngHeader, chunks: PngChunk[]): PngPalette | null {
  if (h.colorType !== 3) return null;
  const plte = chunks.find((c) => c.type === "PLTE");
  if (!plte || plte.data.length % 3 !== 0 || plte.data.length === 0) throw invalidImage();
  const count = plte.data.length / 3;
  const rgba = new Uint8Array(256 * 4);
  const trns = chunks.find((c) => c.type === "tRNS")?.data;
  for (let i = 0; i < 256; i++) {
    const j = Math.min(i, count - 1);
    rgba.set(plte.data.subarray(j * 3, j * 3 + 3), i * 4);
    rgba[i * 4 + 3] = trns && i < trns.length ? trns[i] : 255;
  }
  return { rgba, count };
}

/** Sample x (channel c) of a raw row, at the image's bit depth. */
export function sample(row: Uint8Array, x: number, c: number, spp: number, depth: number): number {
  if (depth === 8) return row[x * spp + c];
  if (depth === 16) {
    const i = (x * spp + c) * 2;
    return (row[i] << 8) | row[i + 1];
  }
  const perByte = 8 / depth;
  const i = x * spp + c;
  return (row[(i / perByte) | 0] >> (8 - depth - (i % perByte) * depth)) & ((1 << depth) - 1);
}

/**
 * A PNG as 8-bit pixels, a band of rows at a time: grey, RGB, or RGBA when the image has any
 * transparency (alpha channel, palette tRNS or colour key). 16-bit samples keep their high byte.
 */
export class PngPixels implements PixelSource {
  readonly width: number;
  readonly height: number;
  readonly layout: Layout;
  private readonly palette: PngPalette | null;
  private readonly key: number[] | null;
  private rowsRead = 0;

  constructor(
    readonly raw: RawRows,
    chunks: PngChunk[],
  ) {
    const h = raw.header;
    this.width = h.width;
    this.height = h.height;
    this.palette = readPalette(h, chunks);
    this.key = colourKey(h, chunks);
    const transparent =
      h.colorType === 4 ||
      h.colorType === 6 ||
      this.key !== null ||
      (this.palette?.rgba.some((v, i) => i % 4 === 3 && v < 255) ?? false);
    this.layout = transparent ? "rgba" : h.colorType === 0 ? "gray" : "rgb";
  }

  rewind(): void {
    this.raw.rewind();
    this.rowsRead = 0;
  }

  nextBand(): PixelBand | null {
    const h = this.raw.header;
    const ch = this.layout === "gray" ? 1 : this.layout === "rgb" ? 3 : 4;
    const y0 = this.rowsRead;
    if (y0 >= h.height) return null;
    const rows = Math.min(BAND_ROWS, h.height - y0);
    const data = new Uint8Array(rows * h.width * ch);
    for (let r = 0; r < rows; r++) {
      const row = this.raw.next();
      if (!row) throw invalidImage();
      this.convertRow(row, data, r * h.width * ch, ch);
    }
    this.rowsRead += rows;
    return { y0, rows, data };
  }

  private convertRow(row: Uint8Array, out: Uint8Array, o: number, ch: number): void {
    const { width, colorType, bitDepth } = this.raw.header;
    const spp = colorType === 0 || colorType === 3 ? 1 : colorType === 4 ? 2 : colorType === 2 ? 3 : 4;
    const max = (1 << bitDepth) - 1;
    const to8 = (v: number) => (bitDepth === 16 ? v >> 8 : bitDepth === 8 ? v : Math.round((v * 255) / max));
    for (let x = 0, p = o; x < width; x++, p += ch) {
      if (this.palette) {
        const i = sample(row, x, 0, 1, bitDepth) * 4;
        for (let c = 0; c < ch; c++) out[p + c] = this.palette.rgba[i + c];
        continue;
      }
      const s = (c: number) => sample(row, x, c, spp, bitDepth);
      if (colorType === 0 || colorType === 4) {
        const g = to8(s(0));
        if (ch === 1) out[p] = g;
        else {
          out[p] = out[p + 1] = out[p + 2] = g;
          out[p + 3] = colorType === 4 ? to8(s(1)) : this.key && s(0) === this.key[0] ? 0 : 255;
        }
      } else {
        out[p] = to8(s(0));
        out[p + 1] = to8(s(1));
        out[p + 2] = to8(s(2));
        if (ch === 4) {
          const keyed = this.key && s(0) === this.key[0] && s(1) === this.key[1] && s(2) === this.key[2];
          out[p + 3] = colorType === 6 ? to8(s(3)) : keyed ? 0 : 255;
        }
      }
    }
  }
}
