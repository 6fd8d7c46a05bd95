import { deflateSync } from "node:zlib";

/** Deterministic bytes that do not compress. */
export function randomBytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = s & 255;
  }
  return out;
}

/** zlib data (made by node:zlib) inflating to `bytes` spaces. */
export function bombOf(bytes: number): Uint8Array {
  const chunk = Buffer.alloc(Math.min(bytes, 64 * 1024 * 1024), 0x20);
  const parts: Buffer[] = [];
  for (let left = bytes; left > 0; left -= chunk.length) parts.push(chunk.subarray(0, Math.min(left, chunk.length)));
  return new Uint8Array(deflateSync(Buffer.concat(parts), { level: 9 }));
}
