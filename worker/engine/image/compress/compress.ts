import {
  checkPixelBudget,
  type ImageInfo,
  MAX_MEGAPIXELS,
  MAX_WEBP_OUTPUT_MEGAPIXELS,
  probeImage,
  webpLimits,
} from "../probe";
import { compressJpeg } from "./jpeg";
import type { CompressedImage, CompressImageOptions } from "./options";
import { compressPng } from "./png";
import { uprightRgba } from "./rgba";
import { compressToTarget } from "./target-image";
import { compressWebp, encodeWebp } from "./webp";

export type { CompressedImage, CompressImageOptions } from "./options";

/**
 * Compresses one image. The header is read first and an image declaring more pixels than a
 * job may hold is refused before any decoding. The result is never larger than the input:
 * when nothing helps, the original comes back with `unchanged` set.
 */
export async function compressImage(
  bytes: Uint8Array,
  name: string,
  opts: CompressImageOptions,
): Promise<CompressedImage> {
  const info = probeImage(bytes);
  // WebP is decoded and encoded whole, so its limits follow the job's memory (the edge's 80 MB
  // gives the fixed ones; a device's larger budget, larger images).
  const webp = opts.budget
    ? webpLimits(opts.budget.memoryLimit)
    : { input: MAX_MEGAPIXELS.webp, output: MAX_WEBP_OUTPUT_MEGAPIXELS };
  checkPixelBudget(info, name, info.format === "webp" ? webp.input : MAX_MEGAPIXELS[info.format]);
  if (opts.toWebp && info.format !== "webp") checkPixelBudget(info, name, webp.output);
  const working = imageWorkingSet(info, Boolean(opts.toWebp));
  opts.budget?.take(working, `${name} (${info.width} x ${info.height} pixels)`);
  try {
    const out = await compressProbed(bytes, info, opts);
    // The result is held until it is stored; the working memory is not.
    opts.budget?.take(out.bytes === bytes ? 0 : out.bytes.length, `${name}'s result`);
    return out;
  } finally {
    opts.budget?.give(working);
  }
}

/**
 * The memory a compression holds besides its input, from the declared size (bench, 12 MP):
 * JPEG and PNG are decoded and encoded in bands, with the WebAssembly encoder beside them; a WebP
 * is decoded whole (about 28 bytes a pixel at the peak), and conversion to WebP holds the whole
 * image and the encoder (about 19 a pixel).
 */
export function imageWorkingSet(info: ImageInfo, toWebp: boolean): number {
  const px = info.width * info.height;
  if (info.format === "webp") return 28 * px;
  if (toWebp) return 19 * px;
  return 16 * 1024 * 1024 + Math.min(4 * px, 48 * 1024 * 1024);
}

async function compressProbed(
  bytes: Uint8Array,
  info: ImageInfo,
  opts: CompressImageOptions,
): Promise<CompressedImage> {
  if (opts.targetSize !== undefined) return compressToTarget(bytes, info, opts.targetSize, opts);
  if (opts.toWebp && info.format !== "webp") {
    const converted = await convertToWebp(bytes, info.format, opts);
    if (converted.bytes.length < bytes.length) return converted;
    return {
      bytes,
      format: info.format,
      width: converted.width,
      height: converted.height,
      method: "original",
      unchanged: true,
    };
  }
  if (info.format === "jpeg") return compressJpeg(bytes, opts);
  if (info.format === "png") return compressPng(bytes, opts);
  return compressWebp(bytes, info, opts);
}

async function convertToWebp(
  bytes: Uint8Array,
  format: "jpeg" | "png",
  opts: CompressImageOptions,
): Promise<CompressedImage> {
  const check = opts.budget ? () => opts.budget!.check() : undefined;
  const { image: rgba, icc } = uprightRgba(bytes, format, check);
  const out = await encodeWebp(rgba, { quality: opts.quality, lossless: format === "png", icc, check });
  return {
    bytes: out.bytes,
    format: "webp",
    width: rgba.width,
    height: rgba.height,
    method: out.method,
    unchanged: false,
    ...(out.quality !== undefined ? { quality: out.quality } : {}),
  };
}
