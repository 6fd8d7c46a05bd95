import type { Budget } from "../../core/budget";
import { isOutOfBudget } from "../../core/errors";
import { memo } from "../../core/memo";
import { jpegStripScore } from "../../image/compress/jpeg";
import { encodeJpeg, type MozjpegEncoder } from "../../image/jpeg/encode";
import { appSegment } from "../../image/jpeg/write";
import { isPhotographic, photoStats } from "../../image/photographic";
import { CHANNELS } from "../../image/pixels";
import { sampleTiles, searchQuality } from "../../image/quality";
import type { ImageLevel } from "./level";
import type { PdfImage } from "./source";

/**
 * Photographs stored losslessly (Flate, LZW, RunLength, uncompressed) and painted at or below
 * the level's resolution, so not downsampled: re-encoded as JPEG at their own size, by the same
 * metric-guarded quality search as every other image. Only photographs (decided from the pixels,
 * image/photographic.ts): screenshots, charts, line art and text scans stay lossless.
 */

/**
 * A JPEG replaces a lossless photo only when at most this share of its size: exact pixels are
 * not traded for a few percent.
 */
const KEEP_AT_MOST = 0.75;
/**
 * The largest image looked at, in bytes of samples (4 MP of RGB): inflated once and held for its
 * three passes (the look, the sample tiles, the encoder). Larger ones stay lossless: streamed, a
 * 6.6 MP photo took 38 s and peaked at 100 MB on the bench's loaded machine, past a job's time;
 * painted at 150 ppi or less, 4 MP is a poster.
 */
export const HOLD_UNDER = 12 * 1024 * 1024;
/**
 * Stored in less than this share of its samples, an image is not looked at: photographs deflate
 * to 30-70% (PDF Annotator's and qpdf's: 64% and 65%), drawn content to 0.5-6% (LibreOffice's
 * screenshots and charts 0.5-1.2%, a page of type 6%). It spares a document of screenshots an
 * inflate of each.
 */
const MIN_STORED_SHARE = 0.05;
/** The encoder's own memory (mozjpeg's WebAssembly instance). */
const CODEC_BYTES = 8 * 1024 * 1024;
/**
 * Time left that the attempt needs: 3 s per pixel million (inflate, look, tiles and encode took
 * 0.5 µs a pixel on PDF Annotator's 0.5 MP photo, several times that when the machine is shared)
 * and 3 s besides (its quality search's probes took 0.4 s). What is optional never runs the job
 * out of time.
 */
const MS_PER_PIXEL = 3e-3;
const MIN_MS_LEFT = 3000;

export interface PhotoJpeg {
  bytes: Uint8Array;
  quality: number;
  ssim: number;
}

/**
 * The image as a JPEG at its own size, or null when it is not a photograph, does not fit what the
 * job has left (memory or time: it then stays lossless, the job is not refused), or the JPEG
 * would not be KEEP_AT_MOST of `before` bytes.
 */
export function photoAsJpeg(
  img: PdfImage,
  before: number,
  level: ImageLevel,
  opts: { encoder: MozjpegEncoder; budget?: Budget; hint?: number },
): PhotoJpeg | null {
  const { budget, encoder } = opts;
  if (img.kind !== "lossless" || img.indexed || img.matteMask) return null;
  const { width, height, layout } = img.source;
  const pixels = width * height;
  const samples = pixels * CHANNELS[layout];
  if (samples > HOLD_UNDER || before < samples * MIN_STORED_SHARE) return null;
  // The samples held, the quantized blocks (at most a byte a sample), the sample tiles and the encoder.
  const working = img.held + samples + CODEC_BYTES;
  if (budget && (working > budget.memoryLeft || budget.remaining < MIN_MS_LEFT + pixels * MS_PER_PIXEL)) return null;
  try {
    budget?.take(working, "An image of this PDF");
  } catch (err) {
    // The isolate is busy: this image stays as it is rather than the job waiting for memory.
    if (isOutOfBudget(err) && err.code === "busy") return null;
    throw err;
  }
  try {
    const { source } = img;
    if (!isPhotographic(photoStats(source), layout)) return null;
    const check = budget ? () => budget.check() : undefined;
    const strip = sampleTiles(source);
    const score = memo((q: number) => {
      check?.();
      return jpegStripScore(strip, q, encoder);
    });
    const quality = searchQuality(level.range[0], level.range[1], level.target, score, opts.hint);
    // A CMYK JPEG is marked Adobe with no colour transform, as the DCT path keeps its originals'.
    const segments = layout === "cmyk" ? [appSegment(0xee, ADOBE_CMYK)] : [];
    const bytes = encodeJpeg(source, { quality, encoder, segments, check });
    return bytes.length <= before * KEEP_AT_MOST ? { bytes, quality, ssim: score(quality) } : null;
  } finally {
    budget?.give(working);
  }
}

/** Adobe APP14: version 100, no flags, transform 0 (CMYK stored as is). */
const ADOBE_CMYK = new Uint8Array([0x41, 0x64, 0x6f, 0x62, 0x65, 0, 100, 0, 0, 0, 0, 0]);
