import { concat } from "../core/bytes";
import { inflateOrNull } from "../core/inflate";
import type { PngChunk } from "./png/chunks";

/** Real profiles are a few kilobytes to a few hundred; anything past this is not worth inflating. */
export const MAX_ICC_BYTES = 4 * 1024 * 1024;

/** The ICC profile of a JPEG, reassembled from its APP2 segments (in sequence order). */
export function iccFromJpeg(segments: Uint8Array[]): Uint8Array | null {
  if (segments.length === 0) return null;
  // Each segment: "ICC_PROFILE\0", sequence number, count, then data.
  const sorted = [...segments].sort((a, b) => a[12] - b[12]);
  return concat(sorted.map((s) => s.subarray(14)));
}

/** The ICC profile of a PNG's iCCP chunk (name, NUL, method, zlib data), or null. */
export function iccFromPng(chunks: PngChunk[]): Uint8Array | null {
  const c = chunks.find((ch) => ch.type === "iCCP");
  if (!c) return null;
  const nul = c.data.indexOf(0);
  if (nul < 0 || nul + 2 > c.data.length) return null;
  // A damaged or oversized profile is dropped rather than failing the whole image.
  return inflateOrNull(c.data.subarray(nul + 2), MAX_ICC_BYTES);
}
