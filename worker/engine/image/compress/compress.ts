import { EngineError } from "../../core/errors";
import { exifOrientation } from "../exif";
import { iccFromJpeg, iccFromPng } from "../icc";
import { JpegReader } from "../jpeg/decode";
import { JpegPixels } from "../jpeg/pixels";
import { orientPixels, type Pixels } from "../orient";
import { type PixelSource, readAll } from "../pixels";
import { parseHeader, readChunks } from "../png/chunks";
import { PngRawRows } from "../png/decode";
import { PngPixels } from "../png/pixels";
import {
  checkPixelBudget,
  type ImageInfo,
  MAX_MEGAPIXELS,
  MAX_WEBP_OUTPUT_MEGAPIXELS,
  probeImage,
  webpLimits,
} from "../probe";
import { compressJpeg, MAX_JPEG_STORE_BYTES } from "./jpeg";
import type { CompressedImage, CompressImageOptions } from "./options";
import { compressPng } from "./png";
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
  let src: PixelSource;
  let orientation: number;
  let icc: Uint8Array | null;
  if (format === "jpeg") {
    const reader = new JpegReader(bytes, { maxStoreBytes: MAX_JPEG_STORE_BYTES, check });
    src = new JpegPixels(reader);
    if (src.layout === "cmyk") {
      throw new EngineError(
        "invalid_file",
        "This is a CMYK JPEG (made for print): converting it to WebP would change its colours. Compress it as JPEG instead.",
      );
    }
    orientation = reader.meta.orientation;
    icc = iccFromJpeg(reader.meta.icc);
  } else {
    const chunks = readChunks(bytes);
    src = new PngPixels(new PngRawRows(parseHeader(chunks), chunks), chunks);
    const exif = chunks.find((c) => c.type === "eXIf");
    orientation = exif ? exifOrientation(exif.data) : 1;
    icc = iccFromPng(chunks);
  }
  const rgba = orientPixels(toRgba(src), 4, orientation);
  const out = await encodeWebp(rgba, { quality: opts.quality, lossless: format === "png", icc, check });
  return {
    bytes: out.bytes,
    format: "webp",
    width: rgba.width,
    height: rgba.height,
    method: out.method,
    unchanged: false,
  };
}

function toRgba(src: PixelSource): Pixels {
  const px = readAll(src);
  if (src.layout === "rgba") return { data: px, width: src.width, height: src.height };
  const n = src.width * src.height;
  const gray = src.layout === "gray";
  const ch = gray ? 1 : 3;
  const out = new Uint8Array(n * 4);
  for (let i = 0; i < n; i++) {
    out[i * 4] = px[i * ch];
    out[i * 4 + 1] = px[i * ch + (gray ? 0 : 1)];
    out[i * 4 + 2] = px[i * ch + (gray ? 0 : 2)];
    out[i * 4 + 3] = 255;
  }
  return { data: out, width: src.width, height: src.height };
}
