import { concat, latin1 } from "../../core/bytes";
import { readExif } from "../exif";
import { invalidImage } from "../jpeg/markers";

/** WebP's RIFF container: chunks, metadata, and the ICC profile spliced back in. */

interface RiffChunk {
  id: string;
  data: Uint8Array;
}

function readRiff(b: Uint8Array): RiffChunk[] {
  if (b.length < 12 || latin1(b.subarray(0, 4)) !== "RIFF") throw invalidImage();
  const out: RiffChunk[] = [];
  let p = 12;
  while (p + 8 <= b.length) {
    const id = latin1(b.subarray(p, p + 4));
    const size = (b[p + 4] | (b[p + 5] << 8) | (b[p + 6] << 16) | (b[p + 7] << 24)) >>> 0;
    if (p + 8 + size > b.length) throw invalidImage("This WebP is truncated or damaged and could not be read.");
    out.push({ id, data: b.subarray(p + 8, p + 8 + size) });
    p += 8 + size + (size & 1);
  }
  return out;
}

function writeRiff(chunks: RiffChunk[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const c of chunks) {
    const head = new Uint8Array(8);
    head.set([...c.id].map((ch) => ch.charCodeAt(0)));
    new DataView(head.buffer).setUint32(4, c.data.length, true);
    parts.push(head, c.data);
    if (c.data.length & 1) parts.push(new Uint8Array(1));
  }
  const body = concat(parts);
  const head = new Uint8Array(12);
  head.set([0x52, 0x49, 0x46, 0x46]);
  new DataView(head.buffer).setUint32(4, body.length + 4, true);
  head.set([0x57, 0x45, 0x42, 0x50], 8);
  return concat([head, body]);
}

export interface WebpMeta {
  icc: Uint8Array | null;
  orientation: number;
  lossless: boolean;
}

export function webpMeta(b: Uint8Array): WebpMeta {
  const chunks = readRiff(b);
  const exif = chunks.find((c) => c.id === "EXIF")?.data;
  // Some writers keep the "Exif\0\0" prefix inside the chunk.
  const tiff = exif && latin1(exif.subarray(0, 4)) === "Exif" ? exif.subarray(6) : exif;
  return {
    icc: chunks.find((c) => c.id === "ICCP")?.data ?? null,
    orientation: tiff ? readExif(tiff).orientation : 1,
    lossless: chunks.some((c) => c.id === "VP8L"),
  };
}

/** The same file without EXIF and XMP (used for animations, which are not re-encoded). */
export function stripWebpMetadata(b: Uint8Array): Uint8Array {
  const chunks = readRiff(b).filter((c) => c.id !== "EXIF" && c.id !== "XMP ");
  const vp8x = chunks.find((c) => c.id === "VP8X");
  if (vp8x) {
    const flags = vp8x.data.slice();
    flags[0] &= ~(0x08 | 0x04);
    vp8x.data = flags;
  }
  return writeRiff(chunks);
}

/** Adds an ICC profile to a WebP the encoder wrote (which carries none). */
export function withIcc(b: Uint8Array, icc: Uint8Array | null, width: number, height: number): Uint8Array {
  if (!icc) return b;
  const chunks = readRiff(b).filter((c) => c.id !== "VP8X" && c.id !== "ICCP");
  const vp8l = chunks.find((c) => c.id === "VP8L")?.data;
  const alpha =
    chunks.some((c) => c.id === "ALPH") || (vp8l !== undefined && vp8l.length > 4 && (vp8l[4] & 0x10) !== 0);
  const x = new Uint8Array(10);
  x[0] = 0x20 | (alpha ? 0x10 : 0);
  x.set([(width - 1) & 255, ((width - 1) >> 8) & 255, (width - 1) >> 16], 4);
  x.set([(height - 1) & 255, ((height - 1) >> 8) & 255, (height - 1) >> 16], 7);
  return writeRiff([{ id: "VP8X", data: x }, { id: "ICCP", data: icc }, ...chunks]);
}
