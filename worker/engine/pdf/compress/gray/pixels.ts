import { zlibSync } from "fflate";
import { InflateReader } from "../../../core/inflate-reader";
import { paeth, unfilterRow } from "../../../core/predictor";
import { BatchedZlib, filteredRows } from "../../../image/png/encode";
import { cmykGray, type GraySpace } from "./colour";

/**
 * An image's samples to 8-bit grey, a row at a time: rows read from the stream (Flate inflated
 * as they are needed; other general filters decoded whole, within the caller's limit), every
 * sample depth and /Decode array read as PDF defines them, and grey rows written back deflated
 * with PNG predictors.
 */

export interface SampleLayout {
  width: number;
  height: number;
  /** Components per sample and bits per component. */
  n: number;
  bpc: number;
  /** /Decode: what sample 0 and the largest sample mean, per component. */
  decode: number[];
  space: GraySpace;
  /** A colour-key /Mask: raw sample ranges, per component, that are not painted. */
  colorKey: number[] | null;
}

export const rowBytes = (l: SampleLayout) => Math.ceil((l.width * l.n * l.bpc) / 8);

const sameDecode = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Raw sample rows to grey (0-255), and to a mask row (0: not painted) for a colour key. */
export class RowConverter {
  private readonly fast: "rgb" | "cmyk" | null;
  /** Per component, sample value to the component value it means. */
  private readonly values: Float64Array[];
  /** One-component spaces: sample value straight to grey. */
  private readonly grayOf: Uint8Array | null;
  private readonly comps: number[];

  constructor(private readonly l: SampleLayout) {
    const plain = l.bpc === 8 && sameDecode(l.decode, l.space.decode);
    const unitRange = l.space.decode.every((v, i) => v === i % 2);
    this.fast = plain && unitRange && (l.space.model === "rgb" || l.space.model === "cmyk") ? l.space.model : null;
    const levels = 2 ** l.bpc;
    const max = levels - 1;
    this.values = Array.from({ length: l.n }, (_, c) => {
      const t = new Float64Array(levels);
      const d0 = l.decode[2 * c] ?? 0;
      const d1 = l.decode[2 * c + 1] ?? 1;
      for (let s = 0; s < levels; s++) t[s] = d0 + (s * (d1 - d0)) / max;
      return t;
    });
    this.comps = new Array(l.n).fill(0);
    if (l.n === 1) {
      const g = new Uint8Array(levels);
      for (let s = 0; s < levels; s++) g[s] = Math.round(l.space.toGray([this.values[0][s]]) * 255);
      this.grayOf = g;
    } else this.grayOf = null;
  }

  convert(row: Uint8Array, out: Uint8Array, mask: Uint8Array | null): void {
    const { width: w, n, bpc, colorKey } = this.l;
    if (this.fast === "rgb") {
      for (let x = 0, p = 0; x < w; x++, p += 3)
        out[x] = (19595 * row[p] + 38470 * row[p + 1] + 7471 * row[p + 2] + 32768) >> 16;
    } else if (this.fast === "cmyk") {
      for (let x = 0, p = 0; x < w; x++, p += 4)
        out[x] = Math.round(cmykGray(row[p] / 255, row[p + 1] / 255, row[p + 2] / 255, row[p + 3] / 255) * 255);
    } else {
      for (let x = 0; x < w; x++) {
        if (this.grayOf) {
          out[x] = this.grayOf[sampleAt(row, x, bpc)];
          continue;
        }
        for (let c = 0; c < n; c++) this.comps[c] = this.values[c][sampleAt(row, x * n + c, bpc)];
        out[x] = Math.round(this.l.space.toGray(this.comps) * 255);
      }
    }
    if (mask && colorKey) {
      for (let x = 0; x < w; x++) {
        let keyed = true;
        for (let c = 0; c < n && keyed; c++) {
          const s = sampleAt(row, x * n + c, bpc);
          keyed = s >= colorKey[2 * c] && s <= colorKey[2 * c + 1];
        }
        mask[x] = keyed ? 0 : 255;
      }
    }
  }
}

function sampleAt(row: Uint8Array, i: number, bpc: number): number {
  switch (bpc) {
    case 8:
      return row[i];
    case 16:
      return (row[2 * i] << 8) | row[2 * i + 1];
    default: {
      const bit = i * bpc;
      return (row[bit >> 3] >> (8 - bpc - (bit & 7))) & ((1 << bpc) - 1);
    }
  }
}

/** Predictor parameters of a Flate or LZW stream, as its /DecodeParms gives them. */
export interface Predictor {
  predictor: number;
  colors: number;
  bpc: number;
  columns: number;
}

/**
 * The raw rows of an image stream. `next` gives null when the data ends early or is damaged: a
 * reader shows such an image with the missing rows empty, and so is it converted.
 */
export interface RowSource {
  next(): Uint8Array | null;
}

class Broken extends Error {}
const BROKEN = { truncated: () => new Broken(), corrupt: () => new Broken() };

/** Rows of a Flate stream, inflated as they are read (PNG predictors, or TIFF's at 8 bits). */
export function flateRowSource(data: Uint8Array, l: SampleLayout, pred: Predictor | null): RowSource | null {
  const stride = rowBytes(l);
  const p = pred?.predictor ?? 1;
  if (p > 1) {
    if (pred!.colors !== l.n || pred!.bpc !== l.bpc || pred!.columns !== l.width) return null;
    if (p === 2 && l.bpc !== 8) return null;
    if (p !== 2 && p < 10) return null;
  }
  const reader = new InflateReader([data], BROKEN);
  const bpp = Math.max(1, (l.n * l.bpc) >> 3);
  let prev: Uint8Array = new Uint8Array(stride);
  let failed = false;
  return {
    next() {
      if (failed) return null;
      try {
        let row: Uint8Array;
        if (p >= 10) {
          const filter = reader.take(1)[0];
          row = reader.take(stride);
          if (!unfilterRow(filter, row, prev, bpp, stride)) throw new Broken();
        } else {
          row = reader.take(stride);
          if (p === 2) for (let i = l.n; i < row.length; i++) row[i] = (row[i] + row[i - l.n]) & 255;
        }
        prev = row;
        return row;
      } catch (err) {
        if (!(err instanceof Broken)) throw err;
        failed = true;
        return null;
      }
    },
  };
}

/** Rows of data already decoded whole. */
export function memoryRowSource(data: Uint8Array, l: SampleLayout): RowSource {
  const stride = rowBytes(l);
  let y = 0;
  return {
    next() {
      if ((y + 1) * stride > data.length) return null;
      return data.subarray(y++ * stride, y * stride);
    },
  };
}

/** Below this many grey bytes, rows are gathered and deflated at level 9; above, streamed. */
const ONE_SHOT = 4 * 1024 * 1024;
/** Up to this size both plain and predicted data are tried; past it, predicted only. */
const BOTH = 1024 * 1024;

/** A grey row PNG-filtered against the one above it, with the filter of smallest absolute sum (libpng's choice). */
function filterRow(row: Uint8Array, up: Uint8Array, out: Uint8Array, tmp: Uint8Array): void {
  const n = row.length;
  let best = -1;
  let bestSum = Number.POSITIVE_INFINITY;
  for (let f = 0; f < 5; f++) {
    let sum = 0;
    for (let i = 0; i < n && sum < bestSum; i++) {
      const a = i > 0 ? row[i - 1] : 0;
      const b = up[i];
      const c = i > 0 ? up[i - 1] : 0;
      const pred = f === 0 ? 0 : f === 1 ? a : f === 2 ? b : f === 3 ? (a + b) >> 1 : paeth(a, b, c);
      const v = (row[i] - pred) & 255;
      tmp[i] = v;
      sum += v < 128 ? v : 256 - v;
    }
    if (sum < bestSum) {
      bestSum = sum;
      best = f;
      out[0] = f;
      out.set(tmp, 1);
    }
  }
  if (best < 0) out.fill(0);
}

/**
 * Grey rows deflated with PNG predictors (a /Predictor 15 stream): small images at level 9 in
 * one go, large ones through the platform's zlib a batch at a time, so memory holds a batch.
 */
export class GrayWriter {
  private readonly rows: Uint8Array | null;
  private readonly zlib: BatchedZlib | null;
  private prev: Uint8Array;
  private readonly filtered: Uint8Array;
  private readonly tmp: Uint8Array;
  private y = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const small = width * height <= ONE_SHOT;
    this.rows = small ? new Uint8Array(width * height) : null;
    this.zlib = small ? null : new BatchedZlib();
    this.prev = new Uint8Array(width);
    this.filtered = new Uint8Array(width + 1);
    this.tmp = new Uint8Array(width);
  }

  /** The bytes this writer holds at most, for the budget. */
  static held(width: number, height: number): number {
    return width * height <= ONE_SHOT ? width * height * 3 + 1024 * 1024 : 2 * 1024 * 1024 + width * 4;
  }

  async add(row: Uint8Array): Promise<void> {
    if (this.rows) this.rows.set(row, this.y * this.width);
    else {
      filterRow(row, this.prev, this.filtered, this.tmp);
      await this.zlib!.push(this.filtered);
      this.prev = row;
    }
    this.y++;
  }

  /** The deflated rows, and whether they carry PNG predictor bytes. */
  async finish(): Promise<{ bytes: Uint8Array; predicted: boolean }> {
    if (!this.rows) return { bytes: await this.zlib!.finish(), predicted: true };
    const predicted = zlibSync(filteredRows(this.rows, this.width, this.height, 1), { level: 9 });
    if (this.rows.length > BOTH) return { bytes: predicted, predicted: true };
    const plain = zlibSync(this.rows, { level: 9 });
    return predicted.length < plain.length ? { bytes: predicted, predicted: true } : { bytes: plain, predicted: false };
  }
}
