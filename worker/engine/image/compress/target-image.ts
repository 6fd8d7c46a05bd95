import { mozjpegEncoder } from "../../codecs/mozjpeg";
import { webpDecoder, webpEncoder } from "../../codecs/webp";
import { orientationExif } from "../exif";
import { JpegReader } from "../jpeg/decode";
import { encodeJpeg } from "../jpeg/encode";
import { losslessOrientationPossible, rewriteJpeg } from "../jpeg/lossless";
import { JpegPixels } from "../jpeg/pixels";
import { appSegment } from "../jpeg/write";
import type { Pixels } from "../orient";
import { memorySource, readAll } from "../pixels";
import type { ImageInfo } from "../probe";
import { stripWebpMetadata, webpMeta, withIcc } from "../webp/riff";
import { jfifPayload, MAX_JPEG_STORE_BYTES, withTransform } from "./jpeg";
import { type CompressedImage, type CompressImageOptions, checkOf } from "./options";
import { formatSize } from "./report";
import { uprightRgba } from "./rgba";
import { type LossyCodec, MIN_LONG_SIDE, searchTarget, type TargetOutcome, TileSample } from "./target";
import { compressPngToTarget } from "./target-png";
import { decodeWebp } from "./webp";

/**
 * Re-coding a JPEG's coefficients with fitted Huffman tables saves at most about this much of
 * what is not metadata (mozjpeg's own figure for optimised tables is 5-10%).
 */
const LOSSLESS_REACH = 0.85;
/** JPEG and WebP qualities for the size search (see QualityRange). */
const RANGE = { lo: 30, good: 55, hi: 92 };

/**
 * Compress to a size: the best quality that fits `target` bytes, in the image's own format (or
 * WebP when asked). What is lossless comes first: a file already within the target only loses
 * its metadata. The result is never larger than the input; when the target cannot be met, the
 * smallest acceptable result comes back with the reason.
 */
export async function compressToTarget(
  bytes: Uint8Array,
  info: ImageInfo,
  target: number,
  opts: CompressImageOptions,
): Promise<CompressedImage> {
  if (opts.toWebp && info.format !== "webp") return webpToTarget(bytes, info, target, opts);
  if (info.format === "jpeg") return jpegToTarget(bytes, target, opts);
  if (info.format === "png") return compressPngToTarget(bytes, target, opts);
  return webpToTarget(bytes, info, target, opts);
}

async function jpegToTarget(bytes: Uint8Array, target: number, opts: CompressImageOptions): Promise<CompressedImage> {
  const check = checkOf(opts.budget);
  const reader = new JpegReader(bytes, { maxStoreBytes: MAX_JPEG_STORE_BYTES, check });
  const { frame, meta } = reader;
  const o = meta.orientation;
  const turned = (w: number, h: number) => (o >= 5 ? { width: h, height: w } : { width: w, height: h });
  const icc = meta.icc.map((p) => appSegment(0xe2, p));
  const exact = losslessOrientationPossible(reader, o);
  const kept = [
    ...(meta.jfifSegment ? [appSegment(0xe0, jfifPayload(meta))] : []),
    ...(meta.adobe ? [appSegment(0xee, meta.adobe)] : []),
    ...icc,
    ...(exact || o === 1 ? [] : [appSegment(0xe1, orientationExif(o))]),
  ];
  const full = turned(frame.width, frame.height);
  // Re-coding the original's own coefficients keeps every pixel, but saves little beyond the
  // metadata: it is only worth its time when the target is near the size it can reach.
  let lossless: Uint8Array | null = null;
  if (target >= (bytes.length - metadataBytes(bytes)) * LOSSLESS_REACH) {
    lossless = rewriteJpeg(reader, { orientation: exact ? o : 1, segments: kept, check });
    const losslessOut = pickLossless(bytes, lossless, "jpeg", full, target);
    if (losslessOut) return losslessOut;
  }

  const pixels = new JpegPixels(reader);
  const header =
    pixels.layout === "cmyk"
      ? meta.adobe
        ? [appSegment(0xee, withTransform(meta.adobe, 0))]
        : []
      : [appSegment(0xe0, jfifPayload(meta))];
  const encoder = await mozjpegEncoder();
  const codec: LossyCodec = {
    range: RANGE,
    probe: (src, q) => encodeJpeg(src, { quality: q, encoder }),
    fixedBytes: jpegHeaderBytes,
    decode: (enc) => {
      const px = new JpegPixels(new JpegReader(enc));
      return { data: readAll(px), layout: px.layout };
    },
    encode: (src, q) => encodeJpeg(src, { quality: q, encoder, orientation: o, segments: [...header, ...icc], check }),
  };
  const r = await withSample(pixels, opts, "the photo", (sample) =>
    searchTarget(pixels, sample, codec, target, { budget: opts.budget, check }),
  );
  return fromOutcome(bytes, r, "jpeg", turned(r.width, r.height), target, [
    ...(lossless ? [{ bytes: lossless, ...full }] : []),
    { bytes, ...full },
  ]);
}

async function webpToTarget(
  bytes: Uint8Array,
  info: ImageInfo,
  target: number,
  opts: CompressImageOptions,
): Promise<CompressedImage> {
  const out = await webpSearch(bytes, info, target, opts);
  if (info.format === "webp" || out.bytes.length < bytes.length) return out;
  // Converted, it would be no smaller: the original comes back, in its own format.
  const met = bytes.length <= target;
  const reason = "as WebP it would be no smaller than the original";
  return {
    bytes,
    format: info.format,
    width: info.width,
    height: info.height,
    method: "original",
    unchanged: true,
    target: { size: target, met, ...(met ? {} : { reason }) },
  };
}

async function webpSearch(
  bytes: Uint8Array,
  info: ImageInfo,
  target: number,
  opts: CompressImageOptions,
): Promise<CompressedImage> {
  const check = checkOf(opts.budget);
  let image: Pixels;
  let icc: Uint8Array | null;
  // What keeps every pixel: the file without metadata, or a lossless WebP of a PNG.
  const lossless: Uint8Array[] = [];
  const encoder = await webpEncoder();
  if (info.format === "webp") {
    const meta = webpMeta(bytes);
    if (info.animated) return animatedWebp(bytes, info, target);
    image = await decodeWebp(bytes);
    icc = meta.icc;
    if (meta.orientation === 1) lossless.push(stripWebpMetadata(bytes));
  } else {
    ({ image, icc } = uprightRgba(bytes, info.format, check));
    if (info.format === "png") {
      const enc = encoder.encode(image.data, image.width, image.height, { quality: 90, lossless: true, method: 4 });
      lossless.push(withIcc(enc, icc, image.width, image.height));
      check?.();
    }
  }
  const full = { width: image.width, height: image.height };
  const smallestLossless = lossless.reduce<Uint8Array | null>((a, b) => (a && a.length <= b.length ? a : b), null);
  if (smallestLossless && smallestLossless.length <= target) {
    const same = info.format === "webp" && smallestLossless.length >= bytes.length;
    return {
      bytes: same ? bytes : smallestLossless,
      format: "webp",
      ...full,
      method: same ? "original" : info.format === "webp" ? "metadata removed" : "lossless",
      unchanged: same,
      target: { size: target, met: true },
    };
  }
  const decoder = await webpDecoder();
  const codec: LossyCodec = {
    range: RANGE,
    probe: (src, q) => encoder.encode(readAll(src), src.width, src.height, { quality: q }),
    fixedBytes: () => 0,
    decode: (enc) => {
      const img = decoder.decode(enc);
      if (!img) throw new Error("WebP decoder refused the encoder's output");
      return { data: img.data, layout: "rgba" };
    },
    encode: (src, q) => {
      const px = readAll(src);
      check?.();
      return withIcc(encoder.encode(px, src.width, src.height, { quality: q }), icc, src.width, src.height);
    },
  };
  const src = memorySource(image.data, image.width, image.height, "rgba");
  const r = await withSample(src, opts, "the image", (sample) =>
    searchTarget(src, sample, codec, target, { budget: opts.budget, check }),
  );
  const fallbacks = [
    ...(smallestLossless ? [{ bytes: smallestLossless, ...full }] : []),
    ...(info.format === "webp" ? [{ bytes, ...full }] : []),
  ];
  return fromOutcome(bytes, r, "webp", { width: r.width, height: r.height }, target, fallbacks);
}

/** An animated WebP is never re-encoded: only its metadata goes. */
function animatedWebp(bytes: Uint8Array, info: ImageInfo, target: number): CompressedImage {
  const stripped = stripWebpMetadata(bytes);
  const out = stripped.length < bytes.length ? stripped : bytes;
  const met = out.length <= target;
  return {
    bytes: out,
    format: "webp",
    width: info.width,
    height: info.height,
    method: out === bytes ? "original" : "metadata removed",
    unchanged: out === bytes,
    target: {
      size: target,
      met,
      ...(met ? {} : { reason: "This is an animated WebP, which is not re-encoded: only its metadata was removed" }),
    },
  };
}

/** The sample's memory is counted while the search runs. */
async function withSample(
  src: ConstructorParameters<typeof TileSample>[0],
  opts: CompressImageOptions,
  what: string,
  run: (sample: TileSample) => Promise<TargetOutcome>,
): Promise<TargetOutcome> {
  const held = TileSample.bytesFor(src.width, src.height, src.layout);
  opts.budget?.take(held, `The sample tiles of ${what}`);
  try {
    return await run(new TileSample(src, checkOf(opts.budget)));
  } finally {
    opts.budget?.give(held);
  }
}

/** The lossless result when it (or the original) is already within the target. */
export function pickLossless(
  original: Uint8Array,
  lossless: Uint8Array,
  format: CompressedImage["format"],
  size: { width: number; height: number },
  target: number,
): CompressedImage | null {
  if (lossless.length > target && original.length > target) return null;
  const keep = original.length <= lossless.length;
  return {
    bytes: keep ? original : lossless,
    format,
    ...size,
    method: keep ? "original" : "lossless",
    unchanged: keep,
    target: { size: target, met: true },
  };
}

/**
 * The search's result as a compressed image: never larger than the smallest of `fallbacks`
 * (what keeps every pixel, and the original), which wins when the lossy result does not beat it.
 */
export function fromOutcome(
  original: Uint8Array,
  r: TargetOutcome,
  format: CompressedImage["format"],
  size: { width: number; height: number },
  target: number,
  fallbacks: { bytes: Uint8Array; width: number; height: number }[],
): CompressedImage {
  const floor = fallbacks.reduce<(typeof fallbacks)[number] | null>(
    (a, b) => (a && a.bytes.length <= b.bytes.length ? a : b),
    null,
  );
  if (floor && floor.bytes.length <= r.bytes.length) {
    const unchanged = floor.bytes === original;
    return {
      bytes: floor.bytes,
      format,
      width: floor.width,
      height: floor.height,
      method: unchanged ? "original" : "lossless",
      unchanged,
      target:
        floor.bytes.length <= target
          ? { size: target, met: true }
          : {
              size: target,
              met: false,
              reason: `re-encoded at the lowest quality kept (${size.width} x ${size.height} pixels) it would still be ${formatSize(r.bytes.length)}, no smaller than it is`,
            },
    };
  }
  const resized = r.scale < 1 ? `, ${size.width} x ${size.height} pixels` : "";
  return {
    bytes: r.bytes,
    format,
    ...size,
    method: `quality ${r.q}${resized}`,
    unchanged: false,
    quality: r.ssim,
    target: { size: target, met: r.met, ...(r.met ? {} : { reason: shortfall(r, size) }) },
  };
}

function shortfall(r: TargetOutcome, size: { width: number; height: number }): string {
  const smallest = Math.max(size.width, size.height) <= MIN_LONG_SIDE;
  return smallest
    ? `at ${size.width} x ${size.height} pixels (the smallest size kept) and quality ${r.q} (the lowest kept), it is still ${formatSize(r.bytes.length)}`
    : `it could not be made smaller than ${formatSize(r.bytes.length)} in the time a job has`;
}

/** The bytes of a JPEG's APPn and COM segments (EXIF, thumbnails, XMP, ICC...), before its first scan. */
function metadataBytes(jpeg: Uint8Array): number {
  let n = 0;
  let i = 2;
  while (i + 4 <= jpeg.length && jpeg[i] === 0xff) {
    const marker = jpeg[i + 1];
    if (marker === 0xda) break;
    const len = (jpeg[i + 2] << 8) | jpeg[i + 3];
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) n += 2 + len;
    i += 2 + len;
  }
  return n;
}

/** A JPEG's bytes before its first scan: tables and headers, the same whatever the image's size. */
function jpegHeaderBytes(jpeg: Uint8Array): number {
  let i = 2;
  while (i + 4 <= jpeg.length) {
    if (jpeg[i] !== 0xff) return 0;
    const marker = jpeg[i + 1];
    const len = (jpeg[i + 2] << 8) | jpeg[i + 3];
    i += 2 + len;
    if (marker === 0xda) return i;
  }
  return 0;
}
