import type { PDFDocument } from "@cantoo/pdf-lib";
import { zipSync } from "fflate";
import { AppError } from "../errors";
import { type Budget, yieldToEventLoop } from "../services/budget";
import { checkPageNumbers, copyDocumentInfo, createPdf, guardPdf, loadPdf, savePdf } from "./pdf";
import { checkPageContents } from "./pdf-content-check";
import { DestinationResolver, detachLinkTargets, reattachLinkTargets } from "./pdf-links";
import { readOutline, writeOutline } from "./pdf-outlines";

export interface SplitOptions {
  /** 1-based page numbers; duplicates are ignored and the output follows page order. */
  pages: readonly number[];
  name?: string;
  budget?: Budget;
}

/** Split's single-page files together: past this, the job is refused rather than filling memory. */
export const MAX_SPLIT_OUTPUT_BYTES = 100 * 1024 * 1024;

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

/** A new document holding `selected` (1-based, sorted) pages of `src`, with its metadata and links. */
async function copySelected(src: PDFDocument, selected: number[], resolver: DestinationResolver, name?: string) {
  return guardPdf(name, async () => {
    const out = await createPdf();
    copyDocumentInfo(src, out);
    const copied = await out.copyPages(
      src,
      selected.map((p) => p - 1),
    );
    for (const page of copied) out.addPage(page);
    const bySource = new Map(selected.map((p, i) => [p - 1, copied[i].ref]));
    const pageFor = (j: number) => bySource.get(j);
    reattachLinkTargets(copied, pageFor);
    writeOutline(out, readOutline(src, out, resolver, pageFor));
    return out;
  });
}

async function prepare(bytes: Uint8Array, opts: SplitOptions) {
  const src = await loadPdf(bytes, { name: opts.name });
  const pageCount = src.getPageCount();
  const selected = checkPageNumbers(opts.pages, pageCount);
  await checkPageContents(src, { name: opts.name, pages: selected.map((p) => p - 1), budget: opts.budget });
  const resolver = await guardPdf(opts.name, () => {
    const r = new DestinationResolver(src);
    detachLinkTargets(src, r);
    return r;
  });
  opts.budget?.check();
  return { src, pageCount, selected, resolver };
}

/** Extract: the selected pages, in page order, as one PDF. */
export async function extractPages(bytes: Uint8Array, opts: SplitOptions) {
  const { src, pageCount, selected, resolver } = await prepare(bytes, opts);
  const out = await copySelected(src, selected, resolver, opts.name);
  opts.budget?.check();
  return { bytes: await savePdf(out), pages: selected, pageCount };
}

/** Split: every selected page as its own PDF. */
export async function splitPages(bytes: Uint8Array, opts: SplitOptions) {
  const { src, pageCount, selected, resolver } = await prepare(bytes, opts);
  const files: { page: number; bytes: Uint8Array }[] = [];
  let total = 0;
  for (const page of selected) {
    const out = await copySelected(src, [page], resolver, opts.name);
    const saved = await savePdf(out);
    total += saved.byteLength;
    if (total > MAX_SPLIT_OUTPUT_BYTES) {
      throw new AppError(
        "job_too_large",
        "Splitting these pages would make more than 100 MB of files. Select fewer pages, or use Extract to get them as one PDF.",
      );
    }
    files.push({ page, bytes: saved });
    opts.budget?.check();
    await yieldToEventLoop();
  }
  return { files, pageCount };
}

/** One ZIP of the given files; PDFs are already compressed, so they are stored, not deflated again. */
export function zipFiles(files: readonly { name: string; bytes: Uint8Array }[]): Uint8Array {
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const f of files) entries[f.name] = [f.bytes, { level: 0 }];
  return zipSync(entries);
}
