/** Pixels as the image engines pass them around: interleaved 8-bit rows, a band at a time. */

export type Layout = "gray" | "rgb" | "rgba" | "cmyk";

export const CHANNELS: Record<Layout, number> = { gray: 1, rgb: 3, rgba: 4, cmyk: 4 };

export interface PixelBand {
  /** First row of the band. */
  y0: number;
  rows: number;
  /** rows x width x channels. */
  data: Uint8Array;
}

/** An image read top to bottom in bands, which can start again from the top. */
export interface PixelSource {
  readonly width: number;
  readonly height: number;
  readonly layout: Layout;
  nextBand(): PixelBand | null;
  rewind(): void;
}

/** A whole image held in memory, served as one band. */
export function memorySource(data: Uint8Array, width: number, height: number, layout: Layout): PixelSource {
  let done = false;
  return {
    width,
    height,
    layout,
    nextBand() {
      if (done) return null;
      done = true;
      return { y0: 0, rows: height, data };
    },
    rewind() {
      done = false;
    },
  };
}

/** Reads a source into one buffer (for small images: sample strips, thumbnails). */
export function readAll(src: PixelSource): Uint8Array {
  const stride = src.width * CHANNELS[src.layout];
  const out = new Uint8Array(stride * src.height);
  src.rewind();
  for (let b = src.nextBand(); b; b = src.nextBand()) out.set(b.data, b.y0 * stride);
  return out;
}

/** A source whose bands pass through `map` on their way out (which may change or only look at them). */
export class MappedSource implements PixelSource {
  constructor(
    private readonly src: PixelSource,
    private readonly map: (band: PixelBand) => PixelBand,
  ) {}
  get width() {
    return this.src.width;
  }
  get height() {
    return this.src.height;
  }
  get layout() {
    return this.src.layout;
  }
  nextBand(): PixelBand | null {
    const b = this.src.nextBand();
    return b && this.map(b);
  }
  rewind(): void {
    this.src.rewind();
  }
}
