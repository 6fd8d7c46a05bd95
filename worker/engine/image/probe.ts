import { latin1 } from "../core/bytes";
import { EngineError } from "../core/errors";
import { invalidImage } from "./jpeg/markers";

export type ImageFormat = "jpeg" | "png" | "webp";

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
  animated: boolean;
}

/**
 * Pixel budgets, by what a job must hold: JPEG and PNG stream in bands; a WebP is decoded whole
 * (the decoder's copy, then ours: 4 bytes a pixel each) and libwebp's encoder needs about 12
 * more, 28 bytes a pixel at the peak (3 MP measured about 85 MB, npm run bench), so its limit
 * follows the job's memory: 3 MP in the edge's 80 MB, 9 to 76 MP on a device (256 MB to 2 GB).
 */
export const MAX_MEGAPIXELS: Record<ImageFormat, number> = { jpeg: 50, png: 40, webp: 3 };
/** Bytes a pixel costs at the peak: a WebP decoded and re-encoded; an image converted to WebP. */
export const WEBP_BYTES_PER_PIXEL = 28;
export const TO_WEBP_BYTES_PER_PIXEL = 19;
/** Converting to WebP holds the whole image and the encoder: 4 MP in the edge's 80 MB. */
export const MAX_WEBP_OUTPUT_MEGAPIXELS = 4;

/**
 * The WebP limits for a job that may hold `memory` bytes, in whole megapixels (rounded down,
 * with the 3 MP the edge measured at 85 MB counted as fitting its 80 MB).
 */
export function webpLimits(memory: number): { input: number; output: number } {
  const mp = (bytesPerPixel: number) => Math.max(1, Math.floor(memory / bytesPerPixel / 1e6 + 0.05));
  return { input: mp(WEBP_BYTES_PER_PIXEL), output: mp(TO_WEBP_BYTES_PER_PIXEL) };
}

const ascii = (b: Uint8Array, at: number, n: number) => latin1(b.subarray(at, at + n));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);

/**
 * Size and kind of an image from its header alone: nothing is decoded, so a file declaring
 * billions of pixels costs microseconds to refuse.
 */
export function probeImage(b: Uint8Array): ImageInfo {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return probeJpeg(b);
  if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, 3) === "PNG") {
    if (ascii(b, 12, 4) !== "IHDR") throw invalidImage();
    let animated = false;
    // acTL must come before the first IDAT.
    for (let p = 8; p + 8 <= b.length; ) {
      const type = ascii(b, p + 4, 4);
      if (type === "acTL") animated = true;
      if (type === "IDAT" || type === "IEND") break;
      p += 12 + u32be(b, p);
    }
    return { format: "png", width: u32be(b, 16), height: u32be(b, 20), animated };
  }
  if (b.length >= 30 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") {
    const chunk = ascii(b, 12, 4);
    if (chunk === "VP8X") {
      return { format: "webp", width: u24le(b, 24) + 1, height: u24le(b, 27) + 1, animated: (b[20] & 2) !== 0 };
    }
    if (chunk === "VP8 ") {
      return {
        format: "webp",
        width: (b[26] | (b[27] << 8)) & 0x3fff,
        height: (b[28] | (b[29] << 8)) & 0x3fff,
        animated: false,
      };
    }
    if (chunk === "VP8L" && b[20] === 0x2f) {
      const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
      return { format: "webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, animated: false };
    }
  }
  throw invalidImage("This file is not an image we can read (JPEG, PNG or WebP).");
}

function probeJpeg(b: Uint8Array): ImageInfo {
  let p = 2;
  while (p + 4 <= b.length) {
    if (b[p] !== 0xff) {
      p++;
      continue;
    }
    const m = b[p + 1];
    if (m === 0xff || m === 0xd8 || m === 0x01 || (m >= 0xd0 && m <= 0xd7)) {
      p += m === 0xff ? 1 : 2;
      continue;
    }
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc && p + 9 <= b.length) {
      return { format: "jpeg", width: u16be(b, p + 7), height: u16be(b, p + 5), animated: false };
    }
    if (m === 0xda || m === 0xd9) break;
    p += 2 + u16be(b, p + 2);
  }
  throw invalidImage("This JPEG is damaged: its size could not be read.");
}

/** Refuses an image whose declared size is over the budget (413), or that declares no pixels. */
export function checkPixelBudget(info: ImageInfo, name: string, limitMp = MAX_MEGAPIXELS[info.format]): void {
  if (info.width === 0 || info.height === 0) throw invalidImage(`${name} declares an empty image.`);
  const mp = (info.width * info.height) / 1e6;
  if (mp > limitMp) {
    throw new EngineError(
      "job_too_large",
      `${name} is ${info.width} x ${info.height} pixels (${formatMp(mp)} megapixels). The limit for this job is ${limitMp} megapixels.`,
    );
  }
}

function formatMp(mp: number): string {
  return mp >= 100 ? Math.round(mp).toLocaleString("en-US") : mp.toFixed(1);
}
