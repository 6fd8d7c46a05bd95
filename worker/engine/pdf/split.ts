import { type Budget, yieldToEventLoop } from "../core/budget";
import { EngineError } from "../core/errors";
import { ZipWriter } from "../core/zip";
import { Assembler, type SourcePdf, sourceOf } from "./assemble";
import { checkPageContents } from "./content-check";
import { checkPageNumbers, guardPdf, loadPdf, savePdf } from "./document";

export interface SplitOptions {
  /** 1-based page numbers; duplicates are ignored and the output follows page order. */
  pages: readonly number[];
  name?: string;
  /** Opens an encrypted input (see loadPdf). */
  password?: string;
  budget?: Budget;
}

/**
 * Up to this many selected pages, each page is also its own result (and its own stored file);
 * past it, the pages come only in the ZIP: thousands of stored objects for one job cost time,
 * memory and storage operations, and nobody downloads them one by one.
 */
export const SEPARATE_PAGES_MAX = 20;
/**
 * The most pages one split makes into files: each is a document of its own to build and save
 * (10,000 took 14 s and most of a job's memory). Extract takes any number into one PDF.
 */
export const MAX_SPLIT_PAGES = 1000;

/**
 * "pages-2-4" for 2,3,4; "pages-1-3_7-9" for 1,2,3,7,8,9 (ranges joined by "_", so a range
 * and two single pages never read the same); "page-5" for one page; "12-pages" when the list
 * would make an unwieldy file name.
 */
export function pageRangeLabel(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  if (sorted.length === 1) return `page-${sorted[0]}`;
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    ranges.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  const label = `pages-${ranges.join("_")}`;
  return label.length <= 60 ? label : `${sorted.length}-pages`;
}

/** A new document holding `selected` (1-based, sorted) pages of `src`, with its metadata, links, bookmarks and fields. */
async function copySelected(src: SourcePdf, selected: number[]) {
  const assembler = await Assembler.create(selected.map((p) => ({ source: 0, page: p - 1 })));
  await assembler.take(0, src, true);
  return guardPdf(src.name, () => assembler.finish().doc);
}

async function prepare(bytes: Uint8Array, opts: SplitOptions) {
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
  const pageCount = doc.getPageCount();
  const selected = checkPageNumbers(opts.pages, pageCount);
  await checkPageContents(doc, { name: opts.name, pages: selected.map((p) => p - 1), budget: opts.budget });
  const src = await sourceOf(doc, opts.name ?? "This PDF");
  opts.budget?.check();
  return { src, pageCount, selected };
}

/** Extract: the selected pages, in page order, as one PDF. */
export async function extractPages(bytes: Uint8Array, opts: SplitOptions) {
  const { src, pageCount, selected } = await prepare(bytes, opts);
  const out = await copySelected(src, selected);
  opts.budget?.check();
  return { bytes: await savePdf(out, { budget: opts.budget }), pages: selected, pageCount };
}

export interface SplitResult {
  /** Each page's PDF, when SEPARATE_PAGES_MAX or fewer were selected; null otherwise. */
  files: { page: number; bytes: Uint8Array }[] | null;
  /** Every page in one ZIP (null for a single page). */
  zip: Uint8Array | null;
  pageCount: number;
  pages: number[];
}

/**
 * Split: every selected page as its own PDF, written into one ZIP as it is made (and kept
 * separately too when few pages were selected). Each page's bytes are charged to the budget, so
 * a split too large for the job's memory stops with a clear message instead of filling it.
 */
export async function splitPages(
  bytes: Uint8Array,
  opts: SplitOptions & { fileName?: (page: number) => string },
): Promise<SplitResult> {
  if (new Set(opts.pages).size > MAX_SPLIT_PAGES) {
    throw new EngineError(
      "job_too_large",
      `Split makes one PDF per page, at most ${MAX_SPLIT_PAGES.toLocaleString("en-US")} at a time. Select fewer pages, or use Extract to get them as one PDF.`,
    );
  }
  const { src, pageCount, selected } = await prepare(bytes, opts);
  const keep = selected.length <= SEPARATE_PAGES_MAX;
  const single = selected.length === 1;
  const files: { page: number; bytes: Uint8Array }[] = [];
  const zip = single ? null : new ZipWriter();
  for (const page of selected) {
    const out = await copySelected(src, [page]);
    const saved = await savePdf(out);
    // Kept once in the ZIP and, for few pages, once more on its own.
    const held = saved.byteLength * ((keep && !single ? 1 : 0) + 1);
    if (opts.budget && held > opts.budget.memoryLeft) {
      throw new EngineError(
        "job_too_large",
        "Splitting these pages would make more files than fit in the memory one job can use here. Select fewer pages, or use Extract to get them as one PDF.",
      );
    }
    opts.budget?.take(held, "The split pages");
    if (keep) files.push({ page, bytes: saved });
    zip?.add(opts.fileName?.(page) ?? `page-${page}.pdf`, saved);
    opts.budget?.check();
    await yieldToEventLoop();
  }
  return { files: keep ? files : null, zip: zip?.finish() ?? null, pageCount, pages: selected };
}
