import type { PdfLevel } from "../../../../schema/options";
import type { Budget } from "../../core/budget";
import { checkPageContents } from "../content-check";
import { guardPdf, loadPdf, savePdf } from "../document";
import { hasIntactXref } from "../structure";
import { applyDocumentOptions, type DocumentOptions, type OptionsReport } from "./document-options";
import { mergeDuplicateFonts } from "./fonts/merge";
import { subsetFonts } from "./fonts/subset";
import { type ImageLevel, type ImageReport, recompressImages } from "./images";
import { dedupeStreams, dropUnreferenced, recompressStreams } from "./lossless";

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
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
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
  let images: ImageReport = { examined: 0, recompressed: 0, bytesSaved: 0 };
  if (opts.level !== "low") {
    const level = IMAGE_LEVELS[opts.level];
    images = await guardPdf(opts.name, () => recompressImages(doc, level, { budget, name: opts.name }));
  }
  check?.();
  // Without its metadata nothing of ours is written into the information dictionary either.
  const out = await savePdf(doc, { budget, keepInfo: opts.removeMetadata });
  // What was asked for (grey, removals) comes back even when not smaller. A damaged original
  // is not handed back as it came: the rewrite repairs it, even if larger.
  const result = { pageCount, images, options, fontsSubset };
  if (out.length < bytes.length || options.changed) return { bytes: out, unchanged: false, repaired: false, ...result };
  if (hasIntactXref(bytes)) return { bytes, unchanged: true, repaired: false, ...result, fontsSubset: 0 };
  return { bytes: out, unchanged: false, repaired: true, ...result };
}
