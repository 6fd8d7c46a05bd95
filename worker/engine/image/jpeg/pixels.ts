import type { Layout, PixelBand, PixelSource } from "../pixels";
import type { JpegReader } from "./decode";
import { idct4Block, idct4Multipliers, idctBlock, idctMultipliers, idctReduced } from "./idct";
import { invalidImage } from "./markers";

/**
 * Turns a JpegReader's MCU rows into pixel rows: inverse DCT, libjpeg-style "fancy" chroma
 * upsampling, colour conversion. Holds three MCU rows of samples per component, so memory is
 * a few rows of the image whatever its height. With `scale` 2, 4 or 8 the image comes out that
 * many times smaller (rounded up), from reduced inverse DCTs: what a downscaling caller wants
 * when its target is at most that size.
 */
export class JpegPixels implements PixelSource {
  readonly layout: Layout;
  readonly channels: number;
  readonly width: number;
  readonly height: number;
  private readonly planes: Uint8Array[];
  private readonly strides: number[];
  private readonly mcuRows: number;
  private readonly mult: Float32Array[];
  private readonly ycc: boolean;
  /** Output rows per sample row of the luma-sized grid: 8 / scale. */
  private readonly n: number;
  /** Per component: samples per block side, and how many output pixels one sample spans across and down. */
  private readonly sizes: number[];
  private readonly fh: number[];
  private readonly fv: number[];
  private decoded = -1;
  private nextRow = 0;

  /** `colorTransform` is PDF's /ColorTransform, used when the file has no Adobe marker. */
  constructor(
    private readonly reader: JpegReader,
    colorTransform?: number,
    scale: 1 | 2 | 4 | 8 = 1,
  ) {
    const { frame } = reader;
    this.n = 8 / scale;
    this.width = Math.ceil(frame.width / scale);
    this.height = Math.ceil(frame.height / scale);
    this.mcuRows = frame.mcusPerColumn;
    const n = frame.components.length;
    for (const c of frame.components) {
      if (frame.hmax % c.h !== 0 || frame.vmax % c.v !== 0)
        throw invalidImage("This JPEG's chroma layout is not supported.");
    }
    this.layout = n === 1 ? "gray" : n === 3 ? "rgb" : "cmyk";
    this.channels = n;
    this.ycc = isYcc(reader, colorTransform);
    // Like libjpeg, a subsampled component is decoded at a larger size when the image is scaled
    // down, so that it needs less (or no) upsampling: 4:2:0 chroma at half scale is exact.
    this.sizes = frame.components.map((c) => {
      let size = this.n;
      while (size < 8 && size * 2 * c.h <= this.n * frame.hmax && size * 2 * c.v <= this.n * frame.vmax) size *= 2;
      return size;
    });
    this.fh = frame.components.map((c, i) => (this.n * frame.hmax) / (this.sizes[i] * c.h));
    this.fv = frame.components.map((c, i) => (this.n * frame.vmax) / (this.sizes[i] * c.v));
    this.strides = frame.components.map((c, i) => c.blocksPerLine * this.sizes[i]);
    this.planes = frame.components.map((c, i) => new Uint8Array(this.strides[i] * c.v * this.sizes[i] * 3));
    this.mult = reader.quant.map((q, i) => (this.sizes[i] === 4 ? idct4Multipliers(q) : idctMultipliers(q)));
  }

  rewind(): void {
    this.reader.rewind();
    this.decoded = -1;
    this.nextRow = 0;
  }

  private decodeMcuRow(m: number): void {
    this.reader.readMcuRow(m);
    const comps = this.reader.frame.components;
    for (let i = 0; i < comps.length; i++) {
      const c = comps[i];
      const n = this.sizes[i];
      const stride = this.strides[i];
      const rowsPer = c.v * n;
      const base = (m % 3) * rowsPer * stride;
      const coefs = this.reader.row[i];
      for (let by = 0; by < c.v; by++) {
        for (let bx = 0; bx < c.blocksPerLine; bx++) {
          const off = (by * c.blocksPerLine + bx) * 64;
          const at = base + by * n * stride + bx * n;
          if (n === 8) idctBlock(coefs, off, this.mult[i], this.planes[i], at, stride);
          else if (n === 4) idct4Block(coefs, off, this.mult[i], this.planes[i], at, stride);
          else idctReduced(coefs, off, this.reader.quant[i], n, this.planes[i], at, stride);
        }
      }
    }
    this.decoded = m;
  }

  /** The component's sample row `r` (clamped to the image), as an offset into its plane. */
  private rowOffset(i: number, r: number): number {
    const c = this.reader.frame.components[i];
    const rowsPer = c.v * this.sizes[i];
    const dataRows = Math.ceil(this.height / this.fv[i]);
    const rr = r < 0 ? 0 : r >= dataRows ? dataRows - 1 : r;
    return ((Math.floor(rr / rowsPer) % 3) * rowsPer + (rr % rowsPer)) * this.strides[i];
  }

  /** The next MCU row's pixel rows, or null at the end. */
  nextBand(): PixelBand | null {
    const frame = this.reader.frame;
    if (this.nextRow >= this.height) return null;
    const m = Math.floor(this.nextRow / (frame.vmax * this.n));
    while (this.decoded < Math.min(m + 1, this.mcuRows - 1)) this.decodeMcuRow(this.decoded + 1);
    const y0 = this.nextRow;
    const rows = Math.min(frame.vmax * this.n, this.height - y0);
    const w = this.width;
    const ch = this.channels;
    const data = new Uint8Array(rows * w * ch);
    const line = frame.components.map(() => new Uint8Array(w + 2));
    const acc = new Uint16Array(w + 2);
    for (let y = y0; y < y0 + rows; y++) {
      for (let i = 0; i < ch; i++) this.upsampleRow(i, y, line[i], acc);
      this.convert(line, data, (y - y0) * w * ch);
    }
    this.nextRow = y0 + rows;
    return { y0, rows, data };
  }

  private upsampleRow(i: number, y: number, out: Uint8Array, acc: Uint16Array): void {
    const fv = this.fv[i];
    const fh = this.fh[i];
    const plane = this.planes[i];
    const w = this.width;
    const cw = Math.ceil(w / fh);
    if (fv === 2) {
      const cy = y >> 1;
      const near = this.rowOffset(i, cy);
      const far = this.rowOffset(i, y & 1 ? cy + 1 : cy - 1);
      for (let x = 0; x < cw; x++) acc[x] = 3 * plane[near + x] + plane[far + x];
      if (fh === 2) {
        if (cw === 1) {
          out[0] = (acc[0] * 4 + 8) >> 4;
          out[1] = out[0];
          return;
        }
        out[0] = (acc[0] * 4 + 8) >> 4;
        for (let x = 0; x < cw; x++) {
          const a = 3 * acc[x];
          if (x > 0) out[2 * x] = (a + acc[x - 1] + 8) >> 4;
          if (x < cw - 1) out[2 * x + 1] = (a + acc[x + 1] + 7) >> 4;
        }
        out[2 * cw - 1] = (acc[cw - 1] * 4 + 7) >> 4;
      } else if (fh === 1) {
        for (let x = 0; x < w; x++) out[x] = (acc[x] + 2) >> 2;
      } else {
        for (let x = 0; x < w; x++) out[x] = (acc[(x / fh) | 0] + 2) >> 2;
      }
      return;
    }
    const src = this.rowOffset(i, Math.floor(y / fv));
    if (fh === 1) {
      out.set(plane.subarray(src, src + w));
    } else if (fh === 2 && fv === 1 && cw > 1) {
      out[0] = plane[src];
      for (let x = 0; x < cw; x++) {
        const a = 3 * plane[src + x];
        if (x > 0) out[2 * x] = (a + plane[src + x - 1] + 1) >> 2;
        if (x < cw - 1) out[2 * x + 1] = (a + plane[src + x + 1] + 2) >> 2;
      }
      out[2 * cw - 1] = plane[src + cw - 1];
    } else {
      for (let x = 0; x < w; x++) out[x] = plane[src + ((x / fh) | 0)];
    }
  }

  private convert(line: Uint8Array[], data: Uint8Array, o: number): void {
    const w = this.width;
    const ch = this.channels;
    if (ch === 1) {
      data.set(line[0].subarray(0, w), o);
      return;
    }
    const [a, b, c] = line;
    if (!this.ycc) {
      for (let x = 0, p = o; x < w; x++, p += ch) {
        data[p] = a[x];
        data[p + 1] = b[x];
        data[p + 2] = c[x];
        if (ch === 4) data[p + 3] = line[3][x];
      }
      return;
    }
    // libjpeg's fixed-point YCbCr to RGB (jdcolor.c), with a clamping table.
    if (ch === 3) {
      for (let x = 0, p = o; x < w; x++, p += 3) {
        const y = a[x] + 256;
        const cb = b[x];
        const cr = c[x];
        data[p] = CLAMP[y + CR_R[cr]];
        data[p + 1] = CLAMP[y + ((CB_G[cb] + CR_G[cr]) >> 16)];
        data[p + 2] = CLAMP[y + CB_B[cb]];
      }
      return;
    }
    const k = line[3];
    for (let x = 0, p = o; x < w; x++, p += 4) {
      const y = a[x] + 256;
      const cb = b[x];
      const cr = c[x];
      data[p] = 255 - CLAMP[y + CR_R[cr]];
      data[p + 1] = 255 - CLAMP[y + ((CB_G[cb] + CR_G[cr]) >> 16)];
      data[p + 2] = 255 - CLAMP[y + CB_B[cb]];
      data[p + 3] = k[x];
    }
  }
}

const fix = (x: number) => Math.round(x * 65536);
/** Per chroma value: its term in R, B (rounded) and G (16.16 fixed point, summed before rounding). */
const CR_R = Int32Array.from({ length: 256 }, (_, i) => (fix(1.402) * (i - 128) + 32768) >> 16);
const CB_B = Int32Array.from({ length: 256 }, (_, i) => (fix(1.772) * (i - 128) + 32768) >> 16);
const CR_G = Int32Array.from({ length: 256 }, (_, i) => -fix(0.71414) * (i - 128));
const CB_G = Int32Array.from({ length: 256 }, (_, i) => -fix(0.34414) * (i - 128) + 32768);
/** 0-255 for index - 256 clamped: sums of a sample and a chroma term stay inside it. */
const CLAMP = Uint8Array.from({ length: 1024 }, (_, i) => Math.max(0, Math.min(255, i - 256)));

/**
 * Whether the components are YCbCr (or YCCK) rather than RGB (or CMYK) as stored: the Adobe
 * marker says so, else PDF's /ColorTransform, else libjpeg's guess from JFIF and component ids.
 */
export function isYcc(reader: Pick<JpegReader, "frame" | "meta">, colorTransform?: number): boolean {
  const { frame, meta } = reader;
  const n = frame.components.length;
  const ids = frame.components.map((c) => c.id).join(",");
  const transform =
    meta.adobeTransform >= 0
      ? meta.adobeTransform
      : colorTransform !== undefined
        ? colorTransform
        : n === 3 && !meta.jfif && ids === "82,71,66"
          ? 0
          : n === 3
            ? 1
            : 0;
  return n >= 3 && transform !== 0;
}
