import { Unzlib } from "fflate";

/**
 * The one place zlib data is inflated. fflate inflates everything handed to one `push` before
 * its callback can stop it (262 KB of zlib came back as one 268,435,456-byte chunk), so input is
 * fed in slices: deflate expands at most 1032:1, so one slice makes at most about 1 MB, and the
 * running size is checked between slices. A test keeps every other inflate API out of worker/.
 */
export const SLICE = 1024;

/** The output passed its limit: nothing more was inflated. */
export class InflateLimit extends Error {
  constructor(readonly limit: number) {
    super(`inflates to more than ${limit} bytes`);
  }
}

/** The data is not zlib, or is damaged part-way. */
export class InflateDamaged extends Error {}

/**
 * A zlib stream inflated as compressed bytes arrive. `onData` sees each piece of output (a new
 * array of its own) and whether it is the stream's last.
 */
export class Inflater {
  private readonly z: Unzlib;
  /** The stream's end (with its checksum) has been reached. */
  complete = false;

  constructor(onData: (chunk: Uint8Array, final: boolean) => void) {
    this.z = new Unzlib((chunk, final) => {
      if (final) this.complete = true;
      onData(chunk, final);
    });
  }

  /** Feeds `data` a slice at a time; `last` says no more will come. Errors from onData pass through. */
  push(data: Uint8Array, last: boolean): void {
    if (data.length === 0 && last) {
      this.feed(data, true);
      return;
    }
    for (let at = 0; at < data.length; at += SLICE) {
      const end = Math.min(data.length, at + SLICE);
      this.feed(data.subarray(at, end), last && end === data.length);
    }
  }

  private feed(slice: Uint8Array, last: boolean): void {
    try {
      this.z.push(slice, last);
    } catch (err) {
      if (err instanceof InflateLimit || !(err instanceof Error) || !("code" in err)) throw err;
      // fflate's own errors carry a numeric code: invalid data, or data that ends too soon.
      throw new InflateDamaged(err.message);
    }
  }
}

export interface InflateOptions {
  /** Most output bytes allowed: one more and InflateLimit is thrown. */
  max: number;
  /** Damage or a missing end is an error (true), or what was inflated before it is kept (false). */
  strict?: boolean;
}

/** zlib data inflated in full, within `max` bytes. */
export function inflate(data: Uint8Array, opts: InflateOptions): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  const z = new Inflater((chunk) => {
    size += chunk.length;
    if (size > opts.max) throw new InflateLimit(opts.max);
    parts.push(chunk);
  });
  try {
    z.push(data, true);
  } catch (err) {
    if (opts.strict !== false || !(err instanceof InflateDamaged)) throw err;
  }
  if (opts.strict !== false && !z.complete) throw new InflateDamaged("the data ends before its end mark");
  return join(parts, size);
}

/** How many bytes zlib data inflates to, counted without keeping them; throws past `max`. */
export function inflatedSize(data: Uint8Array, opts: InflateOptions): number {
  let size = 0;
  const z = new Inflater((chunk) => {
    size += chunk.length;
    if (size > opts.max) throw new InflateLimit(opts.max);
  });
  try {
    z.push(data, true);
  } catch (err) {
    if (opts.strict !== false || !(err instanceof InflateDamaged)) throw err;
  }
  if (opts.strict !== false && !z.complete) throw new InflateDamaged("the data ends before its end mark");
  return size;
}

function join(parts: Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

class Enough extends Error {}

/** The first `n` bytes zlib data inflates to (fewer when it is shorter, or damaged before them). */
export function inflatePrefix(data: Uint8Array, n: number): Uint8Array {
  const out = new Uint8Array(n);
  let size = 0;
  const z = new Inflater((chunk) => {
    const take = Math.min(chunk.length, n - size);
    out.set(chunk.subarray(0, take), size);
    size += take;
    if (size >= n) throw new Enough();
  });
  try {
    // Small pieces first: fflate inflates a whole piece before it can be stopped, and 1 KB of a
    // bomb is a megabyte; 64 bytes are at most 66 KB.
    for (let from = 0, piece = 64; from < data.length; from += piece, piece *= 4) {
      z.push(data.subarray(from, from + piece), false);
    }
    z.push(new Uint8Array(0), true);
  } catch (err) {
    if (!(err instanceof Enough || err instanceof InflateDamaged)) throw err;
  }
  return out.subarray(0, size);
}

/**
 * zlib data inflated into one buffer of `size` bytes, the size `inflatedSize` counted: no piece is
 * kept past its copy, so a large stream costs its size once instead of twice (pieces, then joined).
 */
export function inflateInto(data: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  const z = new Inflater((chunk) => {
    if (at + chunk.length > size) throw new InflateLimit(size);
    out.set(chunk, at);
    at += chunk.length;
  });
  z.push(data, true);
  if (!z.complete || at !== size) throw new InflateDamaged("the data ends before its end mark");
  return out;
}

/** zlib data inflated in full, or null when it is damaged or would pass `max` bytes. */
export function inflateOrNull(data: Uint8Array, max: number): Uint8Array | null {
  try {
    return inflate(data, { max });
  } catch (err) {
    if (err instanceof InflateLimit || err instanceof InflateDamaged) return null;
    throw err;
  }
}
