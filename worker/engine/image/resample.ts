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
  private readonly spans: { i0: number; i1: number; w0: number; w1: number }[];
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
    this.spans = Array.from({ length: width }, (_, x) => {
      const a = x * this.sx;
      const b = Math.min(src.width, (x + 1) * this.sx);
      const i0 = Math.floor(a);
      const i1 = Math.min(src.width - 1, Math.ceil(b) - 1);
      return { i0, i1, w0: i0 + 1 - a, w1: b - i1 };
    });
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
    const { ch, hrow, sx } = this;
    for (let x = 0; x < this.width; x++) {
      const { i0, i1, w0, w1 } = this.spans[x];
      for (let c = 0; c < ch; c++) {
        let s: number;
        if (i0 === i1) s = row[i0 * ch + c] * (w0 + w1 - 1);
        else {
          s = row[i0 * ch + c] * w0 + row[i1 * ch + c] * w1;
          for (let i = i0 + 1; i < i1; i++) s += row[i * ch + c];
        }
        hrow[x * ch + c] = s / sx;
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
      while (this.srcY < bottom) {
        const row = this.sourceRow();
        if (!row) break;
        this.horizontal(row);
        const y = this.srcY++;
        const inside = Math.min(y + 1, bottom) - Math.max(y, top);
        const rest = Math.max(0, y + 1 - bottom);
        for (let i = 0; i < n; i++) {
          this.acc[i] += this.hrow[i] * inside;
          if (rest > 0) this.carry[i] += this.hrow[i] * rest;
        }
      }
      const span = bottom - top;
      for (let i = 0; i < n; i++) {
        const v = this.acc[i] / span + 0.5;
        data[r * n + i] = v >= 255 ? 255 : Math.max(v, 0);
      }
    }
    this.outY += rows;
    return { y0, rows, data };
  }
}
