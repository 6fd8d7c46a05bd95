import { webpDecoder, webpEncoder } from "../../codecs/webp";
import { memo } from "../../core/memo";
import { invalidImage } from "../jpeg/markers";
import { orientPixels, type Pixels } from "../orient";
import { memorySource } from "../pixels";
import type { ImageInfo } from "../probe";
import { sampleTiles, searchQuality, stripScore } from "../quality";
import { stripWebpMetadata, webpMeta, withIcc } from "../webp/riff";
import {
  type CompressedImage,
  type CompressImageOptions,
  checkOf,
  QUALITY_PRESETS,
  type QualityPreset,
  SEARCH_RANGE,
} from "./options";

/** A lossy result must be at most this fraction of the lossless one to replace it. */
const LOSSY_GAIN = 0.7;

export interface WebpEncodeOptions {
  quality: QualityPreset | number;
  /** Try lossless first (graphics, screenshots); lossy replaces it only when much smaller. */
  lossless: boolean;
  icc: Uint8Array | null;
  check?: () => void;
}

/** RGBA pixels as the smallest WebP that meets the quality target. */
export async function encodeWebp(
  img: Pixels,
  opts: WebpEncodeOptions,
): Promise<{ bytes: Uint8Array; method: string; quality?: number }> {
  const encoder = await webpEncoder();
  const { data, width, height } = img;
  let lossless: Uint8Array | null = null;
  if (opts.lossless) {
    lossless = encoder.encode(data, width, height, { quality: 90, lossless: true, method: 4 });
    opts.check?.();
  }
  const decoder = await webpDecoder();
  const strip = sampleTiles(memorySource(data, width, height, "rgba"));
  const score = memo((q: number) => {
    opts.check?.();
    const decoded = decoder.decode(encoder.encode(strip.data, strip.width, strip.height, { quality: q }));
    if (!decoded) throw new Error("WebP decoder refused the encoder's output");
    return stripScore(strip, decoded.data, "rgba");
  });
  let quality: number;
  if (typeof opts.quality === "number") quality = opts.quality;
  else {
    const [lo, hi] = SEARCH_RANGE[opts.quality];
    quality = searchQuality(lo, hi, QUALITY_PRESETS[opts.quality], score);
  }
  const lossy = encoder.encode(data, width, height, { quality });
  opts.check?.();
  const pick =
    lossless && lossy.length > lossless.length * LOSSY_GAIN
      ? { bytes: lossless, method: "lossless" }
      : { bytes: lossy, method: `quality ${quality}`, quality: score(quality) };
  return { ...pick, bytes: withIcc(pick.bytes, opts.icc, width, height) };
}

/** Decodes a still WebP to upright RGBA (EXIF orientation applied). */
export async function decodeWebp(bytes: Uint8Array): Promise<Pixels> {
  const meta = webpMeta(bytes);
  const decoder = await webpDecoder();
  const img = decoder.decode(bytes);
  if (!img) throw invalidImage("This WebP is damaged or uses features we cannot read.");
  return orientPixels(img, 4, meta.orientation);
}

/**
 * WebP in, WebP out: re-encoded at the measured quality (lossless sources stay lossless unless
 * lossy is much smaller), ICC profile kept, EXIF and XMP dropped. Animations are not
 * re-encoded; they only lose their metadata.
 */
export async function compressWebp(
  bytes: Uint8Array,
  info: ImageInfo,
  opts: CompressImageOptions,
): Promise<CompressedImage> {
  const stripped = stripWebpMetadata(bytes);
  const meta = webpMeta(bytes);
  if (info.animated) {
    const { width, height } = info;
    return stripped.length < bytes.length
      ? { bytes: stripped, format: "webp", width, height, method: "metadata removed", unchanged: false }
      : { bytes, format: "webp", width, height, method: "original", unchanged: true };
  }
  const img = await decodeWebp(bytes);
  const out = await encodeWebp(img, {
    quality: opts.quality,
    lossless: meta.lossless,
    icc: meta.icc,
    check: checkOf(opts.budget),
  });
  const base = { format: "webp" as const, width: img.width, height: img.height };
  if (out.bytes.length < stripped.length) {
    const lossy = out.quality !== undefined ? { quality: out.quality } : {};
    return { ...base, bytes: out.bytes, method: out.method, unchanged: false, ...lossy };
  }
  if (stripped.length < bytes.length && meta.orientation === 1) {
    return { ...base, bytes: stripped, method: "metadata removed", unchanged: false };
  }
  return { ...base, bytes, method: "original", unchanged: true };
}
