import { InflateDamaged, InflateLimit, inflate, inflatedSize } from "./inflate";
import { LzwError, lzwDecode, lzwDecodedSize } from "./lzw";
import { type PredictorParams, unpredict, validPredictor } from "./predictor";

/**
 * PDF's general-purpose filters, every one bounded: Flate (a slice at a time), LZW, RunLength,
 * ASCIIHex and ASCII85, with the PNG and TIFF predictors. Each stops one byte past `max`, so a
 * bomb costs at most `max` bytes and the time to make them, and image filters (DCT, JPX, CCITT,
 * JBIG2) are left to the image code. This replaces pdf-lib's decoders, which allocate what a
 * stream asks for before reading it.
 */

/** One filter of a stream's chain, with its /DecodeParms read. */
export interface DecodeStep {
  name: string;
  predictor?: PredictorParams;
  /** LZW's /EarlyChange (default 1). */
  earlyChange?: number;
}

/** The decoded data passed `max` bytes (at the step named). */
export class DecodeLimit extends Error {
  constructor(
    readonly limit: number,
    readonly filter: string,
  ) {
    super(`${filter} data decodes to more than ${limit} bytes`);
  }
}

/** The data is damaged, or uses a filter this decoder does not apply. */
export class DecodeFailed extends Error {
  constructor(
    message: string,
    readonly unsupported = false,
  ) {
    super(message);
  }
}

export const FILTER_ALIASES: Record<string, string> = {
  Fl: "FlateDecode",
  LZW: "LZWDecode",
  A85: "ASCII85Decode",
  AHx: "ASCIIHexDecode",
  RL: "RunLengthDecode",
  DCT: "DCTDecode",
  CCF: "CCITTFaxDecode",
};

const GENERAL = new Set(["FlateDecode", "LZWDecode", "ASCII85Decode", "ASCIIHexDecode", "RunLengthDecode"]);

export function isGeneralFilter(name: string): boolean {
  return GENERAL.has(FILTER_ALIASES[name] ?? name);
}

export interface DecodeOptions {
  max: number;
  /** Damage part-way is an error (true, the default), or what was decoded before it is kept. */
  strict?: boolean;
}

/** The data through every step, at most `max` bytes after each. */
export function decodeSteps(data: Uint8Array, steps: readonly DecodeStep[], opts: DecodeOptions): Uint8Array {
  let out = data;
  for (const step of steps) out = decodeStep(out, step, opts);
  return out;
}

/**
 * How many bytes the data decodes to, with the last step only counted (nothing is kept of its
 * output). Steps before it are decoded, within `max`.
 */
export function decodedSize(data: Uint8Array, steps: readonly DecodeStep[], opts: DecodeOptions): number {
  if (steps.length === 0) return data.length;
  const head = decodeSteps(data, steps.slice(0, -1), opts);
  const last = steps[steps.length - 1];
  const name = FILTER_ALIASES[last.name] ?? last.name;
  const predicted = last.predictor && last.predictor.predictor > 1;
  if (predicted && !validPredictor(last.predictor!)) throw new DecodeFailed("impossible predictor parameters");
  // Predictors never make data longer, so counting what comes before them bounds the size.
  if (name === "FlateDecode") return guard(name, opts.max, () => inflatedSize(head, opts));
  if (name === "LZWDecode") {
    return guard(name, opts.max, () =>
      lzwDecodedSize(head, last.earlyChange ?? 1, opts.max, new DecodeLimit(opts.max, name)),
    );
  }
  if (name === "RunLengthDecode") return runLengthSize(head, opts.max);
  return decodeStep(head, last, opts).length;
}

/** RunLength's decoded length, counted without making it. */
function runLengthSize(data: Uint8Array, max: number): number {
  let n = 0;
  for (let i = 0; i < data.length; ) {
    const len = data[i++];
    if (len === 128) break;
    if (len < 128) {
      const k = Math.min(len + 1, data.length - i);
      n += k;
      i += k;
    } else {
      if (i >= data.length) break;
      n += 257 - len;
      i++;
    }
    if (n > max) throw new DecodeLimit(max, "RunLengthDecode");
  }
  return n;
}

function decodeStep(data: Uint8Array, step: DecodeStep, opts: DecodeOptions): Uint8Array {
  const name = FILTER_ALIASES[step.name] ?? step.name;
  let out: Uint8Array;
  switch (name) {
    case "FlateDecode":
      out = guard(name, opts.max, () => inflate(data, opts));
      break;
    case "LZWDecode":
      out = guard(name, opts.max, () =>
        lzwDecode(data, step.earlyChange ?? 1, opts.max, new DecodeLimit(opts.max, name)),
      );
      break;
    case "ASCIIHexDecode":
      out = asciiHex(data);
      break;
    case "ASCII85Decode":
      out = ascii85(data, opts.max);
      break;
    case "RunLengthDecode":
      out = runLength(data, opts.max);
      break;
    case "Crypt":
      // Only the Identity crypt filter reaches here: the decryptor has already run.
      return data;
    default:
      throw new DecodeFailed(`${name} is not a general-purpose filter`, true);
  }
  if (step.predictor && step.predictor.predictor > 1 && (name === "FlateDecode" || name === "LZWDecode")) {
    const plain = unpredict(out, step.predictor);
    if (!plain) throw new DecodeFailed("impossible predictor parameters or an unknown row filter");
    out = plain;
  }
  return out;
}

function guard<T>(filter: string, max: number, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof DecodeLimit) throw err;
    if (err instanceof InflateLimit) throw new DecodeLimit(max, filter);
    if (err instanceof InflateDamaged || err instanceof LzwError) throw new DecodeFailed(`${filter} data is damaged`);
    throw err;
  }
}

const HEX = new Int8Array(256).fill(-1);
for (let i = 0; i < 10; i++) HEX[48 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX[65 + i] = 10 + i;
  HEX[97 + i] = 10 + i;
}
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13 || c === 0;

/** Hex pairs to bytes (never longer than half the input); `>` ends the data, an odd digit is padded. */
function asciiHex(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length / 2));
  let n = 0;
  let high = -1;
  for (const c of data) {
    if (c === 62) break;
    if (isSpace(c)) continue;
    const v = HEX[c];
    if (v < 0) throw new DecodeFailed("ASCIIHex data holds a character that is not a hex digit");
    if (high < 0) high = v;
    else {
      out[n++] = (high << 4) | v;
      high = -1;
    }
  }
  if (high >= 0) out[n++] = high << 4;
  return out.subarray(0, n);
}

/** Base-85 groups to bytes; `z` stands for four zeros, so the output is at most four times the input. */
function ascii85(data: Uint8Array, max: number): Uint8Array {
  const out = new Uint8Array(Math.min(max + 1, data.length * 4));
  let n = 0;
  const group: number[] = [];
  const put = (bytes: number) => {
    if (n + bytes > max) throw new DecodeLimit(max, "ASCII85Decode");
  };
  const flush = (count: number) => {
    let v = 0;
    for (let i = 0; i < 5; i++) v = v * 85 + (i < count ? group[i] : 84);
    if (v > 0xffffffff) throw new DecodeFailed("ASCII85 data holds a group out of range");
    put(count - 1);
    for (let i = 0; i < count - 1; i++) out[n++] = (v >>> (24 - 8 * i)) & 255;
  };
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === 126) break; // "~>" ends the data
    if (isSpace(c)) continue;
    if (c === 122 && group.length === 0) {
      put(4);
      n += 4;
      continue;
    }
    if (c < 33 || c > 117) throw new DecodeFailed("ASCII85 data holds a character outside its alphabet");
    group.push(c - 33);
    if (group.length === 5) {
      flush(5);
      group.length = 0;
    }
  }
  if (group.length === 1) throw new DecodeFailed("ASCII85 data ends in a lone character");
  if (group.length > 1) flush(group.length);
  return out.subarray(0, n);
}

/** RunLength: 0-127 copy that many plus one bytes, 129-255 repeat the next byte 257 - n times, 128 ends. */
function runLength(data: Uint8Array, max: number): Uint8Array {
  // Worst case 128 bytes out for 2 in: sized as it grows, never past max.
  let out = new Uint8Array(Math.min(max + 1, Math.max(1024, data.length * 2)));
  let n = 0;
  const room = (k: number) => {
    if (n + k > max) throw new DecodeLimit(max, "RunLengthDecode");
    if (n + k > out.length) {
      const grown = new Uint8Array(Math.min(max, Math.max(out.length * 2, n + k)));
      grown.set(out.subarray(0, n));
      out = grown;
    }
  };
  for (let i = 0; i < data.length; ) {
    const len = data[i++];
    if (len === 128) break;
    if (len < 128) {
      const k = Math.min(len + 1, data.length - i);
      room(k);
      out.set(data.subarray(i, i + k), n);
      n += k;
      i += k;
    } else {
      if (i >= data.length) break;
      const k = 257 - len;
      room(k);
      out.fill(data[i++], n, n + k);
      n += k;
    }
  }
  return out.subarray(0, n);
}
