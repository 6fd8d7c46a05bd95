import { concat } from "../../core/bytes";
import { paeth } from "../../core/predictor";
import { chunkBytes, ihdrData, PNG_SIGNATURE, type PngHeader, SAMPLES } from "./chunks";

const BATCH = 256 * 1024;
const IDAT_MAX = 256 * 1024;

/**
 * A zlib stream compressed by the platform (CompressionStream: native zlib in workerd, Node and
 * browsers), fed in batches. fflate's streaming compressor was not used: on some inputs its
 * first block refers back before the start of the data (fflate issue #260), a corrupt stream.
 */
export class ZlibSink {
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  private readonly done: Promise<Uint8Array[]>;

  constructor() {
    const cs = new CompressionStream("deflate");
    this.writer = cs.writable.getWriter();
    this.done = (async () => {
      const out: Uint8Array[] = [];
      const reader = cs.readable.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return out;
        out.push(value);
      }
    })();
  }

  write(data: Uint8Array): Promise<void> {
    return this.writer.write(data);
  }

  async finish(): Promise<Uint8Array> {
    await this.writer.close();
    return concat(await this.done);
  }
}

/**
 * Bytes into a ZlibSink in batches of 256 KB: the caller may reuse its buffer once `push` returns,
 * and waits for the compressor only when a batch is handed over, so memory holds one batch.
 */
export class BatchedZlib {
  private readonly sink = new ZlibSink();
  private batch = new Uint8Array(BATCH);
  private used = 0;

  async push(bytes: Uint8Array): Promise<void> {
    for (let at = 0; at < bytes.length; ) {
      const n = Math.min(bytes.length - at, BATCH - this.used);
      this.batch.set(bytes.subarray(at, at + n), this.used);
      this.used += n;
      at += n;
      if (this.used === BATCH) {
        await this.sink.write(this.batch);
        this.batch = new Uint8Array(BATCH);
        this.used = 0;
      }
    }
  }

  async finish(): Promise<Uint8Array> {
    if (this.used > 0) await this.sink.write(this.batch.subarray(0, this.used));
    return this.sink.finish();
  }
}

/**
 * A PNG written row by row: each row gets the filter with the smallest sum of absolute values
 * (libpng's heuristic; none for palette and sub-byte images), then zlib. Memory holds two rows,
 * a batch of filtered rows and the compressed output.
 */
export class PngWriter {
  private readonly parts: Uint8Array[] = [];
  private readonly stride: number;
  private readonly bpp: number;
  private readonly adaptive: boolean;
  private prev: Uint8Array;
  private batch: Uint8Array;
  private used = 0;
  private readonly tmp: Uint8Array;
  private readonly zlib = new ZlibSink();

  constructor(
    header: PngHeader,
    /** Chunks between IHDR and IDAT (colour information, PLTE, tRNS), complete. */
    before: Uint8Array[],
  ) {
    this.stride = Math.ceil((header.width * SAMPLES[header.colorType] * header.bitDepth) / 8);
    this.bpp = Math.max(1, (SAMPLES[header.colorType] * header.bitDepth) >> 3);
    this.adaptive = header.colorType !== 3 && header.bitDepth >= 8;
    this.prev = new Uint8Array(this.stride);
    this.tmp = new Uint8Array(this.stride);
    this.batch = new Uint8Array(Math.max(BATCH, this.stride + 1));
    this.parts.push(PNG_SIGNATURE, chunkBytes("IHDR", ihdrData({ ...header, interlace: 0 })), ...before);
  }

  async addRow(row: Uint8Array): Promise<void> {
    if (this.used + this.stride + 1 > this.batch.length) await this.flushBatch();
    const out = this.batch.subarray(this.used, this.used + this.stride + 1);
    const filter = this.adaptive ? this.bestFilter(row) : 0;
    out[0] = filter;
    applyFilter(filter, row, this.prev, this.bpp, out.subarray(1));
    this.used += this.stride + 1;
    this.prev.set(row);
  }

  private bestFilter(row: Uint8Array): number {
    let best = 0;
    let bestSum = Number.POSITIVE_INFINITY;
    const tmp = this.tmp;
    for (let f = 0; f < 5; f++) {
      applyFilter(f, row, this.prev, this.bpp, tmp);
      let sum = 0;
      for (let i = 0; i < tmp.length && sum < bestSum; i++) sum += tmp[i] < 128 ? tmp[i] : 256 - tmp[i];
      if (sum < bestSum) {
        bestSum = sum;
        best = f;
      }
    }
    return best;
  }

  private async flushBatch(): Promise<void> {
    if (this.used === 0) return;
    await this.zlib.write(this.batch.slice(0, this.used));
    this.used = 0;
  }

  async finish(): Promise<Uint8Array> {
    await this.flushBatch();
    const data = await this.zlib.finish();
    for (let o = 0; o < data.length; o += IDAT_MAX) this.parts.push(chunkBytes("IDAT", data.subarray(o, o + IDAT_MAX)));
    this.parts.push(chunkBytes("IEND", new Uint8Array(0)));
    return concat(this.parts);
  }
}

function applyFilter(f: number, row: Uint8Array, up: Uint8Array, bpp: number, out: Uint8Array): void {
  const n = row.length;
  switch (f) {
    case 0:
      out.set(row);
      return;
    case 1:
      for (let i = 0; i < n; i++) out[i] = (row[i] - (i >= bpp ? row[i - bpp] : 0)) & 255;
      return;
    case 2:
      for (let i = 0; i < n; i++) out[i] = (row[i] - up[i]) & 255;
      return;
    case 3:
      for (let i = 0; i < n; i++) out[i] = (row[i] - (((i >= bpp ? row[i - bpp] : 0) + up[i]) >> 1)) & 255;
      return;
    default:
      for (let i = 0; i < n; i++) {
        out[i] = (row[i] - paeth(i >= bpp ? row[i - bpp] : 0, up[i], i >= bpp ? up[i - bpp] : 0)) & 255;
      }
  }
}

/** Packs 8-bit values (grey levels or palette indices already scaled to `depth`) into a row. */
export function packRow(values: Uint8Array, depth: number, out: Uint8Array): void {
  if (depth === 8) {
    out.set(values);
    return;
  }
  out.fill(0);
  const perByte = 8 / depth;
  for (let x = 0; x < values.length; x++) {
    out[(x / perByte) | 0] |= values[x] << (8 - depth - (x % perByte) * depth);
  }
}

/**
 * Rows with a PNG filter byte each, chosen by the same heuristic as PngWriter: what PDF's
 * /Predictor 15 expects inside a Flate stream.
 */
export function filteredRows(data: Uint8Array, width: number, height: number, channels: number): Uint8Array {
  const stride = width * channels;
  const out = new Uint8Array((stride + 1) * height);
  const tmp = new Uint8Array(stride);
  let prev: Uint8Array = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const row = data.subarray(y * stride, (y + 1) * stride);
    let best = 0;
    let bestSum = Number.POSITIVE_INFINITY;
    for (let f = 0; f < 5; f++) {
      applyFilter(f, row, prev, channels, tmp);
      let sum = 0;
      for (let i = 0; i < stride && sum < bestSum; i++) sum += tmp[i] < 128 ? tmp[i] : 256 - tmp[i];
      if (sum < bestSum) {
        bestSum = sum;
        best = f;
      }
    }
    const o = y * (stride + 1);
    out[o] = best;
    applyFilter(best, row, prev, channels, out.subarray(o + 1, o + 1 + stride));
    prev = row;
  }
  return out;
}
