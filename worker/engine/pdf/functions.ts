import { PDFArray, type PDFContext, PDFDict, PDFName, PDFNumber, type PDFObject, PDFRawStream } from "@cantoo/pdf-lib";
import { DecodeFailed, DecodeLimit } from "../core/decode";
import { decodeStream, MalformedFilters } from "./filters";
import { numberArray, resolve } from "./objects";
import { parsePostScript, runPostScript } from "./postscript";

/**
 * PDF functions (sampled, exponential, stitching and PostScript calculator: types 0, 2, 3, 4)
 * compiled into plain evaluators: what a Separation's or DeviceN's tint transform gives for a
 * colour, or a shading's colour at a point. Everything an untrusted function can ask for is
 * bounded: sample tables, program length, nesting, stack depth and steps per evaluation. A
 * function that cannot be read compiles to null.
 */

export type PdfFunction = (input: readonly number[]) => number[];

/** A sampled function's table, decoded: past this it is not a function anyone needs. */
const MAX_SAMPLE_BYTES = 4 * 1024 * 1024;
const MAX_INPUTS = 8;
const MAX_PROGRAM_BYTES = 64 * 1024;
const MAX_DEPTH = 16;

function dictOf(o: PDFObject | undefined): PDFDict | null {
  if (o instanceof PDFRawStream) return o.dict;
  return o instanceof PDFDict ? o : null;
}

const clip = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(v, hi));
const interpolate = (x: number, x0: number, x1: number, y0: number, y1: number) =>
  x1 === x0 ? y0 : y0 + ((x - x0) * (y1 - y0)) / (x1 - x0);

/** Compiles a function object (or an array of one-output functions, as shadings allow). */
export function compileFunction(ctx: PDFContext, obj: PDFObject | undefined, depth = 0): PdfFunction | null {
  const o = resolve(ctx, obj);
  if (depth > MAX_DEPTH) return null;
  if (o instanceof PDFArray) {
    const parts = o.asArray().map((f) => compileFunction(ctx, f, depth + 1));
    if (parts.length === 0 || parts.some((p) => p === null)) return null;
    return (x) => parts.map((p) => p!(x)[0] ?? 0);
  }
  const d = dictOf(o);
  if (!d) return null;
  const type = resolve(ctx, d.get(PDFName.of("FunctionType")));
  const domain = numberArray(ctx, d.get(PDFName.of("Domain")));
  if (!(type instanceof PDFNumber) || !domain || domain.length < 2 || domain.length % 2) return null;
  const range = numberArray(ctx, d.get(PDFName.of("Range")));
  let f: PdfFunction | null;
  try {
    switch (type.asNumber()) {
      case 0:
        f = o instanceof PDFRawStream ? sampled(ctx, o, domain, range) : null;
        break;
      case 2:
        f = exponential(ctx, d, domain);
        break;
      case 3:
        f = stitching(ctx, d, domain, depth);
        break;
      case 4:
        f = o instanceof PDFRawStream ? postscript(ctx, o, domain) : null;
        break;
      default:
        f = null;
    }
  } catch (err) {
    if (err instanceof DecodeLimit || err instanceof DecodeFailed || err instanceof MalformedFilters) return null;
    throw err;
  }
  if (!f || !range) return f;
  const inner = f;
  return (x) => inner(x).map((v, i) => (2 * i + 1 < range.length ? clip(v, range[2 * i], range[2 * i + 1]) : v));
}

function clipInputs(x: readonly number[], domain: number[]): number[] {
  const m = domain.length / 2;
  const out: number[] = [];
  for (let i = 0; i < m; i++) out.push(clip(x[i] ?? domain[2 * i], domain[2 * i], domain[2 * i + 1]));
  return out;
}

function sampled(ctx: PDFContext, s: PDFRawStream, domain: number[], range: number[] | null): PdfFunction | null {
  const d = s.dict;
  const size = numberArray(ctx, d.get(PDFName.of("Size")));
  const bpsObj = resolve(ctx, d.get(PDFName.of("BitsPerSample")));
  const m = domain.length / 2;
  if (!range || range.length < 2 || !size || size.length !== m || m > MAX_INPUTS || !(bpsObj instanceof PDFNumber))
    return null;
  const bps = bpsObj.asNumber();
  if (![1, 2, 4, 8, 12, 16, 24, 32].includes(bps) || size.some((n) => !Number.isInteger(n) || n < 1)) return null;
  const n = range.length / 2;
  const count = size.reduce((a, b) => a * b, 1) * n;
  if (!Number.isFinite(count) || (count * bps) / 8 > MAX_SAMPLE_BYTES) return null;
  const data = decodeStream(ctx, s, { max: MAX_SAMPLE_BYTES });
  if (data.length * 8 < count * bps) return null;
  const encode = numberArray(ctx, d.get(PDFName.of("Encode"))) ?? size.flatMap((k) => [0, k - 1]);
  const decode = numberArray(ctx, d.get(PDFName.of("Decode"))) ?? range;
  if (encode.length < 2 * m || decode.length < 2 * n) return null;
  const max = 2 ** bps - 1;
  const samples = new Float64Array(count);
  for (let i = 0; i < count; i++) samples[i] = readBits(data, i * bps, bps);
  // Strides: the first input varies fastest.
  const strides: number[] = [];
  let stride = n;
  for (let i = 0; i < m; i++) {
    strides.push(stride);
    stride *= size[i];
  }
  return (input) => {
    const x = clipInputs(input, domain);
    const lo: number[] = [];
    const frac: number[] = [];
    for (let i = 0; i < m; i++) {
      const e = clip(
        interpolate(x[i], domain[2 * i], domain[2 * i + 1], encode[2 * i], encode[2 * i + 1]),
        0,
        size[i] - 1,
      );
      const f = Math.min(Math.floor(e), size[i] - 1);
      lo.push(f);
      frac.push(e - f);
    }
    const out = new Array<number>(n).fill(0);
    // Multilinear: every corner of the cell, weighted.
    for (let corner = 0; corner < 1 << m; corner++) {
      let w = 1;
      let at = 0;
      for (let i = 0; i < m && w !== 0; i++) {
        const up = (corner >> i) & 1;
        // At the last sample frac is 0, so the corner past it weighs nothing.
        w *= up ? frac[i] : 1 - frac[i];
        at += (lo[i] + up) * strides[i];
      }
      if (w === 0) continue;
      for (let j = 0; j < n; j++) out[j] += w * samples[at + j];
    }
    return out.map((v, j) =>
      clip(interpolate(v, 0, max, decode[2 * j], decode[2 * j + 1]), range[2 * j], range[2 * j + 1]),
    );
  };
}

function readBits(data: Uint8Array, bit: number, bits: number): number {
  if (bits === 8) return data[bit >> 3];
  if (bits === 16) return (data[bit >> 3] << 8) | data[(bit >> 3) + 1];
  let v = 0;
  for (let i = 0; i < bits; i++) {
    const b = bit + i;
    v = v * 2 + ((data[b >> 3] >> (7 - (b & 7))) & 1);
  }
  return v;
}

function exponential(ctx: PDFContext, d: PDFDict, domain: number[]): PdfFunction | null {
  const c0 = numberArray(ctx, d.get(PDFName.of("C0"))) ?? [0];
  const c1 = numberArray(ctx, d.get(PDFName.of("C1"))) ?? [1];
  const nObj = resolve(ctx, d.get(PDFName.of("N")));
  if (!(nObj instanceof PDFNumber) || c0.length !== c1.length) return null;
  const e = nObj.asNumber();
  return (input) => {
    const x = clip(input[0] ?? domain[0], domain[0], domain[1]);
    const p = x ** e;
    const v = Number.isFinite(p) ? p : 0;
    return c0.map((a, i) => a + v * (c1[i] - a));
  };
}

function stitching(ctx: PDFContext, d: PDFDict, domain: number[], depth: number): PdfFunction | null {
  const fns = resolve(ctx, d.get(PDFName.of("Functions")));
  const bounds = numberArray(ctx, d.get(PDFName.of("Bounds")));
  const encode = numberArray(ctx, d.get(PDFName.of("Encode")));
  if (!(fns instanceof PDFArray) || !bounds || !encode) return null;
  const parts = fns.asArray().map((f) => compileFunction(ctx, f, depth + 1));
  const k = parts.length;
  if (k === 0 || bounds.length !== k - 1 || encode.length < 2 * k || parts.some((p) => p === null)) return null;
  return (input) => {
    const x = clip(input[0] ?? domain[0], domain[0], domain[1]);
    let i = 0;
    while (i < k - 1 && x >= bounds[i]) i++;
    const a = i === 0 ? domain[0] : bounds[i - 1];
    const b = i === k - 1 ? domain[1] : bounds[i];
    return parts[i]!([interpolate(x, a, b, encode[2 * i], encode[2 * i + 1])]);
  };
}

function postscript(ctx: PDFContext, s: PDFRawStream, domain: number[]): PdfFunction | null {
  const bytes = decodeStream(ctx, s, { max: MAX_PROGRAM_BYTES });
  const code = parsePostScript(new TextDecoder("latin1").decode(bytes));
  const range = numberArray(ctx, s.dict.get(PDFName.of("Range")));
  if (!code || !range) return null;
  const n = range.length / 2;
  return (input) => {
    const stack: (number | boolean)[] = clipInputs(input, domain);
    if (!runPostScript(code, stack)) return new Array<number>(n).fill(0);
    const out = stack.slice(-n).map((v) => (typeof v === "number" ? v : v ? 1 : 0));
    while (out.length < n) out.unshift(0);
    return out;
  };
}
