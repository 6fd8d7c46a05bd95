import type { PDFContext } from "@cantoo/pdf-lib";
import { mozjpegEncoder } from "../../codecs/mozjpeg";
import { webpDecoder } from "../../codecs/webp";
import type { Budget } from "../../core/budget";
import { EngineError } from "../../core/errors";
import { imageWorkingSet } from "../../image/compress/compress";
import { encodeJpeg } from "../../image/jpeg/encode";
import type { PixelBand, PixelSource } from "../../image/pixels";
import { BatchedZlib } from "../../image/png/encode";
import { checkPixelBudget, probeImage } from "../../image/probe";
import { firstFrame } from "../../image/webp/first-frame";
import { type WebpMeta, webpMeta } from "../../image/webp/riff";
import { iccColorSpace, type PlacedImage } from "./common";

/**
 * The JPEG quality a lossy WebP's pixels are written at. A lossy WebP (VP8) is always 4:2:0, so
 * a 4:2:0 JPEG loses no colour resolution the WebP still had; at 90 a 2000 x 1125 photo (WebP q80,
 * 69.6 KB) became 191 KB at 44.7 dB PSNR against the decoded WebP, where the WebP itself is
 * 3.4 butteraugli from its source: the second generation adds far less than the first did.
 * Written losslessly (Flate) the same pixels took 1.22 MB, 17 times the WebP.
 */
export const LOSSY_WEBP_JPEG_QUALITY = 90;

const BAND_ROWS = 128;

/** The RGB rows of decoded RGBA pixels, a band at a time (JPEG takes no alpha). */
function rgbSource(rgba: Uint8Array, width: number, height: number): PixelSource {
  let y = 0;
  return {
    width,
    height,
    layout: "rgb",
    nextBand(): PixelBand | null {
      if (y >= height) return null;
      const rows = Math.min(BAND_ROWS, height - y);
      const data = new Uint8Array(rows * width * 3);
      for (let i = 0, s = y * width * 4; i < data.length; i += 3, s += 4) {
        data[i] = rgba[s];
        data[i + 1] = rgba[s + 1];
        data[i + 2] = rgba[s + 2];
      }
      const band = { y0: y, rows, data };
      y += rows;
      return band;
    },
    rewind() {
      y = 0;
    },
  };
}

/** Colour (RGB) and alpha of decoded RGBA pixels, the ones asked for, each through zlib a row at a time. */
async function flateChannels(
  rgba: Uint8Array,
  width: number,
  height: number,
  want: { color: boolean; alpha: boolean },
) {
  const color = want.color ? new BatchedZlib() : undefined;
  const alpha = want.alpha ? new BatchedZlib() : undefined;
  const rowC = new Uint8Array(width * 3);
  const rowA = new Uint8Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0, s = y * width * 4; x < width; x++, s += 4) {
      rowC[x * 3] = rgba[s];
      rowC[x * 3 + 1] = rgba[s + 1];
      rowC[x * 3 + 2] = rgba[s + 2];
      rowA[x] = rgba[s + 3];
    }
    await color?.push(rowC);
    await alpha?.push(rowA);
  }
  return { color: color ? await color.finish() : undefined, alpha: alpha ? await alpha.finish() : undefined };
}

function hasTransparency(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return true;
  return false;
}

/**
 * The codecs a job's WebP images share: one WebP decoder and one JPEG encoder for all of them.
 * WebAssembly memory only grows and is freed only when a collection finds its instance, so fresh
 * instances for each image of one request stack up: three 2.6-megapixel lossless WebPs peaked at
 * 155 MB that way (the memory test's sampler), 75 MB with the instances shared.
 */
export function webpCodecs() {
  let decoder: ReturnType<typeof webpDecoder> | undefined;
  let encoder: ReturnType<typeof mozjpegEncoder> | undefined;
  return {
    decoder: () => {
      decoder ??= webpDecoder();
      return decoder;
    },
    encoder: () => {
      encoder ??= mozjpegEncoder();
      return encoder;
    },
  };
}

export type WebpCodecs = ReturnType<typeof webpCodecs>;

/**
 * A WebP as an image XObject. PDF has no WebP filter, so its pixels are decoded (an animation's
 * first frame), within the probe's WebP pixel cap, and written again: a lossless WebP, and
 * any alpha, exactly (Flate); a lossy WebP's colour as a JPEG at LOSSY_WEBP_JPEG_QUALITY, which
 * keeps the file near the WebP's own size where Flate would make it many times larger. The ICC
 * profile is kept; EXIF orientation is applied by the placement, not to the pixels.
 */
export async function webpXObject(
  ctx: PDFContext,
  bytes: Uint8Array,
  name: string,
  budget?: Budget,
  codecs: WebpCodecs = webpCodecs(),
): Promise<PlacedImage> {
  const info = probeImage(bytes);
  checkPixelBudget(info, name);
  const damaged = () =>
    new EngineError("invalid_file", `${name} is not a valid WebP image: it is truncated or damaged.`);
  let meta: WebpMeta;
  let still: Uint8Array;
  try {
    meta = webpMeta(bytes);
    still = info.animated ? firstFrame(bytes) : bytes;
  } catch {
    throw damaged();
  }
  const embed = async (): Promise<PlacedImage> => {
    const decoded = (await codecs.decoder()).decode(still);
    if (!decoded) throw damaged();
    const { data: rgba, width, height } = decoded;
    budget?.check();
    const transparent = hasTransparency(rgba);
    const colorSpace = iccColorSpace(ctx, meta.icc ?? undefined, 3) ?? "DeviceRGB";
    const lossless = meta.lossless;
    const planes = await flateChannels(rgba, width, height, { color: lossless, alpha: transparent });
    const smask = planes.alpha
      ? ctx.register(
          ctx.stream(planes.alpha, {
            Type: "XObject",
            Subtype: "Image",
            Width: width,
            Height: height,
            BitsPerComponent: 8,
            ColorSpace: "DeviceGray",
            Filter: "FlateDecode",
          }),
        )
      : undefined;
    const jpeg = lossless
      ? undefined
      : encodeJpeg(rgbSource(rgba, width, height), {
          quality: LOSSY_WEBP_JPEG_QUALITY,
          encoder: await codecs.encoder(),
          chromaSubsample: 2,
          check: budget ? () => budget.check() : undefined,
        });
    const data = jpeg ?? planes.color;
    if (!data) throw new Error("a WebP's colour was neither written as JPEG nor deflated");
    const stream = ctx.stream(data, {
      Type: "XObject",
      Subtype: "Image",
      Width: width,
      Height: height,
      BitsPerComponent: 8,
      ColorSpace: colorSpace,
      Filter: jpeg ? "DCTDecode" : "FlateDecode",
      ...(smask ? { SMask: smask } : {}),
    });
    return { ref: ctx.register(stream), width, height, orientation: meta.orientation };
  };
  // The decoder's copy, ours, the planes and the encoder: measured for compress images (28 a pixel).
  const working = imageWorkingSet(info, false);
  return budget ? budget.holding(working, `${name} (${info.width} x ${info.height} pixels)`, embed) : embed();
}
