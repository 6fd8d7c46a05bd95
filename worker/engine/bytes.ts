import { Unzlib } from "fflate";

/** The parts laid end to end in one new array. */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

class TooLarge extends Error {}

/** zlib data inflated in full, or null when it is damaged or would be larger than `max` bytes. */
export function inflateBounded(data: Uint8Array, max: number): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let size = 0;
  const z = new Unzlib((chunk) => {
    size += chunk.length;
    if (size > max) throw new TooLarge();
    parts.push(chunk.slice());
  });
  try {
    z.push(data, true);
  } catch {
    return null;
  }
  return concat(parts);
}
