import { Unzlib, Zlib } from "fflate";
import { AppError } from "../errors";
import { type Budget, yieldToEventLoop } from "../services/budget";
import type { ParsedPng } from "./images-to-pdf-png";

/** Samples per pixel of each PNG colour type. */
export const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7: x start, y start, x step, y step of each pass. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];
const SLICE = 1 << 20;
const STOP = Symbol("enough data");

export interface Pass {
  xs: number;
  ys: number;
  dx: number;
  dy: number;
  w: number;
  h: number;
}

function passes(png: ParsedPng): Pass[] {
  const all = png.interlaced ? ADAM7 : [[0, 0, 1, 1]];
  return all
    .map(([xs, ys, dx, dy]) => ({
      xs,
      ys,
      dx,
      dy,
      w: Math.max(0, Math.ceil((png.width - xs) / dx)),
      h: Math.max(0, Math.ceil((png.height - ys) / dy)),
    }))
    .filter((p) => p.w > 0 && p.h > 0);
}

/**
 * Inflates the image data and hands over each unfiltered row. Exactly the declared amount of
 * data is read: a stream that is cut short is refused, and one that goes on (a bomb) is stopped.
 */
export async function readRows(png: ParsedPng, budget: Budget | undefined, unfilterRows: boolean, onRow: RowHandler) {
  const bits = CHANNELS[png.colorType] * png.bitDepth;
  const bpp = Math.max(1, bits >> 3);
  const list = passes(png);
  let p = 0;
  let y = 0;
  let rowLen = 1 + Math.ceil((list[0].w * bits) / 8);
  let cur = new Uint8Array(rowLen);
  let prev = new Uint8Array(rowLen);
  let filled = 0;
  const damaged = (why: string) => new AppError("invalid_file", `${png.name} is not a valid PNG image: ${why}.`);

  const inflater = new Unzlib((chunk) => {
    let at = 0;
    while (at < chunk.length) {
      if (p >= list.length) throw STOP;
      const n = Math.min(rowLen - filled, chunk.length - at);
      cur.set(chunk.subarray(at, at + n), filled);
      filled += n;
      at += n;
      if (filled < rowLen) return;
      if (cur[0] > 4) throw damaged("a row uses an unknown filter");
      if (unfilterRows) unfilter(cur, prev, bpp);
      onRow(list[p], y, cur.subarray(1));
      [cur, prev] = [prev, cur];
      filled = 0;
      if (++y === list[p].h) {
        y = 0;
        if (++p < list.length) {
          rowLen = 1 + Math.ceil((list[p].w * bits) / 8);
          cur = new Uint8Array(rowLen);
          prev = new Uint8Array(rowLen);
        }
      }
    }
  });
  try {
    for (let at = 0; at < png.idat.length; at += SLICE) {
      inflater.push(png.idat.subarray(at, at + SLICE), at + SLICE >= png.idat.length);
      budget?.check();
      await yieldToEventLoop();
    }
  } catch (err) {
    if (err !== STOP) {
      if (err instanceof AppError) throw err;
      throw damaged("its compressed data is corrupt or incomplete");
    }
  }
  if (p < list.length) throw damaged("the file is incomplete (it was cut short)");
}

export type RowHandler = (pass: Pass, y: number, row: Uint8Array) => void;

function unfilter(row: Uint8Array, prev: Uint8Array, bpp: number): void {
  const type = row[0];
  const n = row.length;
  // Index 0 is the filter byte in both rows; pixel bytes start at 1.
  for (let i = 1; i < n; i++) {
    const a = i > bpp ? row[i - bpp] : 0;
    const b = prev[i];
    if (type === 1) row[i] += a;
    else if (type === 2) row[i] += b;
    else if (type === 3) row[i] += (a + b) >> 1;
    else if (type === 4) {
      const c = i > bpp ? prev[i - bpp] : 0;
      const pa = Math.abs(b - c);
      const pb = Math.abs(a - c);
      const pc = Math.abs(a + b - 2 * c);
      row[i] += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
  }
}

/** Checks that a PNG we pass through untouched has complete, well-formed image data. */
export function verifyPngData(png: ParsedPng, budget?: Budget): Promise<void> {
  return readRows(png, budget, false, () => {});
}

/** Collects rows into a zlib stream without holding the whole uncompressed image. */
export class Compressor {
  private readonly parts: Uint8Array[] = [];
  private readonly z = new Zlib({ level: 6 }, (chunk) => {
    this.parts.push(chunk);
  });
  /** fflate copies what it is given, so callers may reuse their buffer. */
  push(bytes: Uint8Array): void {
    for (let at = 0; at < bytes.length; at += 1 << 16) this.z.push(bytes.subarray(at, at + (1 << 16)));
  }
  finish(): Uint8Array {
    this.z.push(new Uint8Array(0), true);
    const out = new Uint8Array(this.parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

/** Inflates a small zlib payload (an ICC profile), refusing anything larger than `max`. */
export function inflateLimited(data: Uint8Array, max: number): Uint8Array | undefined {
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    new Unzlib((chunk) => {
      size += chunk.length;
      if (size > max) throw STOP;
      parts.push(chunk.slice());
    }).push(data, true);
  } catch {
    return undefined;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
