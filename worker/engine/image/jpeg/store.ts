import { ZIGZAG } from "./markers";
import type { SparseRow } from "./sparse";

export const CHUNK = 1 << 20;
/** Longest block record: count, DC, then 63 (index, value) pairs. */
const MAX_RECORD = 2 + 63 * 2;

/**
 * Quantized coefficient blocks kept sparse: per block its DC and the nonzero AC coefficients as
 * (zig-zag index, value) pairs. A 12-megapixel photo's blocks take about a third of what dense
 * 16-bit storage would, which is what lets the writer reorder them (EXIF rotation) in memory.
 */
export class CoefStore {
  private readonly chunks: Int16Array[] = [];
  private used = CHUNK;
  private readonly offsets: Uint32Array[];
  private readonly filled: number[];

  constructor(readonly grids: { blocksPerLine: number; blocksPerColumn: number }[]) {
    this.offsets = grids.map((g) => new Uint32Array(g.blocksPerLine * g.blocksPerColumn));
    this.filled = grids.map(() => 0);
  }

  /** Bytes held, for the memory report. */
  get bytes(): number {
    return this.chunks.length * CHUNK * 2 + this.offsets.reduce((s, o) => s + o.byteLength, 0);
  }

  /** Appends component c's next block (raster order), from natural-order coefficients. */
  append(c: number, coefs: Int16Array, off: number): void {
    if (this.used + MAX_RECORD > CHUNK) {
      this.chunks.push(new Int16Array(CHUNK));
      this.used = 0;
    }
    const chunk = this.chunks[this.chunks.length - 1];
    const start = this.used;
    let p = start + 2;
    chunk[start + 1] = coefs[off];
    for (let k = 1; k < 64; k++) {
      const v = coefs[off + ZIGZAG[k]];
      if (v !== 0) {
        chunk[p++] = k;
        chunk[p++] = v;
      }
    }
    chunk[start] = (p - start - 2) >> 1;
    this.used = p;
    this.offsets[c][this.filled[c]++] = (this.chunks.length - 1) * CHUNK + start;
  }

  /** Appends component c's next block from a sparse row (zig-zag positions and values). */
  appendSparse(c: number, dc: number, pos: Uint8Array, val: Int32Array, from: number, count: number): void {
    if (this.used + MAX_RECORD > CHUNK) {
      this.chunks.push(new Int16Array(CHUNK));
      this.used = 0;
    }
    const chunk = this.chunks[this.chunks.length - 1];
    const start = this.used;
    chunk[start] = count;
    chunk[start + 1] = dc;
    let p = start + 2;
    for (let t = from; t < from + count; t++) {
      chunk[p++] = pos[t];
      chunk[p++] = val[t];
    }
    this.used = p;
    this.offsets[c][this.filled[c]++] = (this.chunks.length - 1) * CHUNK + start;
  }

  /** Block `index` of component c into block b of a sparse row. */
  readSparse(c: number, index: number, row: SparseRow, b: number): void {
    const at = this.offsets[c][index];
    const chunk = this.chunks[Math.floor(at / CHUNK)];
    const start = at % CHUNK;
    const n = chunk[start];
    row.count[b] = n;
    row.dc[b] = chunk[start + 1];
    for (let t = 0, p = start + 2, o = b * 63; t < n; t++, p += 2, o++) {
      row.pos[o] = chunk[p];
      row.val[o] = chunk[p + 1];
    }
  }

  /** Where block `index` of component c starts: its chunk and the record's offset in it. */
  record(c: number, index: number): number {
    return this.offsets[c][index];
  }

  /** The chunk holding record `at` (from `record`). */
  chunkOf(at: number): Int16Array {
    return this.chunks[Math.floor(at / CHUNK)];
  }

  isComplete(): boolean {
    return this.filled.every((n, c) => n === this.offsets[c].length);
  }

  /** Block `index` of component c into `out` (zig-zag order, 64 entries). */
  read(c: number, index: number, out: Int16Array): void {
    const at = this.offsets[c][index];
    const chunk = this.chunks[Math.floor(at / CHUNK)];
    const start = at % CHUNK;
    out.fill(0);
    out[0] = chunk[start + 1];
    const end = start + 2 + chunk[start] * 2;
    for (let p = start + 2; p < end; p += 2) out[chunk[p]] = chunk[p + 1];
  }
}
