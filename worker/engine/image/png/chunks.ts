import { invalidImage } from "../jpeg/markers";

/** PNG container: chunks, the header, CRCs. */

export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngChunk {
  type: string;
  data: Uint8Array;
}

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
}

/** Samples per pixel of each colour type. */
export const SAMPLES: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** The bit depths PNG allows for each colour type. */
export const DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(parts: Uint8Array[]): number {
  let c = 0xffffffff;
  for (const p of parts) for (let i = 0; i < p.length; i++) c = CRC_TABLE[(c ^ p[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function u32(b: Uint8Array, at: number): number {
  return ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
}

/** The chunks in file order; a file cut short or with a broken length is refused. */
export function readChunks(png: Uint8Array): PngChunk[] {
  for (let i = 0; i < 8; i++) if (png[i] !== PNG_SIGNATURE[i]) throw invalidImage();
  const chunks: PngChunk[] = [];
  let p = 8;
  while (p + 8 <= png.length) {
    const len = u32(png, p);
    const type = String.fromCharCode(png[p + 4], png[p + 5], png[p + 6], png[p + 7]);
    if (!/^[A-Za-z]{4}$/.test(type) || p + 12 + len > png.length) throw invalidImage();
    chunks.push({ type, data: png.subarray(p + 8, p + 8 + len) });
    p += 12 + len;
    if (type === "IEND") return chunks;
  }
  throw invalidImage("This PNG is truncated or damaged and could not be read.");
}

export function parseHeader(chunks: PngChunk[]): PngHeader {
  const ihdr = chunks[0];
  if (ihdr?.type !== "IHDR" || ihdr.data.length < 13) throw invalidImage();
  return headerFrom(ihdr.data);
}

export function headerFrom(d: Uint8Array): PngHeader {
  const h = { width: u32(d, 0), height: u32(d, 4), bitDepth: d[8], colorType: d[9], interlace: d[12] };
  if (!DEPTHS[h.colorType]?.includes(h.bitDepth) || h.width === 0 || h.height === 0 || h.interlace > 1) {
    throw invalidImage();
  }
  return h;
}

export function chunkBytes(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const t = new Uint8Array([...type].map((c) => c.charCodeAt(0)));
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(t, 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32([t, data]));
  return out;
}

export function ihdrData(h: PngHeader): Uint8Array {
  const d = new Uint8Array(13);
  const v = new DataView(d.buffer);
  v.setUint32(0, h.width);
  v.setUint32(4, h.height);
  d[8] = h.bitDepth;
  d[9] = h.colorType;
  d[12] = h.interlace;
  return d;
}

/** Ancillary chunks that change how the image looks (kept); everything else optional goes. */
export const COLOUR_CHUNKS = new Set(["iCCP", "sRGB", "gAMA", "cHRM", "cICP", "mDCv", "cLLi"]);
