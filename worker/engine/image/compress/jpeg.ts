import { mozjpegEncoder } from "../../codecs/mozjpeg";
import { memo } from "../../core/memo";
import { orientationExif } from "../exif";
import { JpegReader } from "../jpeg/decode";
import { encodeJpeg, type MozjpegEncoder } from "../jpeg/encode";
import { losslessOrientationPossible, rewriteJpeg } from "../jpeg/lossless";
import type { JpegMeta } from "../jpeg/markers";
import { JpegPixels } from "../jpeg/pixels";
import { planRequant, requantizable } from "../jpeg/requant";
import { appSegment, writeJpeg } from "../jpeg/write";
import { memorySource, type PixelSource, readAll } from "../pixels";
import { sampleTiles, searchQuality, stripScore, type TileStrip } from "../quality";
import { type CompressedImage, type CompressImageOptions, checkOf, QUALITY_PRESETS, SEARCH_RANGE } from "./options";

/** Dense coefficient storage allowed for progressive files (4:2:0 at about 16 megapixels). */
export const MAX_JPEG_STORE_BYTES = 48 * 1024 * 1024;
/** The original's sparse coefficients are kept for the requantizer up to this size (else decoded twice). */
const KEEP_COEFFICIENT_BYTES = 24 * 1024 * 1024;

/**
 * JPEG in, JPEG out. Two candidates: the original's own coefficients re-coded (lossless:
 * optimal Huffman tables, metadata gone, orientation applied when exact), and a lossy one at
 * the quality the metric picks: requantized in the DCT domain (trellis, as mozjpeg would) for
 * 4:2:0 and grey photos, else decoded and re-encoded by mozjpeg. The smaller wins; the
 * original when neither helps.
 */
export async function compressJpeg(bytes: Uint8Array, opts: CompressImageOptions): Promise<CompressedImage> {
  const check = checkOf(opts.budget);
  const reader = new JpegReader(bytes, { maxStoreBytes: MAX_JPEG_STORE_BYTES, check });
  const { frame, meta } = reader;
  const o = meta.orientation;
  const transposed = o >= 5;
  const size = { width: transposed ? frame.height : frame.width, height: transposed ? frame.width : frame.height };
  const icc = meta.icc.map((p) => appSegment(0xe2, p));

  const exact = losslessOrientationPossible(reader, o);
  const kept = [
    ...(meta.jfifSegment ? [appSegment(0xe0, jfifPayload(meta))] : []),
    ...(meta.adobe ? [appSegment(0xee, meta.adobe)] : []),
    ...icc,
    // When the rotation cannot be applied exactly, the viewer still needs to know it.
    ...(exact || o === 1 ? [] : [appSegment(0xe1, orientationExif(o))]),
  ];
  const rewrite = () => rewriteJpeg(reader, { orientation: exact ? o : 1, segments: kept, check });
  const original = { bytes, format: "jpeg" as const, ...size, method: "original", unchanged: true };

  // Requantized in the DCT domain where the orientation can be applied to blocks (a partial MCU
  // moved to the top or left would need new blocks); the lossless rewrite is written only when
  // its estimated size (from the symbol counts of the pass that cut the sample tiles) could win.
  if (requantizable(reader) && exact) {
    const plan = planRequant(reader, { keepBytes: KEEP_COEFFICIENT_BYTES, check });
    const score = memo((q: number) => plan.score(q));
    const quality =
      typeof opts.quality === "number"
        ? opts.quality
        : searchQuality(
            SEARCH_RANGE[opts.quality][0],
            SEARCH_RANGE[opts.quality][1],
            QUALITY_PRESETS[opts.quality],
            score,
          );
    const r = plan.encode(quality);
    const segments = [appSegment(0xe0, jfifPayload(meta)), ...icc];
    const lossy = writeJpeg({ width: frame.width, height: frame.height, ...r, orientation: o, segments });
    check?.();
    let best: { bytes: Uint8Array; method: string; quality?: number } = {
      bytes: lossy,
      method: `quality ${quality}`,
      quality: score(quality),
    };
    if (plan.losslessBytes < Math.min(lossy.length, bytes.length) * 1.02) {
      const lossless = plan.original
        ? writeJpeg({
            width: frame.width,
            height: frame.height,
            components: frame.components.map(({ id, h, v, tq }) => ({ id, h, v, tq })),
            quant: reader.quantTables.map((t) => t ?? new Uint16Array(64)),
            store: plan.original,
            orientation: o,
            segments: kept,
          })
        : rewrite();
      if (lossless.length < lossy.length) best = { bytes: lossless, method: "lossless" };
    }
    if (best.bytes.length >= bytes.length) return original;
    return { bytes: best.bytes, format: "jpeg", ...size, method: best.method, unchanged: false, quality: best.quality };
  }

  const lossless = rewrite();
  check?.();

  const pixels = new JpegPixels(reader);
  const encoder = await mozjpegEncoder();
  const picked = pickQuality(pixels, opts.quality, encoder, check);
  const quality = picked.quality;
  const header =
    pixels.layout === "cmyk"
      ? meta.adobe
        ? [appSegment(0xee, withTransform(meta.adobe, 0))]
        : []
      : [appSegment(0xe0, jfifPayload(meta))];
  const lossy = encodeJpeg(pixels, { quality, encoder, orientation: o, segments: [...header, ...icc], check });

  const best = lossy.length < lossless.length ? lossy : lossless;
  if (best.length >= bytes.length) return original;
  if (best === lossless) return { bytes: best, format: "jpeg", ...size, method: "lossless", unchanged: false };
  return {
    bytes: best,
    format: "jpeg",
    ...size,
    method: `quality ${quality}`,
    unchanged: false,
    quality: picked.score,
  };
}

/** The quality setting (a preset's measured pick, or the number given) and its SSIM on the sample tiles. */
function pickQuality(
  src: PixelSource,
  preset: keyof typeof QUALITY_PRESETS | number,
  encoder: MozjpegEncoder,
  check?: () => void,
): { quality: number; score: number } {
  const strip = sampleTiles(src);
  const score = memo((q: number) => {
    check?.();
    return jpegStripScore(strip, q, encoder);
  });
  if (typeof preset === "number") return { quality: preset, score: score(preset) };
  const [lo, hi] = SEARCH_RANGE[preset];
  const quality = searchQuality(lo, hi, QUALITY_PRESETS[preset], score);
  return { quality, score: score(quality) };
}

/** Encodes the sample strip at quality q with the same band encoder, and measures it. */
export function jpegStripScore(strip: TileStrip, q: number, encoder: MozjpegEncoder): number {
  const jpeg = encodeJpeg(memorySource(strip.data, strip.width, strip.height, strip.layout), { quality: q, encoder });
  return stripScore(strip, readAll(new JpegPixels(new JpegReader(jpeg))));
}

/** JFIF APP0 with the original's density, without a thumbnail. */
export function jfifPayload(meta: JpegMeta): Uint8Array {
  const out = new Uint8Array([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const src = meta.jfifSegment;
  if (src && src.length >= 12) out.set(src.subarray(7, 12), 7);
  return out;
}

export function withTransform(adobe: Uint8Array, transform: number): Uint8Array {
  const copy = adobe.slice();
  copy[11] = transform;
  return copy;
}
