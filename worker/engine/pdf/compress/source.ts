import {
  PDFArray,
  type PDFContext,
  type PDFDict,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFString,
} from "@cantoo/pdf-lib";
import { DecodeFailed, DecodeLimit, type DecodeStep, decodeSteps, isGeneralFilter } from "../../core/decode";
import { JpegReader } from "../../image/jpeg/decode";
import { JpegPixels } from "../../image/jpeg/pixels";
import { CHANNELS, type Layout, type PixelBand, type PixelSource } from "../../image/pixels";
import { readStream, streamSteps } from "../filters";
import { resolve } from "../objects";
import { flateRows, type Predictor, Unreadable } from "./flate";
import { type Filter, filtersOf, numberIn } from "./streams";

/** Dense JPEG coefficient storage allowed per PDF image (progressive or multi-scan DCT). */
const MAX_STORE = 40 * 1024 * 1024;
/** A wrapped JPEG is unwrapped whole before it is read: at most this many bytes. */
const MAX_WRAPPED_JPEG = 16 * 1024 * 1024;
/**
 * An image behind filters other than one Flate (LZW, RunLength, ASCII encodings, none), or a small
 * Flate image asked for whole, is decoded whole, charged to the job before it is: at most this
 * many bytes of samples (5.3 MP of RGB).
 */
const MAX_WHOLE_SAMPLES = 16 * 1024 * 1024;
const LAYOUTS: Record<number, Layout> = { 1: "gray", 3: "rgb", 4: "cmyk" };

/** An image XObject opened for re-encoding, or the reason it is left alone. */
export interface PdfImage {
  source: PixelSource;
  layout: Layout;
  /** The /ColorSpace the re-encoded stream gets (the base space for an Indexed image). */
  colorSpace: PDFObject;
  indexed: boolean;
  /** The DCT original's Adobe APP14 payload: kept so CMYK data means the same to readers. */
  adobe: Uint8Array | null;
  /** "lossless": Flate, LZW, RunLength or no compression (any general-purpose chain). */
  kind: "dct" | "lossless";
  /** A soft mask with /Matte: it must be resampled to the image's new size along with it. */
  matteMask: PDFRawStream | null;
  /** Bytes the source holds once read (an image decoded whole); 0 when it streams. */
  held: number;
  /**
   * A colour-key /Mask the image's /SMask overrides (PDF 32000 table 89: readers ignore it):
   * removed with a lossy re-encoding, where it could mask pixels that no longer match exactly.
   */
  overriddenMask: boolean;
}

function colourComponents(ctx: PDFContext, cs: PDFObject | undefined): number {
  const v = resolve(ctx, cs);
  if (v instanceof PDFName) return { DeviceGray: 1, DeviceRGB: 3, DeviceCMYK: 4 }[v.decodeText()] ?? 0;
  if (!(v instanceof PDFArray) || v.size() === 0) return 0;
  const family = resolve(ctx, v.get(0));
  const kind = family instanceof PDFName ? family.decodeText() : "";
  if (kind === "ICCBased") {
    const s = resolve(ctx, v.get(1));
    const n = s instanceof PDFRawStream ? numberIn(ctx, s.dict, "N", 0) : 0;
    return [1, 3, 4].includes(n) ? n : 0;
  }
  if (kind === "CalRGB") return 3;
  if (kind === "CalGray") return 1;
  return 0;
}

function indexedTable(ctx: PDFContext, cs: PDFArray): { base: PDFObject; n: number; table: Uint8Array } | null {
  if (cs.size() !== 4) return null;
  const base = cs.get(1);
  const n = colourComponents(ctx, base);
  const hival = resolve(ctx, cs.get(2));
  const lookup = resolve(ctx, cs.get(3));
  let table: Uint8Array | null = null;
  if (lookup instanceof PDFString || lookup instanceof PDFHexString) table = lookup.asBytes();
  else if (lookup instanceof PDFRawStream) table = readStream(ctx, lookup, 1 << 20);
  if (!n || !table || !hival) return null;
  return { base, n, table };
}

/**
 * The image as 8-bit samples in its own colour space, when this compressor can re-encode it.
 * With `atLeast`, a JPEG may come out smaller (by 2, 4 or 8, decoded in the DCT domain) while
 * it stays at least that size: what a caller about to downscale to that size needs.
 */
export function openPdfImage(
  ctx: PDFContext,
  stream: PDFRawStream,
  atLeast?: { width: number; height: number },
  /** A Flate image of at most this many bytes of samples is inflated whole, not streamed. */
  wholeUnder = 0,
): PdfImage | null {
  const d = stream.dict;
  const get = (k: string) => resolve(ctx, d.get(PDFName.of(k)));
  const smask = get("SMask");
  // A colour key picks exact colours: a lossy image would no longer match them (left as it is),
  // unless a soft mask overrides it.
  const overriddenMask = get("Mask") instanceof PDFArray && smask instanceof PDFRawStream;
  if (get("ImageMask")?.toString() === "true" || (get("Mask") instanceof PDFArray && !overriddenMask)) return null;
  const width = numberIn(ctx, d, "Width", 0);
  const height = numberIn(ctx, d, "Height", 0);
  let matteMask: PDFRawStream | null = null;
  if (smask instanceof PDFRawStream && smask.dict.get(PDFName.of("Matte"))) {
    // A /Matte mask must have the image's exact size, so it is resampled with the image.
    if (numberIn(ctx, smask.dict, "Width", 0) !== width || numberIn(ctx, smask.dict, "Height", 0) !== height)
      return null;
    matteMask = smask;
  }
  const filters = filtersOf(ctx, d);
  if (!filters || width < 1 || height < 1) return null;
  const jpeg = unwrappedJpeg(ctx, stream, filters);
  const cs = get("ColorSpace");
  const f = filters[filters.length - 1];
  if (f?.name === "DCTDecode") {
    if (filters.length !== 1 && !jpeg) return null;
    const n = colourComponents(ctx, cs);
    if (!n) return null;
    let reader: JpegReader;
    try {
      reader = new JpegReader(jpeg ?? stream.contents, { maxStoreBytes: MAX_STORE });
    } catch {
      return null;
    }
    const ct = f.params ? numberIn(ctx, f.params, "ColorTransform", -1) : -1;
    if (reader.frame.width !== width || reader.frame.height !== height) return null;
    let scale: 1 | 2 | 4 | 8 = 1;
    for (const s of [8, 4, 2] as const) {
      if (atLeast && Math.ceil(width / s) >= atLeast.width && Math.ceil(height / s) >= atLeast.height) {
        scale = s;
        break;
      }
    }
    const source = new JpegPixels(reader, ct >= 0 ? ct : undefined, scale);
    if (source.layout !== LAYOUTS[n]) return null;
    return {
      source,
      layout: source.layout,
      colorSpace: d.get(PDFName.of("ColorSpace"))!,
      indexed: false,
      adobe: reader.meta.adobe,
      kind: "dct",
      matteMask,
      held: 0,
      overriddenMask,
    };
  }
  if (numberIn(ctx, d, "BitsPerComponent", 0) !== 8 || !filters.every((g) => isGeneralFilter(g.name))) return null;
  const oneFlate = filters.length === 1 && f.name === "FlateDecode";
  if (cs instanceof PDFArray && resolve(ctx, cs.get(0))?.toString() === "/Indexed") {
    const idx = indexedTable(ctx, cs);
    // A /Decode on an indexed image remaps indices; rare enough to leave such images alone.
    if (!idx || get("Decode") || !oneFlate) return null;
    const rows = flateRows(stream.contents, width, height, 1, f.params ? paramsOf(ctx, f.params) : null, idx);
    if (!rows) return null;
    return {
      source: rows,
      layout: LAYOUTS[idx.n],
      colorSpace: idx.base,
      indexed: true,
      adobe: null,
      kind: "lossless",
      matteMask,
      held: 0,
      overriddenMask,
    };
  }
  const n = colourComponents(ctx, cs);
  if (!n) return null;
  let source: PixelSource | null;
  let held = 0;
  if (oneFlate && width * height * n > wholeUnder) {
    source = flateRows(stream.contents, width, height, n, f.params ? paramsOf(ctx, f.params) : null, null);
  } else {
    held = width * height * n;
    const steps = streamSteps(ctx, d);
    source =
      held <= MAX_WHOLE_SAMPLES && steps ? new WholeRows(stream.contents, steps, width, height, LAYOUTS[n]) : null;
  }
  if (!source) return null;
  return {
    source,
    layout: LAYOUTS[n],
    colorSpace: d.get(PDFName.of("ColorSpace"))!,
    indexed: false,
    adobe: null,
    kind: "lossless",
    matteMask,
    held,
    overriddenMask,
  };
}

/**
 * Samples behind a chain of general-purpose filters (LZW, RunLength, ASCII, none, or a small
 * Flate image read several times: one inflate, not one a pass), decoded whole when first read (the caller has charged `held` bytes by then) and served in bands.
 */
class WholeRows implements PixelSource {
  private data: Uint8Array | null = null;
  private y = 0;

  constructor(
    private readonly encoded: Uint8Array,
    private readonly steps: DecodeStep[],
    readonly width: number,
    readonly height: number,
    readonly layout: Layout,
  ) {}

  rewind(): void {
    this.y = 0;
  }

  nextBand(): PixelBand | null {
    const stride = this.width * CHANNELS[this.layout];
    if (!this.data) {
      const need = stride * this.height;
      let all: Uint8Array;
      try {
        // A row to spare: some writers end the data with a little padding.
        all = decodeSteps(this.encoded, this.steps, { max: need + stride });
      } catch (err) {
        if (err instanceof DecodeLimit || err instanceof DecodeFailed) throw new Unreadable();
        throw err;
      }
      if (all.length < need) throw new Unreadable();
      this.data = all;
    }
    if (this.y >= this.height) return null;
    const y0 = this.y;
    const rows = Math.min(32, this.height - y0);
    this.y += rows;
    return { y0, rows, data: this.data.subarray(y0 * stride, (y0 + rows) * stride) };
  }
}

/**
 * The JPEG inside a DCT image that general-purpose filters wrap (Acrobat's
 * `[/LZWDecode /DCTDecode]`: the US Constitution's 2860 x 625 scan, drawn at 400 ppi, was never
 * downsampled for it). Null when the stream is not such a chain or its wrapping is damaged.
 */
function unwrappedJpeg(ctx: PDFContext, stream: PDFRawStream, filters: Filter[]): Uint8Array | null {
  const last = filters.length - 1;
  if (last < 1 || filters[last].name !== "DCTDecode" || !filters.slice(0, last).every((f) => isGeneralFilter(f.name)))
    return null;
  const steps = streamSteps(ctx, stream.dict);
  if (!steps) return null;
  try {
    return decodeSteps(stream.contents, steps.slice(0, last), { max: MAX_WRAPPED_JPEG });
  } catch (err) {
    if (err instanceof DecodeLimit || err instanceof DecodeFailed) return null;
    throw err;
  }
}

function paramsOf(ctx: PDFContext, p: PDFDict): Predictor {
  return {
    predictor: numberIn(ctx, p, "Predictor", 1),
    colors: numberIn(ctx, p, "Colors", 1),
    columns: numberIn(ctx, p, "Columns", 1),
    bpc: numberIn(ctx, p, "BitsPerComponent", 8),
  };
}
