import type { PDFContext, PDFRef } from "@cantoo/pdf-lib";
import { concat, latin1 } from "../../core/bytes";
import { EngineError } from "../../core/errors";
import { readExif } from "../../image/exif";
import { iccColorSpace, notValid, type PlacedImage } from "./common";

/**
 * JPEGs go into the PDF as they are (DCTDecode): no decoding, no quality loss. Reading the
 * markers tells us the size, colour model, orientation and resolution, and that the file is
 * whole (it must reach its EOI marker).
 */
export interface ParsedJpeg {
  width: number;
  height: number;
  components: 1 | 3 | 4;
  /** An Adobe APP14 marker: Adobe software stores CMYK inverted. */
  adobe: boolean;
  orientation: number;
  dpiX?: number;
  dpiY?: number;
  icc?: Uint8Array;
  /** The image up to and including EOI (drops trailing data such as an appended gain map). */
  data: Uint8Array;
}

// Baseline, extended sequential and progressive Huffman: what PDF's DCTDecode reads.
const SUPPORTED_SOF = new Set([0xc0, 0xc1, 0xc2]);
const OTHER_SOF = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

const ascii = (b: Uint8Array, at: number, n: number) => latin1(b.subarray(at, at + n));

export function parseJpeg(bytes: Uint8Array, name: string): ParsedJpeg {
  const damaged = (why: string) => notValid(name, "JPEG", why);
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) throw damaged("it does not start like a JPEG");
  let sof: Omit<ParsedJpeg, "adobe" | "orientation" | "data" | "icc" | "dpiX" | "dpiY"> | undefined;
  let adobe = false;
  let orientation = 1;
  let jfifDpi: [number, number] | undefined;
  let exifDpi: [number, number] | undefined;
  const icc: Uint8Array[] = [];
  let pos = 2;
  for (;;) {
    while (pos < bytes.length && bytes[pos] !== 0xff) pos++; // stray bytes between segments
    while (pos < bytes.length && bytes[pos] === 0xff) pos++; // fill bytes
    if (pos >= bytes.length) throw damaged("the file is incomplete (it was cut short)");
    const marker = bytes[pos++];
    if (marker === 0xd9) break;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (pos + 2 > bytes.length) throw damaged("the file is incomplete (it was cut short)");
    const length = (bytes[pos] << 8) | bytes[pos + 1];
    if (length < 2 || pos + length > bytes.length) throw damaged("the file is incomplete (it was cut short)");
    const seg = bytes.subarray(pos + 2, pos + length);
    pos += length;
    if (marker === 0xe0 && ascii(seg, 0, 5) === "JFIF\0" && seg.length >= 12) {
      const unit = seg[7];
      const x = (seg[8] << 8) | seg[9];
      const y = (seg[10] << 8) | seg[11];
      if ((unit === 1 || unit === 2) && x > 0 && y > 0) jfifDpi = unit === 1 ? [x, y] : [x * 2.54, y * 2.54];
    } else if (marker === 0xe1 && ascii(seg, 0, 6) === "Exif\0\0") {
      const exif = readExif(seg.subarray(6));
      orientation = exif.orientation;
      if (exif.dpiX && exif.dpiY) exifDpi = [exif.dpiX, exif.dpiY];
    } else if (marker === 0xe2 && ascii(seg, 0, 12) === "ICC_PROFILE\0" && seg.length > 14) {
      icc[seg[12]] = seg.subarray(14);
    } else if (marker === 0xee && ascii(seg, 0, 5) === "Adobe") {
      adobe = true;
    } else if (SUPPORTED_SOF.has(marker) || OTHER_SOF.has(marker)) {
      if (!SUPPORTED_SOF.has(marker)) {
        throw new EngineError(
          "invalid_file",
          `${name} uses a kind of JPEG compression (lossless, arithmetic or hierarchical) that PDF files cannot hold. Save it as a standard JPEG or PNG and try again.`,
        );
      }
      if (seg.length < 6) throw damaged("its frame header is broken");
      if (seg[0] !== 8) throw damaged(`it has ${seg[0]}-bit samples; only 8-bit JPEGs are supported`);
      const height = (seg[1] << 8) | seg[2];
      const width = (seg[3] << 8) | seg[4];
      const components = seg[5];
      if (!width || !height) throw damaged("it declares no width or height");
      if (components !== 1 && components !== 3 && components !== 4)
        throw damaged(`it has ${components} colour channels`);
      sof = { width, height, components };
    } else if (marker === 0xda) {
      pos = skipEntropyCoded(bytes, pos);
    }
  }
  if (!sof) throw damaged("it has no image frame");
  const dpi = jfifDpi ?? exifDpi;
  // ICC chunks are numbered from 1; a missing chunk makes the profile unusable.
  const chunks = [...icc.slice(1)];
  const profile = chunks.length > 0 && chunks.every((c) => c !== undefined) ? concat(chunks) : undefined;
  return {
    ...sof,
    adobe,
    orientation,
    dpiX: dpi?.[0],
    dpiY: dpi?.[1],
    icc: profile,
    data: bytes.subarray(0, pos),
  };
}

/** Entropy-coded data ends at the first 0xFF that is not stuffing (FF00), a restart marker or fill. */
function skipEntropyCoded(b: Uint8Array, from: number): number {
  let i = from;
  while (i + 1 < b.length) {
    if (b[i] === 0xff) {
      const next = b[i + 1];
      if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return i;
    }
    i++;
  }
  return b.length;
}

export function jpegXObject(ctx: PDFContext, jpeg: ParsedJpeg): PlacedImage {
  const device = jpeg.components === 1 ? "DeviceGray" : jpeg.components === 3 ? "DeviceRGB" : "DeviceCMYK";
  const colorSpace = iccColorSpace(ctx, jpeg.icc, jpeg.components) ?? device;
  const ref: PDFRef = ctx.register(
    ctx.stream(jpeg.data, {
      Type: "XObject",
      Subtype: "Image",
      Width: jpeg.width,
      Height: jpeg.height,
      BitsPerComponent: 8,
      ColorSpace: colorSpace,
      Filter: "DCTDecode",
      // Adobe writes CMYK JPEGs inverted (and says so with APP14); others store plain CMYK.
      ...(jpeg.components === 4 && jpeg.adobe ? { Decode: [1, 0, 1, 0, 1, 0, 1, 0] } : {}),
    }),
  );
  return {
    ref,
    width: jpeg.width,
    height: jpeg.height,
    orientation: jpeg.orientation,
    dpiX: jpeg.dpiX,
    dpiY: jpeg.dpiY,
  };
}
