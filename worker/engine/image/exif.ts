/** The one EXIF field the image tools read and write: orientation. */

/** The Orientation tag (0x0112) of a TIFF-structured EXIF block; 1 when absent or unreadable. */
export function exifOrientation(tiff: Uint8Array): number {
  if (tiff.length < 8) return 1;
  const le = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!le && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return 1;
  const u16 = (at: number) =>
    at + 2 > tiff.length ? 0 : le ? tiff[at] | (tiff[at + 1] << 8) : (tiff[at] << 8) | tiff[at + 1];
  const u32 = (at: number) => (u16(le ? at + 2 : at) * 65536 + u16(le ? at : at + 2)) >>> 0;
  const ifd = u32(4);
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) break;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** A minimal EXIF APP1 payload holding only an orientation (when the original is returned). */
export function orientationExif(orientation: number): Uint8Array {
  // "Exif\0\0", big-endian TIFF header, one IFD with one SHORT entry.
  return new Uint8Array([
    0x45,
    0x78,
    0x69,
    0x66,
    0,
    0,
    0x4d,
    0x4d,
    0,
    42,
    0,
    0,
    0,
    8,
    0,
    1,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
}
