import { CHANNELS, type Layout, type PixelBand, type PixelSource } from "./pixels";

const OUT_ROWS = 32;

/**
 * Downscaling by area averaging (each output pixel is the mean of the source area it covers,
 * fractional edges weighted): no aliasing, and it streams, holding one accumulator row.
 */
export class Downsampler implements PixelSource {
  readonly layout: Layout;
  private readonly ch: number;
  private readonly sx: number;
  private readonly sy: number;
  /** Per output column: first and last source column, and their weights. */
  private readonly i0: Int32Array;
  private readonly i1: Int32Array;
  private readonly w0: Float32Array;
  private readonly w1: Float32Array;
  private acc!: Float32Array;
  private carry!: Float32Array;
  private hrow: Float32Array;
  private outY = 0;
  private pending: PixelBand | null = null;
  private pendingRow = 0;
  private srcY = 0;

  constructor(
    private readonly src: PixelSource,
    readonly width: number,
    readonly height: number,
  ) {
    this.layout = src.layout;
    this.ch = CHANNELS[src.layout];
    this.sx = src.width / width;
    this.sy = src.height / height;
    this.hrow = new Float32Array(width * this.ch);
    this.i0 = new Int32Array(width);
    this.i1 = new Int32Array(width);
    this.w0 = new Float32Array(width);
    this.w1 = new Float32Array(width);
    for (let x = 0; x < width; x++) {
      const a = x * this.sx;
      const b = Math.min(src.width, (x + 1) * this.sx);
      const i0 = Math.floor(a);
      const i1 = Math.min(src.width - 1, Math.ceil(b) - 1);
      this.i0[x] = i0;
      this.i1[x] = i1;
      // A span inside one source pixel weighs that pixel once by its covered fraction.
      this.w0[x] = i0 === i1 ? b - a : i0 + 1 - a;
      this.w1[x] = b - i1;
    }
    this.rewind();
  }

  rewind(): void {
    this.src.rewind();
    this.acc = new Float32Array(this.width * this.ch);
    this.carry = new Float32Array(this.width * this.ch);
    this.outY = 0;
    this.srcY = 0;
    this.pending = null;
    this.pendingRow = 0;
  }

  private sourceRow(): Uint8Array | null {
    while (!this.pending || this.pendingRow >= this.pending.rows) {
      this.pending = this.src.nextBand();
      this.pendingRow = 0;
      if (!this.pending) return null;
    }
    const stride = this.src.width * this.ch;
    return this.pending.data.subarray(this.pendingRow * stride, ++this.pendingRow * stride);
  }

  private horizontal(row: Uint8Array): void {
    const { ch, hrow, i0: first, i1: last, w0: wFirst, w1: wLast } = this;
    const inv = 1 / this.sx;
    const width = this.width;
    if (ch === 3) {
      // RGB, the common case: the three channels in one pass (the same sums, in the same order).
      for (let x = 0; x < width; x++) {
        const a = first[x] * 3;
        const b = last[x] * 3;
        const w0 = wFirst[x];
        let r: number;
        let g: number;
        let bl: number;
        if (a === b) {
          r = row[a] * w0;
          g = row[a + 1] * w0;
          bl = row[a + 2] * w0;
        } else {
          const w1 = wLast[x];
          r = row[a] * w0 + row[b] * w1;
          g = row[a + 1] * w0 + row[b + 1] * w1;
          bl = row[a + 2] * w0 + row[b + 2] * w1;
          for (let i = a + 3; i < b; i += 3) {
            r += row[i];
            g += row[i + 1];
            bl += row[i + 2];
          }
        }
        hrow[x * 3] = r * inv;
        hrow[x * 3 + 1] = g * inv;
        hrow[x * 3 + 2] = bl * inv;
      }
      return;
    }
    for (let x = 0; x < width; x++) {
      const i0 = first[x];
      const i1 = last[x];
      const w0 = wFirst[x];
      const w1 = wLast[x];
      for (let c = 0; c < ch; c++) {
        let s: number;
        if (i0 === i1) s = row[i0 * ch + c] * w0;
        else {
          s = row[i0 * ch + c] * w0 + row[i1 * ch + c] * w1;
          for (let i = i0 + 1; i < i1; i++) s += row[i * ch + c];
        }
        hrow[x * ch + c] = s * inv;
      }
    }
  }

  nextBand(): PixelBand | null {
    if (this.outY >= this.height) return null;
    const y0 = this.outY;
    const rows = Math.min(OUT_ROWS, this.height - y0);
    const n = this.width * this.ch;
    const data = new Uint8Array(rows * n);
    for (let r = 0; r < rows; r++) {
      const j = y0 + r;
      const top = j * this.sy;
      const bottom = Math.min(this.src.height, (j + 1) * this.sy);
      this.acc.set(this.carry);
      this.carry.fill(0);
      const { acc, carry, hrow } = this;
      while (this.srcY < bottom) {
        const row = this.sourceRow();
        if (!row) break;
        this.horizontal(row);
        const y = this.srcY++;
        const inside = Math.min(y + 1, bottom) - Math.max(y, top);
        const rest = Math.max(0, y + 1 - bottom);
        if (inside === 1) for (let i = 0; i < n; i++) acc[i] += hrow[i];
        else for (let i = 0; i < n; i++) acc[i] += hrow[i] * inside;
        if (rest > 0) for (let i = 0; i < n; i++) carry[i] += hrow[i] * rest;
      }
      // Means of non-negative samples: at least 0.5 here, truncated into the byte.
      const inv = 1 / (bottom - top);
      for (let i = 0; i < n; i++) {
        const v = acc[i] * inv + 0.5;
        data[r * n + i] = Math.min(v, 255);
      }
    }
    this.outY += rows;
    return { y0, rows, data };
  }
}
