import {
  type PDFArray,
  type PDFContext,
  type PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
} from "@cantoo/pdf-lib";
import { yieldToEventLoop } from "../../../core/budget";
import { isEngineError, isOutOfBudget } from "../../../core/errors";
import { readStream } from "../../filters";
import { numberArray, resolve } from "../../objects";
import { MAX_IMAGE_PIXELS } from "../images";
import { filtersOf, numberIn } from "../streams";
import type { GraySpace } from "./colour";
import { grayJpeg } from "./jpeg";
import {
  flateRowSource,
  GrayWriter,
  memoryRowSource,
  type Predictor,
  RowConverter,
  type RowSource,
  rowBytes,
  type SampleLayout,
} from "./pixels";
import { type GrayImageJob, setGray } from "./stream";

/**
 * Image XObjects in grey. What each kind becomes:
 * - palette and one-ink images (Indexed, Separation) stored losslessly: only their colour space
 *   changes, to a grey palette over the same samples;
 * - YCbCr JPEGs: their luma coefficients as a one-component JPEG (no pixel decoded, no loss);
 * - other JPEGs (CMYK, RGB without the YCbCr transform, spot colours): decoded a band at a time
 *   and encoded again as grey JPEG at the quality their own quantization tables show;
 * - Flate, LZW, RunLength and uncompressed images of any depth: to 8-bit grey, deflated with
 *   PNG predictors (a colour-key /Mask becomes a soft mask);
 * - JPEG 2000 images cannot be decoded here and keep their colour; the report says how many.
 * Stencil masks and soft masks are grey already and stay as they are.
 */

export type { GrayImageJob };

export type ImageOutcome = "converted" | "gray" | "jpx" | "unsupported" | "too-large";

/** Spaces evaluated through a function for each distinct colour (DeviceN) are slow: a smaller cap. */
const MAX_TINTED_PIXELS = 4_000_000;

const GENERAL = new Set(["FlateDecode", "LZWDecode", "ASCII85Decode", "ASCIIHexDecode", "RunLengthDecode"]);

/** An image's /Decode, or its colour space's default for `bpc`-bit samples. */
export function decodeOf(space: GraySpace, given: number[] | null, bpc: number): number[] {
  if (given && given.length === 2 * space.n) return given;
  return space.indexed ? [0, 2 ** bpc - 1] : space.decode;
}

/** A grey palette over the samples as they are: [/Indexed /DeviceGray hival <levels>]. */
export function grayPalette(space: GraySpace, decode: number[], bpc: number): { hival: number; table: Uint8Array } {
  const levels = 2 ** bpc;
  const plainIndex = space.indexed && decode[0] === 0 && decode[1] === levels - 1;
  const hival = plainIndex ? space.indexed!.hival : levels - 1;
  const table = new Uint8Array(hival + 1);
  for (let s = 0; s <= hival; s++) {
    const v = decode[0] + (s * (decode[1] - decode[0])) / (levels - 1);
    table[s] = Math.round(space.toGray([v]) * 255);
  }
  return { hival, table };
}

export function grayPaletteSpace(ctx: PDFContext, p: { hival: number; table: Uint8Array }): PDFArray {
  return ctx.obj([
    PDFName.of("Indexed"),
    PDFName.of("DeviceGray"),
    PDFNumber.of(p.hival),
    PDFHexString.of(Array.from(p.table, (b) => b.toString(16).padStart(2, "0")).join("")),
  ]);
}

/** Converts one image XObject in place; says what happened. */
export async function grayImage(job: GrayImageJob, stream: PDFRawStream): Promise<ImageOutcome> {
  const { ctx } = job;
  const d = stream.dict;
  const get = (k: string) => resolve(ctx, d.get(PDFName.of(k)));
  if (get("ImageMask")?.toString() === "true") return "gray";
  const filters = filtersOf(ctx, d);
  if (!filters) return "unsupported";
  const last = filters[filters.length - 1]?.name;
  const space = job.spaces.read(d.get(PDFName.of("ColorSpace")));
  if (last === "JPXDecode") return space?.gray ? "gray" : "jpx";
  if (d.get(PDFName.of("ColorSpace")) === undefined) return "gray";
  if (!space || space.pattern) return "unsupported";
  if (space.gray) return "gray";
  const width = numberIn(ctx, d, "Width", 0);
  const height = numberIn(ctx, d, "Height", 0);
  const bpc = numberIn(ctx, d, "BitsPerComponent", 8);
  if (!(width >= 1 && height >= 1 && Number.isInteger(width) && Number.isInteger(height))) return "unsupported";
  if (![1, 2, 4, 8, 16].includes(bpc)) return "unsupported";
  if (width * height > MAX_IMAGE_PIXELS) return "too-large";
  if (space.tinted && space.n > 1 && width * height > MAX_TINTED_PIXELS) return "too-large";
  const decode = decodeOf(space, numberArray(ctx, d.get(PDFName.of("Decode"))), bpc);
  const lossless = filters.every((f) => GENERAL.has(f.name) || f.name === "CCITTFaxDecode" || f.name === "JBIG2Decode");
  let done: boolean;
  try {
    if (space.n === 1 && lossless && bpc <= 8) {
      d.set(PDFName.of("ColorSpace"), grayPaletteSpace(ctx, grayPalette(space, decode, bpc)));
      d.delete(PDFName.of("Decode"));
      done = true;
    } else if (last === "DCTDecode" && filters.length === 1) {
      const ct = filters[0].params ? numberIn(ctx, filters[0].params, "ColorTransform", -1) : -1;
      done = await grayJpeg(job, stream, { width, height, space, decode, ct });
    } else if (filters.every((f) => GENERAL.has(f.name))) {
      const colorKey = d.get(PDFName.of("SMask")) ? null : numberArray(ctx, d.get(PDFName.of("Mask")));
      const layout: SampleLayout = { width, height, n: space.n, bpc, decode, space, colorKey };
      done = await graySamples(job, stream, layout, filters);
    } else done = false;
  } catch (err) {
    // Damage found part-way leaves the image as it was; running out of time or memory does not.
    if (isOutOfBudget(err)) throw err;
    if (isEngineError(err) || err instanceof RangeError || err instanceof TypeError) return "unsupported";
    throw err;
  }
  if (!done) return "unsupported";
  grayMatte(ctx, d, space);
  return "converted";
}

/** A soft mask's /Matte is a colour in the image's space: now one grey component. */
function grayMatte(ctx: PDFContext, d: PDFDict, space: GraySpace): void {
  const smask = resolve(ctx, d.get(PDFName.of("SMask")));
  if (!(smask instanceof PDFRawStream)) return;
  const matte = numberArray(ctx, smask.dict.get(PDFName.of("Matte")));
  if (matte && matte.length === space.n) smask.dict.set(PDFName.of("Matte"), ctx.obj([space.toGray(matte)]));
}

function predictorOf(ctx: PDFContext, p: PDFDict | undefined): Predictor | null {
  if (!p) return null;
  return {
    predictor: numberIn(ctx, p, "Predictor", 1),
    colors: numberIn(ctx, p, "Colors", 1),
    bpc: numberIn(ctx, p, "BitsPerComponent", 8),
    columns: numberIn(ctx, p, "Columns", 1),
  };
}

/** Rows converted one by one (Flate streamed, other filters decoded whole), written as grey Flate. */
async function graySamples(
  job: GrayImageJob,
  stream: PDFRawStream,
  l: SampleLayout,
  filters: { name: string; params: PDFDict | undefined }[],
): Promise<boolean> {
  const { ctx, budget } = job;
  const what = `${job.name ?? "This PDF"}'s image of ${l.width} x ${l.height} pixels`;
  const stride = rowBytes(l);
  let source: RowSource | null = null;
  let decoded = 0;
  if (filters.length === 1 && filters[0].name === "FlateDecode") {
    source = flateRowSource(stream.contents, l, predictorOf(ctx, filters[0].params));
  }
  if (!source) {
    decoded = stride * l.height;
    budget?.take(decoded, what);
    const data = readStream(ctx, stream, decoded + 1024);
    if (!data) {
      budget?.give(decoded);
      return false;
    }
    source = memoryRowSource(data, l);
  }
  const masked = l.colorKey !== null && l.colorKey.length === 2 * l.n;
  const held = GrayWriter.held(l.width, l.height) * (masked ? 2 : 1);
  budget?.take(held, what);
  try {
    const writer = new GrayWriter(l.width, l.height);
    const maskWriter = masked ? new GrayWriter(l.width, l.height) : null;
    const conv = new RowConverter(masked ? l : { ...l, colorKey: null });
    const empty = new Uint8Array(stride);
    let sinceYield = 0;
    let anyKeyed = false;
    for (let y = 0; y < l.height; y++) {
      const row = source.next() ?? empty;
      const gray = new Uint8Array(l.width);
      const mask = maskWriter ? new Uint8Array(l.width) : null;
      conv.convert(row, gray, mask);
      await writer.add(gray);
      if (mask && maskWriter) {
        if (!anyKeyed && mask.includes(0)) anyKeyed = true;
        await maskWriter.add(mask);
      }
      sinceYield += stride;
      if (sinceYield > 1 << 20) {
        sinceYield = 0;
        budget?.check();
        await yieldToEventLoop();
      }
    }
    const out = await writer.finish();
    const params = out.predicted ? ctx.obj({ Predictor: 15, Colors: 1, BitsPerComponent: 8, Columns: l.width }) : null;
    setGray(ctx, stream, out.bytes, "FlateDecode", params);
    if (maskWriter) {
      const m = await maskWriter.finish();
      if (anyKeyed) {
        const dict: Record<string, unknown> = {
          Type: "XObject",
          Subtype: "Image",
          Width: l.width,
          Height: l.height,
          ColorSpace: "DeviceGray",
          BitsPerComponent: 8,
          Filter: "FlateDecode",
        };
        if (m.predicted) dict.DecodeParms = { Predictor: 15, Colors: 1, BitsPerComponent: 8, Columns: l.width };
        stream.dict.set(PDFName.of("SMask"), ctx.register(ctx.stream(m.bytes, dict as never)));
      }
    }
    return true;
  } finally {
    budget?.give(held + decoded);
  }
}
