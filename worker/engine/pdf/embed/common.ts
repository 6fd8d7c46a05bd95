import type { PDFContext, PDFRef } from "@cantoo/pdf-lib";
import { latin1 } from "../../core/bytes";
import { EngineError } from "../../core/errors";

/** An image XObject ready to be placed on a page. */
export interface PlacedImage {
  ref: PDFRef;
  /** Stored pixels, before orientation. */
  width: number;
  height: number;
  /** EXIF orientation 1-8. */
  orientation: number;
  dpiX?: number;
  dpiY?: number;
}

/** Images whose pixels we never decode (JPEG, plain PNG) may be this large... */
export const MAX_PIXELS = 50_000_000;
/** ...and PNGs we must decode (alpha, interlacing, palette transparency) this large. */
export const MAX_DECODED_PIXELS = 16_000_000;

const ICC_SPACES: Record<string, number> = { "RGB ": 3, GRAY: 1, CMYK: 4 };
const ALTERNATE: Record<number, string> = { 1: "DeviceGray", 3: "DeviceRGB", 4: "DeviceCMYK" };

/**
 * An ICCBased colour space for the image's embedded profile, so colours from wide-gamut
 * sources (Display P3, ProPhoto) come out as the camera or editor meant; undefined when the
 * profile is missing, malformed or does not match the image's channels.
 */
export function iccColorSpace(ctx: PDFContext, profile: Uint8Array | undefined, channels: number) {
  if (!profile || profile.length < 132 || profile.length > 4 * 1024 * 1024) return undefined;
  const space = latin1(profile.subarray(16, 20));
  if (ICC_SPACES[space] !== channels) return undefined;
  const stream = ctx.flateStream(profile, { N: channels, Alternate: ALTERNATE[channels] });
  return ctx.obj(["ICCBased", ctx.register(stream)]);
}

/** Refuses an image from its declared size, before any pixel is decoded (pixel-flood bombs). */
export function checkPixels(name: string, width: number, height: number, limit: number): void {
  if (width * height <= limit) return;
  throw new EngineError(
    "job_too_large",
    `${name} is ${width} x ${height} pixels. Images up to ${limit / 1_000_000} megapixels can be converted.`,
  );
}

/** How this tool words a file it cannot read: the name, the format, and what is wrong. */
export function notValid(name: string, format: "JPEG" | "PNG", why: string): EngineError {
  return new EngineError("invalid_file", `${name} is not a valid ${format} image: ${why}.`);
}
