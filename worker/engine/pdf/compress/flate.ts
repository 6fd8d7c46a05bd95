import { InflateReader } from "../../core/inflate-reader";
import { unfilterRow } from "../../core/predictor";
import type { Layout, PixelBand, PixelSource } from "../../image/pixels";

/** Thrown by sources whose data turns out to be unreadable part-way: the image is left as it is. */
export class Unreadable extends Error {}

const UNREADABLE = { truncated: () => new Unreadable(), corrupt: () => new Unreadable() };

const LAYOUTS: Record<number, Layout> = { 1: "gray", 3: "rgb", 4: "cmyk" };

export interface Predictor {
  predictor: number;
  colors: number;
  columns: number;
  bpc: number;
}

/** The rows of a Flate image stream, or null when its parameters cannot describe them. */
export function flateRows(...args: ConstructorParameters<typeof FlateRows>): FlateRows | null {
  try {
    return new FlateRows(...args);
  } catch {
    return null;
  }
}

/** Flate image rows, inflated a piece at a time, predictors undone, palettes expanded. */
class FlateRows implements PixelSource {
  readonly layout: Layout;
  private readonly reader: InflateReader;
  private y = 0;
  private prev: Uint8Array;
  private readonly rowBytes: number;
  private readonly outCh: number;

  constructor(
    data: Uint8Array,
    readonly width: number,
    readonly height: number,
    private readonly comps: number,
    private readonly pred: Predictor | null,
    private readonly palette: { n: number; table: Uint8Array } | null,
  ) {
    this.rowBytes = width * comps;
    this.outCh = palette ? palette.n : comps;
    this.layout = LAYOUTS[this.outCh];
    const p = pred?.predictor ?? 1;
    if (p > 1 && (pred!.colors !== comps || pred!.bpc !== 8 || pred!.columns !== width || (p !== 2 && p < 10))) {
      throw new Unreadable();
    }
    this.prev = new Uint8Array(this.rowBytes);
    this.reader = new InflateReader([data], UNREADABLE);
  }

  rewind(): void {
    this.reader.reset();
    this.y = 0;
    this.prev.fill(0);
  }

  private take(n: number): Uint8Array {
    return this.reader.take(n);
  }

  nextBand(): PixelBand | null {
    if (this.y >= this.height) return null;
    const y0 = this.y;
    const rows = Math.min(32, this.height - y0);
    const out = new Uint8Array(rows * this.width * this.outCh);
    const p = this.pred?.predictor ?? 1;
    for (let r = 0; r < rows; r++) {
      let row: Uint8Array;
      if (p >= 10) {
        const filter = this.take(1)[0];
        row = this.take(this.rowBytes);
        if (!unfilterRow(filter, row, this.prev, this.comps, this.rowBytes)) throw new Unreadable();
      } else {
        row = this.take(this.rowBytes);
        if (p === 2) for (let i = this.comps; i < row.length; i++) row[i] = (row[i] + row[i - this.comps]) & 255;
      }
      this.prev = row;
      const o = r * this.width * this.outCh;
      if (!this.palette) out.set(row, o);
      else {
        const { n, table } = this.palette;
        for (let x = 0; x < this.width; x++) {
          const base = row[x] * n;
          for (let c = 0; c < n; c++) out[o + x * n + c] = table[base + c] ?? 0;
        }
      }
    }
    this.y += rows;
    return { y0, rows, data: out };
  }
}
