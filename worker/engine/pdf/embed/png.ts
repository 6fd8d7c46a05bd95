import { type PDFContext, PDFHexString } from "@cantoo/pdf-lib";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { Budget } from "../../core/budget";
import { concat, latin1 } from "../../core/bytes";
import { inflateOrNull } from "../../core/inflate";
import { readExif } from "../../image/exif";
import { MAX_ICC_BYTES } from "../../image/icc";
import { DEPTHS } from "../../image/png/chunks";
import { checkPixels, iccColorSpace, MAX_DECODED_PIXELS, MAX_PIXELS, notValid, type PlacedImage } from "./common";
import { decodePng, verifyPngData } from "./png-pixels";
import type { ParsedPng } from "./png-types";

export type { ParsedPng } from "./png-types";

const KNOWN_CRITICAL = new Set(["IHDR", "PLTE", "IDAT", "IEND"]);

export function parsePng(bytes: Uint8Array, name: string): ParsedPng {
  const damaged = (why: string) => notValid(name, "PNG", why);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let png: Omit<ParsedPng, "idat" | "orientation"> | undefined;
  const idat: Uint8Array[] = [];
  let orientation = 1;
  let pos = 8;
  let ended = false;
  while (pos + 8 <= bytes.length && !ended) {
    const length = view.getUint32(pos);
    const type = latin1(bytes.subarray(pos + 4, pos + 8));
    if (length > bytes.length - pos - 12) throw damaged("the file is incomplete (it was cut short)");
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    pos += 12 + length;
    if (!png && type !== "IHDR") throw damaged("it does not start with an image header");
    if (type === "IHDR") {
      if (png || length < 13) throw damaged("its image header is broken");
      const width = view.getUint32(data.byteOffset - bytes.byteOffset);
      const height = view.getUint32(data.byteOffset - bytes.byteOffset + 4);
      const [bitDepth, colorType, compression, filter, interlace] = data.subarray(8, 13);
      if (!width || !height) throw damaged("it declares no width or height");
      if (!DEPTHS[colorType]?.includes(bitDepth) || compression !== 0 || filter !== 0 || interlace > 1) {
        throw damaged("its image header has values PNG does not allow");
      }
      checkPixels(name, width, height, MAX_PIXELS);
      png = { name, width, height, bitDepth, colorType, interlace };
    } else if (type === "PLTE" && png) {
      if (length % 3 !== 0 || length === 0 || length > 768) throw damaged("its palette is broken");
      png.palette = data;
    } else if (type === "tRNS" && png) {
      png.trns = data;
    } else if (type === "IDAT") {
      idat.push(data);
    } else if (type === "pHYs" && png && length >= 9 && data[8] === 1) {
      const at = data.byteOffset - bytes.byteOffset;
      png.dpiX = view.getUint32(at) * 0.0254;
      png.dpiY = view.getUint32(at + 4) * 0.0254;
    } else if (type === "eXIf") {
      orientation = readExif(data).orientation;
    } else if (type === "iCCP" && png) {
      const nul = data.indexOf(0);
      if (nul > 0 && nul + 2 <= data.length)
        png.icc = inflateOrNull(data.subarray(nul + 2), MAX_ICC_BYTES) ?? undefined;
    } else if (type === "IEND") {
      ended = true;
    } else if (type.charCodeAt(0) < 0x61 && !KNOWN_CRITICAL.has(type)) {
      throw damaged(`it uses a "${type}" chunk that standard PNG readers do not understand`);
    }
  }
  if (!png) throw damaged("it has no image header");
  if (idat.length === 0) throw damaged("it has no image data");
  if (png.colorType === 3 && !png.palette) throw damaged("it has no palette");
  return { ...png, idat: idat.length === 1 ? idat[0] : concat(idat), orientation };
}

/** Alpha, interlacing and palette transparency have no direct PDF equivalent: those are decoded. */
export function needsDecoding(png: ParsedPng): boolean {
  return png.interlace === 1 || png.colorType === 4 || png.colorType === 6 || (png.colorType === 3 && !!png.trns);
}

function baseColorSpace(ctx: PDFContext, png: ParsedPng, channels: number) {
  const device = channels === 1 ? "DeviceGray" : "DeviceRGB";
  return iccColorSpace(ctx, png.icc, channels) ?? device;
}

/**
 * The PNG as an image XObject. Plain PNGs keep their compressed data: PDF's Flate filter
 * with PNG predictors reads it as it is (16-bit included). Others are decoded row by row
 * into colour and a soft mask (alpha), at 8 bits per sample.
 */
export async function pngXObject(ctx: PDFContext, png: ParsedPng, budget?: Budget): Promise<PlacedImage> {
  const placed = { width: png.width, height: png.height, orientation: png.orientation, dpiX: png.dpiX, dpiY: png.dpiY };
  if (!needsDecoding(png)) {
    await verifyPngData(png, budget);
    const colors = png.colorType === 2 ? 3 : 1;
    const colorSpace =
      png.colorType === 3 && png.palette
        ? ctx.obj(["Indexed", baseColorSpace(ctx, png, 3), png.palette.length / 3 - 1, hexString(png.palette)])
        : baseColorSpace(ctx, png, colors);
    const mask = colorKeyMask(png);
    const stream = ctx.stream(png.idat, {
      Type: "XObject",
      Subtype: "Image",
      Width: png.width,
      Height: png.height,
      BitsPerComponent: png.bitDepth,
      ColorSpace: colorSpace,
      Filter: "FlateDecode",
      DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: png.bitDepth, Columns: png.width },
      ...(mask ? { Mask: mask } : {}),
    });
    return { ref: ctx.register(stream), ...placed };
  }
  checkPixels(png.name, png.width, png.height, MAX_DECODED_PIXELS);
  const decoded = await decodePng(png, budget);
  const channels = decoded.gray ? 1 : 3;
  const smask = decoded.alpha
    ? ctx.register(
        ctx.stream(decoded.alpha, {
          Type: "XObject",
          Subtype: "Image",
          Width: png.width,
          Height: png.height,
          BitsPerComponent: 8,
          ColorSpace: "DeviceGray",
          Filter: "FlateDecode",
        }),
      )
    : undefined;
  const stream = ctx.stream(decoded.color, {
    Type: "XObject",
    Subtype: "Image",
    Width: png.width,
    Height: png.height,
    BitsPerComponent: 8,
    ColorSpace: baseColorSpace(ctx, png, channels),
    Filter: "FlateDecode",
    ...(smask ? { SMask: smask } : {}),
  });
  return { ref: ctx.register(stream), ...placed };
}

/** tRNS on grey or RGB images names one colour as transparent: PDF's colour-key mask says the same. */
function colorKeyMask(png: ParsedPng): number[] | undefined {
  const t = png.trns;
  if (!t || png.colorType === 3) return undefined;
  const keys = png.colorType === 0 ? [0] : [0, 2, 4];
  if (t.length < keys[keys.length - 1] + 2) return undefined;
  const max = (1 << png.bitDepth) - 1;
  return keys.flatMap((k) => {
    const v = ((t[k] << 8) | t[k + 1]) & max;
    return [v, v];
  });
}

function hexString(bytes: Uint8Array): PDFHexString {
  return PDFHexString.of(encodeHexLowerCase(bytes));
}
