import { PDFName, type PDFRawStream } from "@cantoo/pdf-lib";
import { JpegReader } from "../../../image/jpeg/decode";
import { encodeJpeg } from "../../../image/jpeg/encode";
import { isYcc, lumaJpeg } from "../../../image/jpeg/luma";
import { JpegPixels } from "../../../image/jpeg/pixels";
import type { PixelBand, PixelSource } from "../../../image/pixels";
import type { GraySpace } from "./colour";
import { RowConverter } from "./pixels";
import { type GrayImageJob, setGray } from "./stream";

/**
 * JPEG images in grey: a YCbCr one keeps its luma coefficients (no pixel decoded, no loss); any
 * other (CMYK, RGB without the transform, spot colours) is decoded a band at a time and encoded
 * again in grey at the quality its own quantization tables show.
 */

/** Dense JPEG coefficient storage allowed per image (progressive files), as the compressor allows. */
const MAX_STORE = 40 * 1024 * 1024;

export interface JpegFacts {
  width: number;
  height: number;
  space: GraySpace;
  decode: number[];
  /** /ColorTransform from the DCT filter's parameters, -1 when absent. */
  ct: number;
}

export async function grayJpeg(job: GrayImageJob, stream: PDFRawStream, f: JpegFacts): Promise<boolean> {
  const budget = job.budget;
  const check = budget ? () => budget.check() : undefined;
  const maxStore = Math.min(MAX_STORE, Math.floor((budget?.memoryLeft ?? 2 * MAX_STORE) / 2));
  const reader = new JpegReader(stream.contents, { maxStoreBytes: maxStore, check });
  const frame = reader.frame;
  if (frame.components.length !== f.space.n || frame.width !== f.width || frame.height !== f.height) return false;
  const store = reader.streamed
    ? 0
    : frame.components.reduce((s, c) => s + c.blocksPerLine * c.blocksPerColumn * 128, 0);
  // The luma's sparse coefficients (about a third of dense storage) or the decoded bands and encoder.
  const held = store + f.width * f.height + 8 * 1024 * 1024;
  return budget?.holding(held, `${job.name ?? "This PDF"}'s image of ${f.width} x ${f.height} pixels`, run) ?? run();

  async function run(): Promise<boolean> {
    const unitRange = f.space.decode.every((v, i) => v === i % 2);
    const plain = f.decode.every((v, i) => v === f.space.decode[i]);
    const inverted = unitRange && f.decode.every((v, i) => v === (i + 1) % 2);
    if (f.space.model === "rgb" && (plain || inverted) && isYcc(reader, f.ct)) {
      const bytes = lumaJpeg(reader, check);
      if (bytes) {
        setGray(job.ctx, stream, bytes, "DCTDecode", null);
        if (inverted) stream.dict.set(PDFName.of("Decode"), job.ctx.obj([1, 0]));
        return true;
      }
    }
    const pixels = new JpegPixels(reader, f.ct >= 0 ? f.ct : undefined);
    if (pixels.channels !== f.space.n) return false;
    const conv = new RowConverter({ ...f, n: f.space.n, bpc: 8, colorKey: null });
    const gray = new GraySource(pixels, conv);
    const encoder = await job.encoder();
    // The original's own fidelity, read from its quantization tables: no search, no worse than it was.
    const quality = Math.max(50, Math.min(95, estimateQuality(reader.quant[0])));
    const bytes = encodeJpeg(gray, { quality, encoder, check });
    setGray(job.ctx, stream, bytes, "DCTDecode", null);
    return true;
  }
}

/** The standard (IJG) luminance table, natural order: what quality 50 quantizes with. */
const STD_LUMA = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51,
  87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101,
  72, 92, 95, 98, 112, 100, 103, 99,
];

/** The IJG quality a quantization table (natural order) corresponds to, from its mean scale. */
export function estimateQuality(table: Uint16Array): number {
  let scale = 0;
  for (let i = 0; i < 64; i++) scale += (table[i] * 100) / STD_LUMA[i];
  scale /= 64;
  return Math.round(scale <= 100 ? (200 - scale) / 2 : 5000 / scale);
}

/** A colour pixel source read as grey bands. */
class GraySource implements PixelSource {
  readonly layout = "gray" as const;
  readonly width: number;
  readonly height: number;

  constructor(
    private readonly src: PixelSource,
    private readonly conv: RowConverter,
  ) {
    this.width = src.width;
    this.height = src.height;
  }

  rewind(): void {
    this.src.rewind();
  }

  nextBand(): PixelBand | null {
    const band = this.src.nextBand();
    if (!band) return null;
    const w = this.width;
    const stride = band.data.length / band.rows;
    const out = new Uint8Array(w * band.rows);
    for (let r = 0; r < band.rows; r++) {
      this.conv.convert(band.data.subarray(r * stride, (r + 1) * stride), out.subarray(r * w, (r + 1) * w), null);
    }
    return { y0: band.y0, rows: band.rows, data: out };
  }
}
