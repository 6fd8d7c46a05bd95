import type { Layout, PixelBand, PixelSource } from "../pixels";
import type { JpegReader } from "./decode";
import { idctBlock, idctMultipliers } from "./idct";
import { invalidImage } from "./markers";

/**
 * Turns a JpegReader's MCU rows into pixel rows: inverse DCT, libjpeg-style "fancy" chroma
 * upsampling, colour conversion. Holds three MCU rows of samples per component, so memory is
 * a few rows of the image whatever its height.
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
  private decoded = -1;
  private nextRow = 0;

  /** `colorTransform` is PDF's /ColorTransform, used when the file has no Adobe marker. */
  constructor(
    private readonly reader: JpegReader,
    colorTransform?: number,
  ) {
    const { frame } = reader;
    this.width = frame.width;
    this.height = frame.height;
    this.mcuRows = frame.mcusPerColumn;
    const n = frame.components.length;
    for (const c of frame.components) {
      if (frame.hmax % c.h !== 0 || frame.vmax % c.v !== 0)
        throw invalidImage("This JPEG's chroma layout is not supported.");
    }
    this.layout = n === 1 ? "gray" : n === 3 ? "rgb" : "cmyk";
    this.channels = n;
    this.ycc = isYcc(reader, colorTransform);
    this.strides = frame.components.map((c) => c.blocksPerLine * 8);
    this.planes = frame.components.map((c, i) => new Uint8Array(this.strides[i] * c.v * 8 * 3));
    this.mult = reader.quant.map(idctMultipliers);
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
      const stride = this.strides[i];
      const rowsPer = c.v * 8;
      const base = (m % 3) * rowsPer * stride;
      const coefs = this.reader.row[i];
      for (let by = 0; by < c.v; by++) {
        for (let bx = 0; bx < c.blocksPerLine; bx++) {
          idctBlock(
            coefs,
            (by * c.blocksPerLine + bx) * 64,
            this.mult[i],
            this.planes[i],
            base + by * 8 * stride + bx * 8,
            stride,
          );
        }
      }
    }
    this.decoded = m;
  }

  /** The component's sample row `r` (clamped to the image), as an offset into its plane. */
  private rowOffset(i: number, r: number): number {
    const c = this.reader.frame.components[i];
    const rowsPer = c.v * 8;
    const dataRows = Math.ceil((this.height * c.v) / this.reader.frame.vmax);
    const rr = r < 0 ? 0 : r >= dataRows ? dataRows - 1 : r;
    return ((Math.floor(rr / rowsPer) % 3) * rowsPer + (rr % rowsPer)) * this.strides[i];
  }

  /** The next MCU row's pixel rows, or null at the end. */
  nextBand(): PixelBand | null {
    const frame = this.reader.frame;
    if (this.nextRow >= this.height) return null;
    const m = Math.floor(this.nextRow / (frame.vmax * 8));
    while (this.decoded < Math.min(m + 1, this.mcuRows - 1)) this.decodeMcuRow(this.decoded + 1);
    const y0 = this.nextRow;
    const rows = Math.min(frame.vmax * 8, this.height - y0);
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
    const frame = this.reader.frame;
    const c = frame.components[i];
    const fv = frame.vmax / c.v;
    const fh = frame.hmax / c.h;
    const plane = this.planes[i];
    const w = this.width;
    const cw = Math.ceil((w * c.h) / frame.hmax);
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
    if (this.channels === 1) {
      data.set(line[0].subarray(0, w), o);
      return;
    }
    const [a, b, c] = line;
    const k = line[3];
    const ch = this.channels;
    for (let x = 0, p = o; x < w; x++, p += ch) {
      if (this.ycc) {
        const y = a[x];
        const cb = b[x] - 128;
        const cr = c[x] - 128;
        const r = y + 1.402 * cr;
        const g = y - 0.344136 * cb - 0.714136 * cr;
        const bl = y + 1.772 * cb;
        if (ch === 4) {
          data[p] = 255 - clamp(r);
          data[p + 1] = 255 - clamp(g);
          data[p + 2] = 255 - clamp(bl);
        } else {
          data[p] = clamp(r);
          data[p + 1] = clamp(g);
          data[p + 2] = clamp(bl);
        }
      } else {
        data[p] = a[x];
        data[p + 1] = b[x];
        data[p + 2] = c[x];
      }
      if (ch === 4) data[p + 3] = k[x];
    }
  }
}

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

function clamp(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
}
