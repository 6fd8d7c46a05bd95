import type { PDFContext, PDFDocument, PDFRawStream } from "@cantoo/pdf-lib";
import { type Budget, formatMemory, yieldToEventLoop } from "../core/budget";
import { DecodeFailed, DecodeLimit, isGeneralFilter } from "../core/decode";
import { EngineError } from "../core/errors";
import { contentLimit, pageStreams } from "./content/streams";
import { MalformedFilters, streamDecodedSize, streamSteps } from "./filters";

/**
 * Page content streams we are about to write out must be readable: a page whose content
 * cannot be decoded (corrupt Flate or LZW data, impossible predictor parameters, an image
 * filter on page content) is damaged, and a reader would show it blank or broken. The
 * check decodes each stream once, counting bytes rather than keeping them (only a filter
 * before the last is kept), and stops at a size limit, so a decompression bomb costs a few
 * milliseconds and almost no memory.
 */

const YIELD_EVERY = 4 * 1024 * 1024;

export interface ContentCheckOptions {
  name?: string;
  /** 0-based page indices; every page when absent. */
  pages?: readonly number[];
  budget?: Budget;
}

export async function checkPageContents(doc: PDFDocument, opts: ContentCheckOptions = {}): Promise<void> {
  const ctx = doc.context;
  const all = doc.getPages();
  const indices = opts.pages ?? all.map((_, i) => i);
  const checked = new Set<PDFRawStream>();
  let sinceYield = 0;
  const label = opts.name ?? "This PDF";
  const max = contentLimit(opts.budget);
  for (const i of indices) {
    for (const stream of pageStreams(ctx, all[i])) {
      if (checked.has(stream)) continue;
      checked.add(stream);
      try {
        sinceYield += decodedSize(ctx, stream, max);
      } catch (err) {
        if (err instanceof DecodeLimit) {
          throw new EngineError(
            "job_too_large",
            `${label} has a page (page ${i + 1}) whose content unpacks to more than ${formatMemory(max)}. It may be a decompression bomb.`,
          );
        }
        if (err instanceof DecodeFailed || err instanceof MalformedFilters) {
          throw new EngineError("pdf_damaged", `${label} is damaged: the content of page ${i + 1} cannot be read.`);
        }
        throw err;
      }
      if (sinceYield > YIELD_EVERY) {
        sinceYield = 0;
        opts.budget?.check();
        await yieldToEventLoop();
      }
    }
  }
}

/** The stream's decoded length; throws DecodeLimit past `max`, DecodeFailed when it cannot be decoded. */
function decodedSize(ctx: PDFContext, stream: PDFRawStream, max: number): number {
  const steps = streamSteps(ctx, stream.dict);
  if (!steps) throw new MalformedFilters();
  // Page content is text: an image filter on it (or an unknown one) is damage.
  for (const step of steps) if (!isGeneralFilter(step.name)) throw new DecodeFailed(`${step.name} on page content`);
  return streamDecodedSize(ctx, stream, { max });
}
