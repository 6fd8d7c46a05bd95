import {
  type PDFContext,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from "@cantoo/pdf-lib";
import { mozjpegEncoder } from "../../codecs/mozjpeg";
import { type Budget, yieldToEventLoop } from "../../core/budget";
import { EngineError, isOutOfBudget } from "../../core/errors";
import { memo } from "../../core/memo";
import { jpegStripScore } from "../../image/compress/jpeg";
import { encodeJpeg, type MozjpegEncoder } from "../../image/jpeg/encode";
import { appSegment } from "../../image/jpeg/write";
import { CHANNELS, memorySource, readAll } from "../../image/pixels";
import { filteredRows } from "../../image/png/encode";
import { sampleTiles, searchQuality } from "../../image/quality";
import { Downsampler } from "../../image/resample";
import { PlacementMap } from "./content";
import type { ImageLevel } from "./level";
import { HOLD_UNDER, type PhotoJpeg, photoAsJpeg } from "./photos";
import { openPdfImage } from "./source";
import { deflate } from "./streams";

export type { ImageLevel } from "./level";

/** Images within this factor of the target resolution are left alone. */
const THRESHOLD = 1.1;
/**
 * The largest image re-encoded: decoding is streamed, but every pixel is inflated and resampled
 * (a 20000 x 20000 image took 32 s). The same limit as a JPEG upload.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * Images stored in fewer bytes than this are left alone: re-encoding one costs a quality search
 * (several encodes) and can save a few hundred bytes at most. A 2-page file of 274 small images
 * spent 6 s and 100 MB of garbage to save 39 KB.
 */
const MIN_IMAGE_BYTES = 8 * 1024;
/** The encoder's own memory (mozjpeg's WebAssembly instance) while an image is re-encoded. */
const CODEC_BYTES = 8 * 1024 * 1024;

export interface ImageReport {
  examined: number;
  recompressed: number;
  bytesSaved: number;
  /** Each image re-encoded: its SSIM on the sample tiles (1 when kept lossless at its new size), and its pixels. */
  measured: Map<PDFRef, { ssim: number; pixels: number }>;
}

/** A report of no image re-encoded (yet), of `examined` looked at. */
export function noImages(examined = 0): ImageReport {
  return { examined, recompressed: 0, bytesSaved: 0, measured: new Map() };
}

function masksOf(doc: PDFDocument): Set<PDFRef> {
  const masks = new Set<PDFRef>();
  for (const [, o] of doc.context.enumerateIndirectObjects()) {
    if (!(o instanceof PDFRawStream)) continue;
    for (const key of ["SMask", "Mask"]) {
      const m = o.dict.get(PDFName.of(key));
      if (m instanceof PDFRef) masks.add(m);
    }
  }
  return masks;
}

/** Whether any image could be re-encoded: if none, the content is not read for where images are drawn. */
function anyCandidate(doc: PDFDocument, masks: Set<PDFRef>, only: ReadonlySet<PDFRef> | undefined): boolean {
  for (const [ref, o] of doc.context.enumerateIndirectObjects()) {
    if (!(o instanceof PDFRawStream) || o.contents.length < MIN_IMAGE_BYTES || masks.has(ref)) continue;
    if (only && !only.has(ref)) continue;
    if (o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image")) return true;
  }
  return false;
}

/**
 * Re-encodes the images painted at more than the level's resolution: each is decoded a band
 * at a time (a JPEG at a reduced DCT scale where the target allows), area-averaged down to the
 * target, and encoded as JPEG at the quality the metric picks (or deflated, for Flate images,
 * when that is smaller). A new stream replaces the old
 * one only when smaller. One image at a time; masks and stencils are never touched.
 */
export async function recompressImages(
  doc: PDFDocument,
  level: ImageLevel,
  opts: { budget?: Budget; name?: string; only?: ReadonlySet<PDFRef> } = {},
): Promise<ImageReport> {
  const ctx = doc.context;
  const budget = opts.budget;
  const check = budget ? () => budget.check() : undefined;
  const masks = masksOf(doc);
  const report = noImages();
  if (!anyCandidate(doc, masks, opts.only)) return report;
  const placements = PlacementMap.of(doc, budget);
  const encoder = await mozjpegEncoder();
  // The quality the last image needed: a document's photos are usually alike, so the next search starts there.
  let hint: number | undefined;
  for (const [ref, placed] of placements.sizes) {
    if (opts.only && !opts.only.has(ref)) continue;
    const stream = ctx.lookup(ref);
    if (!(stream instanceof PDFRawStream) || masks.has(ref) || stream.contents.length < MIN_IMAGE_BYTES) continue;
    const w = stream.dict.get(PDFName.of("Width"));
    const h = stream.dict.get(PDFName.of("Height"));
    if (!(w instanceof PDFNumber) || !(h instanceof PDFNumber)) continue;
    report.examined++;
    const scale = Math.max(
      ((placed.width / 72) * level.ppi) / w.asNumber(),
      ((placed.height / 72) * level.ppi) / h.asNumber(),
    );
    if (!(scale > 0)) continue;
    if (scale * THRESHOLD >= 1) {
      // At its size already: a photograph stored losslessly may still become a JPEG.
      const photo = await atOwnSize(ctx, stream, level, { encoder, budget, hint });
      if (photo) {
        report.bytesSaved += photo.saved;
        report.recompressed++;
        report.measured.set(ref, { ssim: photo.ssim, pixels: w.asNumber() * h.asNumber() });
        hint = photo.quality;
      }
      continue;
    }
    // Refused from the declared size, before anything is inflated.
    if (w.asNumber() * h.asNumber() > MAX_IMAGE_PIXELS) throw tooManyPixels(opts.name, w.asNumber(), h.asNumber());
    const ow = Math.max(1, Math.round(w.asNumber() * scale));
    const oh = Math.max(1, Math.round(h.asNumber() * scale));
    const img = openPdfImage(ctx, stream, { width: ow, height: oh });
    if (!img) continue;
    // The resampled image (held whole: decoded once for the quality search, the encoder and the
    // lossless candidates), its encodings, the encoder, and the original if decoded whole.
    const working = ow * oh * 4 * 3 + CODEC_BYTES + img.held;
    budget?.take(working, `${opts.name ?? "This PDF"}'s image of ${w.asNumber()} x ${h.asNumber()} pixels`);
    try {
      // A JPEG is decoded at the smallest DCT scale that stays at or above the target, and once.
      const pixels = readAll(new Downsampler(img.source, ow, oh));
      const small = memorySource(pixels, ow, oh, img.layout);
      const strip = sampleTiles(small);
      const score = memo((q: number) => {
        check?.();
        return jpegStripScore(strip, q, encoder);
      });
      const quality = searchQuality(level.range[0], level.range[1], level.target, score, hint);
      hint = quality;
      const segments = img.layout === "cmyk" && img.adobe ? [appSegment(0xee, adobeNoTransform(img.adobe))] : [];
      let bytes = encodeJpeg(small, { quality, encoder, segments, check });
      let filter = "DCTDecode";
      let params: { channels: number; columns: number } | null = null;
      if (img.kind === "lossless") {
        // Scans and diagrams: lossless at the new size may beat JPEG, plain or with PNG predictors.
        const channels = CHANNELS[img.layout];
        const plain = deflate(pixels);
        const predicted = deflate(filteredRows(pixels, ow, oh, channels));
        const flat = predicted.length < plain.length ? predicted : plain;
        if (flat.length < bytes.length) {
          bytes = flat;
          filter = "FlateDecode";
          params = flat === predicted ? { channels, columns: ow } : null;
        }
      }
      const mask = img.matteMask ? resampleMask(ctx, img.matteMask, ow, oh) : null;
      if (img.matteMask && !mask) continue;
      const before = stream.contents.length + (img.matteMask?.contents.length ?? 0);
      const after = bytes.length + (mask?.length ?? 0);
      if (after < before) {
        report.bytesSaved += before - after;
        report.recompressed++;
        replace(stream, bytes, filter, ow, oh, img.indexed ? img.colorSpace : null);
        // Resampled, no colour matches its key exactly any more; the soft mask decides anyway.
        if (img.overriddenMask) stream.dict.delete(PDFName.of("Mask"));
        if (params) stream.dict.set(PDFName.of("DecodeParms"), predictorParams(ctx, params.channels, params.columns));
        if (img.matteMask && mask) replace(img.matteMask, mask, "FlateDecode", ow, oh, null);
        report.measured.set(ref, { ssim: filter === "DCTDecode" ? score(quality) : 1, pixels: ow * oh });
      }
    } catch (err) {
      // An image whose data turns out damaged stays as it was; running out of time or memory does not.
      if (isOutOfBudget(err)) throw err;
    } finally {
      budget?.give(working);
    }
    check?.();
    await yieldToEventLoop();
  }
  return report;
}

/**
 * A lossless photograph painted at or under the level's resolution, as a JPEG of its own size
 * (photos.ts), in place of the stream when that is much smaller. Never refuses the job: an image
 * too large for what is left of it stays as it is.
 */
async function atOwnSize(
  ctx: PDFContext,
  stream: PDFRawStream,
  level: ImageLevel,
  opts: { encoder: MozjpegEncoder; budget?: Budget; hint?: number },
): Promise<{ saved: number; ssim: number; quality: number } | null> {
  const w = stream.dict.get(PDFName.of("Width"));
  const h = stream.dict.get(PDFName.of("Height"));
  if (!(w instanceof PDFNumber) || !(h instanceof PDFNumber) || w.asNumber() * h.asNumber() > MAX_IMAGE_PIXELS)
    return null;
  const img = openPdfImage(ctx, stream, undefined, HOLD_UNDER);
  if (img?.kind !== "lossless") return null;
  let photo: PhotoJpeg | null = null;
  try {
    photo = photoAsJpeg(img, stream.contents.length, level, opts);
  } catch (err) {
    if (isOutOfBudget(err)) throw err;
  }
  opts.budget?.check();
  await yieldToEventLoop();
  if (!photo) return null;
  const saved = stream.contents.length - photo.bytes.length;
  replace(stream, photo.bytes, "DCTDecode", w.asNumber(), h.asNumber(), null);
  if (img.overriddenMask) stream.dict.delete(PDFName.of("Mask"));
  return { saved, ssim: photo.ssim, quality: photo.quality };
}

function tooManyPixels(name: string | undefined, w: number, h: number): EngineError {
  const mp = Math.round((w * h) / 1e6).toLocaleString("en-US");
  return new EngineError(
    "job_too_large",
    `${name ?? "This PDF"} has an image of ${w} x ${h} pixels (${mp} megapixels). Images over ${MAX_IMAGE_PIXELS / 1e6} megapixels are too large to re-encode here: the "low" level compresses the file without touching its images.`,
  );
}

function predictorParams(ctx: PDFContext, colors: number, columns: number) {
  return ctx.obj({ Predictor: 15, Colors: colors, BitsPerComponent: 8, Columns: columns });
}

/** A soft mask resampled to the new size and deflated (masks stay lossless: edges matter). */
function resampleMask(ctx: PDFContext, mask: PDFRawStream, w: number, h: number): Uint8Array | null {
  const m = openPdfImage(ctx, mask);
  if (m?.layout !== "gray") return null;
  return deflate(readAll(new Downsampler(m.source, w, h)));
}

function adobeNoTransform(adobe: Uint8Array): Uint8Array {
  const copy = adobe.slice();
  copy[11] = 0;
  return copy;
}

function replace(
  stream: PDFRawStream,
  bytes: Uint8Array,
  filter: string,
  w: number,
  h: number,
  base: PDFObject | null,
) {
  const d = stream.dict;
  d.set(PDFName.of("Width"), PDFNumber.of(w));
  d.set(PDFName.of("Height"), PDFNumber.of(h));
  d.set(PDFName.of("BitsPerComponent"), PDFNumber.of(8));
  d.set(PDFName.of("Filter"), PDFName.of(filter));
  d.delete(PDFName.of("DecodeParms"));
  if (base) {
    // The palette was expanded: the samples are now in the palette's base space.
    d.set(PDFName.of("ColorSpace"), base);
    d.delete(PDFName.of("Decode"));
  }
  stream.updateContents(bytes);
}
