import { Unzlib, Zlib } from "fflate";

const STOP = Symbol("enough data");

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
