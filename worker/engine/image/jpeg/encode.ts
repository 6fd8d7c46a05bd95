import { MOZJPEG_GRAY, MOZJPEG_YCBCR, type mozjpegEncoder } from "../../codecs/mozjpeg";
import { CHANNELS, type PixelBand, type PixelSource } from "../pixels";
import { JpegReader } from "./decode";
import { CoefStore } from "./store";
import { writeJpeg } from "./write";

export type MozjpegEncoder = Awaited<ReturnType<typeof mozjpegEncoder>>;

export interface JpegEncodeOptions {
  quality: number;
  encoder: MozjpegEncoder;
  /** EXIF orientation to apply to the pixels, 1-8. */
  orientation?: number;
  /** 2 for 4:2:0 chroma (photos), 1 for 4:4:4 (sharp colour edges). */
  chromaSubsample?: 1 | 2;
  /** APPn segments to write (ICC profile, Adobe marker). */
  segments?: Uint8Array[];
  /** Called between bands: the job's time budget. */
  check?: () => void;
}

/** Rows per band handed to mozjpeg: a multiple of every MCU height, small enough to stay cheap. */
const BAND_ROWS = 128;
/** Orientations whose output origin is at the source's right edge, and at its bottom edge. */
const FROM_RIGHT = new Set([2, 3, 7, 8]);
const FROM_BOTTOM = new Set([3, 4, 6, 7]);

/**
 * Encodes an image with mozjpeg a horizontal band at a time, so memory holds one band of pixels
 * and the quantized blocks (sparse), never the whole image. The bands' blocks are stitched into
 * one baseline JPEG with Huffman tables fitted to the whole image.
 */
export function encodeJpeg(src: PixelSource, opts: JpegEncodeOptions): Uint8Array {
  const { width: w, height: h, layout } = src;
  if (layout === "rgba") throw new Error("flatten alpha before JPEG encoding");
  const s = layout === "rgb" ? (opts.chromaSubsample ?? 2) : 1;
  const mcu = 8 * s;
  const pw = Math.ceil(w / mcu) * mcu;
  const ph = Math.ceil(h / mcu) * mcu;
  const o = opts.orientation ?? 1;
  const padLeft = FROM_RIGHT.has(o) ? pw - w : 0;
  const padTop = FROM_BOTTOM.has(o) ? ph - h : 0;
  const planes = layout === "cmyk" ? 4 : 1;
  const grids =
    layout === "rgb"
      ? [s, 1, 1].map((f) => ({ blocksPerLine: (pw / mcu) * f, blocksPerColumn: (ph / mcu) * f }))
      : Array.from({ length: planes }, () => ({ blocksPerLine: pw / 8, blocksPerColumn: ph / 8 }));
  const store = new CoefStore(grids);
  const feed = new RowFeed(src);
  const ch = CHANNELS[layout];
  // Alpha stays opaque: only the colour bytes are written band after band.
  const rgba = new Uint8Array(pw * BAND_ROWS * 4).fill(255);
  let components: { id: number; h: number; v: number; tq: number }[] = [];
  let quant: Uint16Array[] = [];

  src.rewind();
  for (let py0 = 0; py0 < ph; py0 += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, ph - py0);
    for (let plane = 0; plane < planes; plane++) {
      for (let r = 0; r < rows; r++) {
        const sy = Math.min(h - 1, Math.max(0, py0 + r - padTop));
        fillRow(feed.row(sy), rgba, r * pw * 4, { w, pw, padLeft, ch, plane, rgb: layout === "rgb" });
      }
      const jpeg = opts.encoder.encode(rgba.subarray(0, pw * rows * 4), pw, rows, {
        quality: opts.quality,
        colorSpace: layout === "rgb" ? MOZJPEG_YCBCR : MOZJPEG_GRAY,
        chromaSubsample: s as 1 | 2,
      });
      const band = new JpegReader(jpeg);
      if (py0 === 0) {
        components =
          layout === "cmyk"
            ? [1, 2, 3, 4].map((id) => ({ id, h: 1, v: 1, tq: 0 }))
            : band.frame.components.map(({ id, h, v, tq }) => ({ id, h, v, tq }));
        quant = band.quantTables.map((t) => t ?? new Uint16Array(64));
      }
      for (let m = 0; m < band.frame.mcusPerColumn; m++) {
        band.readMcuRow(m);
        band.frame.components.forEach((c, i) => {
          const bpl = c.blocksPerLine;
          for (let by = 0; by < c.v; by++) {
            for (let bx = 0; bx < bpl; bx++) store.append(plane + i, band.row[i], (by * bpl + bx) * 64);
          }
        });
      }
    }
    feed.release(Math.max(0, py0 + rows - padTop - 1));
    opts.check?.();
  }
  if (!store.isComplete()) throw new Error("JPEG band encoding did not cover the image");
  return writeJpeg({ width: w, height: h, components, quant, store, orientation: o, segments: opts.segments ?? [] });
}

/**
 * One padded row into the encoder's RGBA band: the image row, with its edge pixels repeated
 * into the padding; a grey or CMYK plane goes into all three colour bytes.
 */
function fillRow(
  line: Uint8Array,
  rgba: Uint8Array,
  out: number,
  g: { w: number; pw: number; padLeft: number; ch: number; plane: number; rgb: boolean },
): void {
  const { w, pw, padLeft, ch, plane } = g;
  let d = out + padLeft * 4;
  if (g.rgb) {
    for (let i = 0; i < w * 3; i += 3, d += 4) {
      rgba[d] = line[i];
      rgba[d + 1] = line[i + 1];
      rgba[d + 2] = line[i + 2];
    }
  } else {
    for (let i = plane; i < w * ch; i += ch, d += 4) {
      const v = line[i];
      rgba[d] = v;
      rgba[d + 1] = v;
      rgba[d + 2] = v;
    }
  }
  const first = out + padLeft * 4;
  for (let e = out; e < first; e += 4) rgba.copyWithin(e, first, first + 3);
  const last = out + (padLeft + w - 1) * 4;
  for (let e = last + 4; e < out + pw * 4; e += 4) rgba.copyWithin(e, last, last + 3);
}

/** Source rows by index, read forward band by band; rows before `release` may be dropped. */
class RowFeed {
  private bands: PixelBand[] = [];
  private done = false;
  private readonly stride: number;

  constructor(private readonly src: PixelSource) {
    this.stride = src.width * CHANNELS[src.layout];
  }

  row(y: number): Uint8Array {
    for (;;) {
      const b = this.bands.find((band) => y >= band.y0 && y < band.y0 + band.rows);
      if (b) return b.data.subarray((y - b.y0) * this.stride, (y - b.y0 + 1) * this.stride);
      if (this.done) throw new Error(`row ${y} is not available`);
      const next = this.src.nextBand();
      if (!next) this.done = true;
      else this.bands.push(next);
    }
  }

  release(keepFrom: number): void {
    this.bands = this.bands.filter((b) => b.y0 + b.rows > keepFrom);
  }
}
