/**
 * The quantization tables our JPEG encoders write: mozjpeg's default (table 3, N. Robidoux's,
 * for luma and chroma alike) scaled by quality as libjpeg's jpeg_set_quality scales it, limited
 * to 8-bit entries. The band encoder (mozjpeg) and the requantizer write the same tables at the
 * same quality, so a quality number means one thing whichever path made the file.
 */

/** Natural (row-major) order. */
const ROBIDOUX = [
  16, 16, 16, 18, 25, 37, 56, 85, 16, 17, 20, 27, 34, 40, 53, 75, 16, 20, 24, 31, 43, 62, 91, 135, 18, 27, 31, 40, 53,
  74, 106, 156, 25, 34, 43, 53, 69, 94, 131, 189, 37, 40, 62, 74, 94, 124, 169, 238, 56, 53, 91, 106, 131, 169, 226,
  311, 85, 75, 135, 156, 189, 238, 311, 418,
];

/** The table for quality 1-100, natural order. */
export function qualityTable(quality: number): Uint16Array {
  const q = Math.max(1, Math.min(100, Math.round(quality)));
  const scale = q < 50 ? Math.floor(5000 / q) : 200 - 2 * q;
  const t = new Uint16Array(64);
  for (let i = 0; i < 64; i++) t[i] = Math.max(1, Math.min(255, Math.floor((ROBIDOUX[i] * scale + 50) / 100)));
  return t;
}

/** Bits of |v| (JPEG's magnitude category). */
export function nbits(v: number): number {
  return v === 0 ? 0 : 32 - Math.clz32(v < 0 ? -v : v);
}
