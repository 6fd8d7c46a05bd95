/**
 * A JPEG without its metadata segments: APP1 (EXIF, where cameras put GPS positions, and XMP),
 * APP13 (Photoshop's IPTC) and comments. JFIF (APP0), ICC profiles (APP2) and the Adobe marker
 * (APP14, which says how the colours are encoded) are kept, and the image data is copied as
 * it is. Null when there is nothing to strip or the markers cannot be followed.
 */

const DROP = new Set([0xe1, 0xed, 0xfe]);

export function stripJpegMetadata(data: Uint8Array): Uint8Array | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  const keep: [number, number][] = [[0, 2]];
  let dropped = false;
  let p = 2;
  for (;;) {
    if (p + 4 > data.length || data[p] !== 0xff) return null;
    let q = p;
    while (q < data.length && data[q] === 0xff) q++;
    const marker = data[q];
    if (marker === undefined) return null;
    // The scan (and everything after it) is image data: copied whole.
    if (marker === 0xda) {
      keep.push([p, data.length]);
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      keep.push([p, q + 1]);
      p = q + 1;
      continue;
    }
    const len = (data[q + 1] << 8) | data[q + 2];
    const end = q + 1 + len;
    if (len < 2 || end > data.length) return null;
    if (DROP.has(marker)) dropped = true;
    else keep.push([p, end]);
    p = end;
  }
  if (!dropped) return null;
  const out = new Uint8Array(keep.reduce((n, [a, b]) => n + b - a, 0));
  let at = 0;
  for (const [a, b] of keep) {
    out.set(data.subarray(a, b), at);
    at += b - a;
  }
  return out;
}
