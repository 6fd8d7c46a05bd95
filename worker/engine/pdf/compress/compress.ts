import type { PdfLevel } from "../../../../schema/options";
import type { Budget } from "../../core/budget";
import { checkPageContents } from "../content-check";
import { guardPdf, intactAsLoaded, loadPdf, savePdf } from "../document";
import { applyDocumentOptions, type DocumentOptions, type OptionsReport } from "./document-options";
import { mergeDuplicateFonts } from "./fonts/merge";
import { subsetFonts } from "./fonts/subset";
import { type ImageLevel, type ImageReport, noImages, recompressImages } from "./images";
import { dedupeStreams, dropUnreferenced, recompressStreams } from "./lossless";
import { compressPdfToTarget } from "./target";

/**
 * What each level does to images. low: nothing (lossless only). recommended: down to about
 * 150 ppi at the size they are painted, JPEG quality picked to keep SSIM 0.95 against the
 * resampled original. extreme: about 96 ppi and a lower bar.
 */
export const IMAGE_LEVELS: Record<Exclude<PdfLevel, "low">, ImageLevel> = {
  recommended: { ppi: 150, target: 0.95, range: [40, 90] },
  extreme: { ppi: 96, target: 0.9, range: [25, 80] },
};

export interface CompressPdfOptions extends DocumentOptions {
  level: PdfLevel;
  /** Compress to a size: the most bytes the result may have. Takes over from `level`. */
  targetSize?: number;
  name?: string;
  /** Opens an encrypted input (see loadPdf). */
  password?: string;
  budget?: Budget;
}

export interface CompressedPdf {
  bytes: Uint8Array;
  /** True when nothing made the file smaller and the original came back. */
  unchanged: boolean;
  /** The input was damaged and nothing made it smaller: this is a repaired copy, maybe larger. */
  repaired: boolean;
  pageCount: number;
  images: ImageReport;
  /** What the options (grayscale, removals) did. */
  options: OptionsReport;
  /** Embedded font programs cut to the glyphs the document shows. */
  fontsSubset: number;
  /** With a target size: whether the result is within it, and if not, why (a sentence). */
  target?: { size: number; met: boolean; reason?: string };
}

/**
 * Compresses a PDF: the options first (thumbnails, metadata, attachments removed, the document
 * in grey, unused page resources dropped: see document-options.ts), then the lossless steps
 * (unreferenced objects dropped, identical streams merged, streams deflated at level 9, object
 * streams at save), then images per level. Text, links, bookmarks and forms are never
 * rewritten (grey changes only colour operators). The output is never larger than the input:
 * the original comes back instead, unless the original is damaged or an option changed it.
 */
export async function compressPdf(bytes: Uint8Array, opts: CompressPdfOptions): Promise<CompressedPdf> {
  // A hybrid's editable source stays with pages left as they are: in grey they no longer match it.
  const keepHybridSource = !opts.grayscale;
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget, keepHybridSource });
  await checkPageContents(doc, { name: opts.name, budget: opts.budget });
  const budget = opts.budget;
  const check = budget ? () => budget.check() : undefined;
  const pageCount = doc.getPageCount();
  const options = await guardPdf(opts.name, () => applyDocumentOptions(doc, opts, { budget, name: opts.name }));
  // Lossless first: duplicates are then resampled once, and a new image must beat the
  // re-deflated original, not the weaker one that came in. Fonts are cut before the streams are
  // re-deflated (a whole font would be inflated and deflated again for nothing), after duplicate
  // fonts became one program, which is then cut once for all the fonts that share it.
  let fontsSubset = 0;
  await guardPdf(opts.name, async () => {
    if (opts.removeUnused !== false) dropUnreferenced(doc);
    dedupeStreams(doc);
    mergeDuplicateFonts(doc);
    fontsSubset = await subsetFonts(doc, { budget, name: opts.name });
    await recompressStreams(doc, budget);
  });
  let images = noImages();
  let saved: Uint8Array | null = null;
  let target: CompressedPdf["target"];
  if (opts.targetSize !== undefined) {
    const size = opts.targetSize;
    const r = await guardPdf(opts.name, () =>
      compressPdfToTarget(doc, size, {
        budget,
        name: opts.name,
        recommended: IMAGE_LEVELS.recommended,
        inputSize: bytes.length,
        keepInfo: opts.removeMetadata,
      }),
    );
    ({ images, out: saved } = r);
    target = { size, met: r.met, ...(r.reason ? { reason: r.reason } : {}) };
  } else if (opts.level !== "low") {
    const level = IMAGE_LEVELS[opts.level];
    images = await guardPdf(opts.name, () => recompressImages(doc, level, { budget, name: opts.name }));
  }
  // A target's search keeps to the time itself and hands back a saved file: nothing is left to stop.
  if (!saved) check?.();
  // Without its metadata nothing of ours is written into the information dictionary either.
  const out = saved ?? (await savePdf(doc, { budget, keepInfo: opts.removeMetadata }));
  const done = { pageCount, images, options, fontsSubset, ...(target ? { target } : {}) };
  // What was asked for (grey, removals) comes back even when not smaller. A damaged original
  // is not handed back as it came: the rewrite repairs it, even if larger.
  if (out.length < bytes.length || options.changed) return { bytes: out, unchanged: false, repaired: false, ...done };
  // The original came back: nothing lossy happened, and the target is judged on it.
  const kept = {
    ...done,
    fontsSubset: 0,
    ...(target
      ? { images: { ...images, measured: new Map() }, target: { ...target, met: bytes.length <= target.size } }
      : {}),
  };
  if (intactAsLoaded(bytes, doc)) return { bytes, unchanged: true, repaired: false, ...kept };
  return { bytes: out, unchanged: false, repaired: true, ...done };
}

/** Mean SSIM of the images re-encoded, weighted by their pixels; undefined when none was. */
export function imagesQuality(images: ImageReport): number | undefined {
  let sum = 0;
  let pixels = 0;
  for (const m of images.measured.values()) {
    sum += m.ssim * m.pixels;
    pixels += m.pixels;
  }
  return pixels > 0 ? sum / pixels : undefined;
}
