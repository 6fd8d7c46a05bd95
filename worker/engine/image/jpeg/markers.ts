import { EngineError } from "../../core/errors";
import { readExif } from "../exif";

/** JPEG structure: frame header, tables and the segments worth keeping (ICC, Adobe). */

export interface JpegComponent {
  id: number;
  h: number;
  v: number;
  /** Quantization table slot. */
  tq: number;
  /** Blocks in the padded MCU grid (what an interleaved scan walks). */
  blocksPerLine: number;
  blocksPerColumn: number;
  /** Blocks that hold image data (what a single-component scan walks). */
  dataBlocksPerLine: number;
  dataBlocksPerColumn: number;
}

export interface JpegFrame {
  progressive: boolean;
  width: number;
  height: number;
  components: JpegComponent[];
  hmax: number;
  vmax: number;
  mcusPerLine: number;
  mcusPerColumn: number;
}

export interface HuffmanSpec {
  /** Number of codes of each length 1..16. */
  counts: Uint8Array;
  symbols: Uint8Array;
}

export interface ScanComponent {
  index: number;
  td: number;
  ta: number;
}

export interface ScanHeader {
  components: ScanComponent[];
  ss: number;
  se: number;
  ah: number;
  al: number;
}

/** The zig-zag order: ZIGZAG[k] is the natural (row-major) index of the k-th coefficient. */
export const ZIGZAG = new Uint8Array([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63,
]);

export function invalidImage(message = "This image is damaged or incomplete and could not be read."): EngineError {
  return new EngineError("invalid_file", message);
}

export function readU16(b: Uint8Array, at: number): number {
  if (at + 2 > b.length) throw invalidImage();
  return (b[at] << 8) | b[at + 1];
}

export function parseFrame(seg: Uint8Array, marker: number): JpegFrame {
  if (marker === 0xc3 || marker === 0xc7 || marker === 0xcb || marker === 0xcf) {
    throw invalidImage(
      "This JPEG uses lossless encoding, which is not supported. Save it as a normal JPEG or PNG first.",
    );
  }
  if (marker >= 0xc9) {
    throw invalidImage("This JPEG uses arithmetic coding, which is not supported. Save it as a normal JPEG first.");
  }
  if (marker !== 0xc0 && marker !== 0xc1 && marker !== 0xc2) {
    throw invalidImage("This JPEG uses a rare hierarchical encoding that is not supported.");
  }
  if (seg.length < 6) throw invalidImage();
  if (seg[0] !== 8) throw invalidImage("This JPEG uses 12-bit samples, which are not supported.");
  const height = readU16(seg, 1);
  const width = readU16(seg, 3);
  const n = seg[5];
  if (width === 0 || height === 0) throw invalidImage("This JPEG declares no size (DNL images are not supported).");
  if (n !== 1 && n !== 3 && n !== 4) throw invalidImage();
  if (seg.length < 6 + n * 3) throw invalidImage();
  const raw: { id: number; h: number; v: number; tq: number }[] = [];
  for (let i = 0; i < n; i++) {
    const o = 6 + i * 3;
    const h = seg[o + 1] >> 4;
    const v = seg[o + 1] & 15;
    if (h < 1 || h > 4 || v < 1 || v > 4 || seg[o + 2] > 3) throw invalidImage();
    raw.push({ id: seg[o], h, v, tq: seg[o + 2] });
  }
  // A single component's scan is one block per MCU whatever factors it declares.
  if (n === 1) {
    raw[0].h = 1;
    raw[0].v = 1;
  }
  const hmax = Math.max(...raw.map((c) => c.h));
  const vmax = Math.max(...raw.map((c) => c.v));
  const mcusPerLine = Math.ceil(width / (8 * hmax));
  const mcusPerColumn = Math.ceil(height / (8 * vmax));
  const components = raw.map((c) => ({
    ...c,
    blocksPerLine: mcusPerLine * c.h,
    blocksPerColumn: mcusPerColumn * c.v,
    dataBlocksPerLine: Math.ceil(Math.ceil((width * c.h) / hmax) / 8),
    dataBlocksPerColumn: Math.ceil(Math.ceil((height * c.v) / vmax) / 8),
  }));
  return { progressive: marker === 0xc2, width, height, components, hmax, vmax, mcusPerLine, mcusPerColumn };
}

/** DQT: up to four tables, in zig-zag order, 8- or 16-bit entries. */
export function parseQuantTables(seg: Uint8Array, into: (Uint16Array | undefined)[]): void {
  let p = 0;
  while (p < seg.length) {
    const pq = seg[p] >> 4;
    const tq = seg[p] & 15;
    if (tq > 3 || pq > 1) throw invalidImage();
    p++;
    const table = new Uint16Array(64);
    for (let k = 0; k < 64; k++) {
      if (pq === 0) table[k] = seg[p++];
      else {
        table[k] = readU16(seg, p);
        p += 2;
      }
    }
    if (p > seg.length) throw invalidImage();
    into[tq] = table;
  }
}

/** DHT: returns the tables it defines, keyed as class*4+slot (DC 0-3, AC 4-7). */
export function parseHuffmanTables(seg: Uint8Array, into: (HuffmanSpec | undefined)[]): void {
  let p = 0;
  while (p < seg.length) {
    const tc = seg[p] >> 4;
    const th = seg[p] & 15;
    if (tc > 1 || th > 3 || p + 17 > seg.length) throw invalidImage();
    const counts = seg.slice(p + 1, p + 17);
    let total = 0;
    for (const c of counts) total += c;
    p += 17;
    if (p + total > seg.length || total > 256) throw invalidImage();
    into[tc * 4 + th] = { counts, symbols: seg.slice(p, p + total) };
    p += total;
  }
}

export function parseScanHeader(seg: Uint8Array, frame: JpegFrame): ScanHeader {
  const n = seg[0];
  if (n < 1 || n > 4 || seg.length < 1 + n * 2 + 3) throw invalidImage();
  const components: ScanComponent[] = [];
  for (let i = 0; i < n; i++) {
    const id = seg[1 + i * 2];
    const index = frame.components.findIndex((c) => c.id === id);
    if (index < 0) throw invalidImage();
    const t = seg[2 + i * 2];
    components.push({ index, td: t >> 4, ta: t & 15 });
  }
  const o = 1 + n * 2;
  return { components, ss: seg[o], se: seg[o + 1], ah: seg[o + 2] >> 4, al: seg[o + 2] & 15 };
}

/** What the APP segments say about orientation, colour and component meaning. */
export interface JpegMeta {
  jfif: boolean;
  /** The Adobe APP14 transform flag (0 none, 1 YCbCr, 2 YCCK), or -1 when there is no APP14. */
  adobeTransform: number;
  /** The APP14 payload as found, and the JFIF APP0 payload. */
  adobe: Uint8Array | null;
  jfifSegment: Uint8Array | null;
  /** ICC profile APP2 payloads, in sequence order. */
  icc: Uint8Array[];
  /** EXIF orientation 1-8 (1 when absent). */
  orientation: number;
}

export function readMetaSegment(marker: number, seg: Uint8Array, meta: JpegMeta): void {
  if (marker === 0xe0 && ascii(seg, 0, 5) === "JFIF\0") {
    meta.jfif = true;
    meta.jfifSegment = seg;
  } else if (marker === 0xee && ascii(seg, 0, 5) === "Adobe" && seg.length >= 12) {
    meta.adobeTransform = seg[11];
    meta.adobe = seg;
  } else if (marker === 0xe2 && ascii(seg, 0, 12) === "ICC_PROFILE\0" && seg.length > 14) meta.icc.push(seg);
  else if (marker === 0xe1 && ascii(seg, 0, 6) === "Exif\0\0") meta.orientation = readExif(seg.subarray(6)).orientation;
}

function ascii(b: Uint8Array, at: number, n: number): string {
  let s = "";
  for (let i = at; i < at + n && i < b.length; i++) s += String.fromCharCode(b[i]);
  return s;
}
