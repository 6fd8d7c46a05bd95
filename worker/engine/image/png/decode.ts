import { EngineError } from "../../core/errors";
import { InflateReader } from "../../core/inflate-reader";
import { unfilterRow } from "../../core/predictor";
import { invalidImage } from "../jpeg/markers";
import { type PngChunk, type PngHeader, SAMPLES } from "./chunks";

/** Compressed bytes handed to the inflater at once: deflate expands at most ~1000:1, so ~4 MB out. */
const PIECE = 4096;
/** Interlaced images are de-interlaced in memory: their raw size must stay below this. */
export const MAX_INTERLACED_BYTES = 48 * 1024 * 1024;

export function rowBytes(h: PngHeader, width = h.width): number {
  return Math.ceil((width * SAMPLES[h.colorType] * h.bitDepth) / 8);
}

/** Scanlines in a PNG colour type and depth, top to bottom, restartable. */
export interface RawRows {
  readonly header: PngHeader;
  rewind(): void;
  next(): Uint8Array | null;
}

/** 8-bit pixels already in memory as PNG scanlines (grey, RGB or RGBA). */
export function memoryRows(data: Uint8Array, width: number, height: number, channels: 1 | 3 | 4): RawRows {
  const header = { width, height, bitDepth: 8, colorType: channels === 1 ? 0 : channels === 3 ? 2 : 6, interlace: 0 };
  const stride = width * channels;
  let y = 0;
  return {
    header,
    rewind: () => {
      y = 0;
    },
    next: () => (y < height ? data.subarray(y * stride, ++y * stride) : null),
  };
}

/** How a tool words the ways a PNG's image data can be damaged. */
export interface PngDataErrors {
  /** The data ends before the last row. */
  truncated(): EngineError;
  /** The zlib stream cannot be inflated. */
  corrupt(): EngineError;
  /** A row names a filter PNG does not have. */
  filter(): EngineError;
}

const DAMAGED = "This PNG's image data is damaged and could not be read.";
const IMAGE_ERRORS: PngDataErrors = {
  truncated: () => invalidImage("This PNG is truncated or damaged and could not be read."),
  corrupt: () => invalidImage(DAMAGED),
  filter: () => invalidImage(DAMAGED),
};

/** The rows a PNG stores one after another: the whole image, or one of Adam7's seven passes. */
export interface PngPass {
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  width: number;
  height: number;
}

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** The passes that hold pixels (a small interlaced image leaves some empty). */
export function pngPasses(h: PngHeader): PngPass[] {
  return (h.interlace ? ADAM7 : [[0, 0, 1, 1]])
    .map(([x0, y0, dx, dy]) => ({
      x0,
      y0,
      dx,
      dy,
      width: Math.ceil((h.width - x0) / dx),
      height: Math.ceil((h.height - y0) / dy),
    }))
    .filter((p) => p.width > 0 && p.height > 0);
}

/** One stored row: `row` is a view, valid until the next row is read. */
export interface PngRow {
  pass: PngPass;
  y: number;
  row: Uint8Array;
}

/** The IDAT stream inflated a few kilobytes at a time, as rows are asked for. */
class Scanlines {
  private readonly reader: InflateReader;

  constructor(
    idat: Uint8Array[],
    private readonly bpp: number,
    private readonly errors: PngDataErrors,
  ) {
    this.reader = new InflateReader(idat, errors, PIECE);
  }

  reset(): void {
    this.reader.reset();
  }

  /** Reads one filtered row of `n` bytes into `out` and, unless told not to, undoes its filter against `up`. */
  read(n: number, out: Uint8Array, up: Uint8Array, unfilterRow: boolean): void {
    const filter = this.reader.take(1)[0];
    out.set(this.reader.take(n));
    if (filter > 4) throw this.errors.filter();
    if (unfilterRow) unfilter(filter, out, up, this.bpp, n);
  }

  /** Up to `limit` bytes after the last row are inflated and dropped, so damage there is refused too. */
  drain(limit: number): boolean {
    return this.reader.drain(limit);
  }
}

function* passRows(
  lines: Scanlines,
  h: PngHeader,
  unfilterRows: boolean,
  tail = 0,
  onTail?: (ended: boolean) => void,
): Generator<PngRow> {
  for (const pass of pngPasses(h)) {
    const n = rowBytes(h, pass.width);
    let up = new Uint8Array(n);
    let row = new Uint8Array(n);
    for (let y = 0; y < pass.height; y++) {
      lines.read(n, row, up, unfilterRows);
      yield { pass, y, row };
      [up, row] = [row, up];
    }
  }
  if (tail > 0) {
    const ended = lines.drain(tail);
    onTail?.(ended);
  }
}

/**
 * Every row a PNG stores, in file order, unfiltered (or only checked, with `unfilter` false):
 * for readers that place the rows themselves. Only as much data is inflated as the rows
 * need (and `tail` compressed bytes past them): a stream cut short is refused, one that goes
 * on (a bomb) is not read further.
 */
export function pngRows(
  header: PngHeader,
  idat: Uint8Array[],
  opts: { errors?: PngDataErrors; unfilter?: boolean; tail?: number; onTail?: (ended: boolean) => void } = {},
): Generator<PngRow> {
  const lines = new Scanlines(idat, bytesPerPixel(header), opts.errors ?? IMAGE_ERRORS);
  return passRows(lines, header, opts.unfilter ?? true, opts.tail, opts.onTail);
}

function bytesPerPixel(h: PngHeader): number {
  return Math.max(1, (SAMPLES[h.colorType] * h.bitDepth) >> 3);
}

/**
 * The raw scanlines of a PNG (unfiltered, original colour type and depth), top to bottom,
 * inflated a few kilobytes at a time so memory holds a couple of rows, not the image.
 */
export class PngRawRows implements RawRows {
  private readonly lines: Scanlines;
  private rows: Iterator<PngRow> = [].values();
  private y = 0;
  private full: Uint8Array | null = null;
  readonly stride: number;

  constructor(
    readonly header: PngHeader,
    chunks: PngChunk[],
  ) {
    const idat = chunks.filter((c) => c.type === "IDAT").map((c) => c.data);
    if (idat.length === 0) throw invalidImage();
    this.stride = rowBytes(header);
    this.lines = new Scanlines(idat, bytesPerPixel(header), IMAGE_ERRORS);
    if (header.interlace) {
      if (this.stride * header.height > MAX_INTERLACED_BYTES) {
        throw new EngineError(
          "job_too_large",
          `This interlaced ${header.width}x${header.height} PNG is too large to process. Save it without interlacing, then try again.`,
        );
      }
    }
    this.rewind();
  }

  rewind(): void {
    this.lines.reset();
    this.y = 0;
    if (this.header.interlace) this.full ??= this.deinterlace();
    else this.rows = passRows(this.lines, this.header, true);
  }

  /** The next scanline (a view valid until the next call), or null after the last. */
  next(): Uint8Array | null {
    if (this.full) {
      if (this.y >= this.header.height) return null;
      return this.full.subarray(this.y * this.stride, ++this.y * this.stride);
    }
    const r = this.rows.next();
    return r.done ? null : r.value.row;
  }

  /** Adam7: the seven passes decoded and spread into one raw image. */
  private deinterlace(): Uint8Array {
    const h = this.header;
    const full = new Uint8Array(this.stride * h.height);
    const bits = SAMPLES[h.colorType] * h.bitDepth;
    for (const { pass, y, row } of passRows(this.lines, h, true)) {
      const at = (pass.y0 + y * pass.dy) * this.stride;
      for (let px = 0; px < pass.width; px++) copyPixelBits(row, px, full, at, pass.x0 + px * pass.dx, bits);
    }
    return full;
  }
}

function copyPixelBits(src: Uint8Array, sx: number, dst: Uint8Array, dstRow: number, dx: number, bits: number): void {
  if (bits >= 8) {
    const b = bits >> 3;
    for (let i = 0; i < b; i++) dst[dstRow + dx * b + i] = src[sx * b + i];
    return;
  }
  const perByte = 8 / bits;
  const mask = (1 << bits) - 1;
  const v = (src[(sx / perByte) | 0] >> (8 - bits - (sx % perByte) * bits)) & mask;
  const shift = 8 - bits - (dx % perByte) * bits;
  const at = dstRow + ((dx / perByte) | 0);
  dst[at] = (dst[at] & ~(mask << shift)) | (v << shift);
}

export function unfilter(filter: number, row: Uint8Array, up: Uint8Array, bpp: number, n: number): void {
  if (!unfilterRow(filter, row, up, bpp, n)) throw invalidImage(DAMAGED);
}
