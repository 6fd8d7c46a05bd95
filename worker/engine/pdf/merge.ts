import type { Budget } from "../core/budget";
import { EngineError } from "../core/errors";
import { Assembler, type PageSpec, sourceOf } from "./assemble";
import { checkPageContents } from "./content-check";
import { guardPdf, loadPdf, MAX_PAGES, savePdf } from "./document";

export interface PdfInput {
  bytes: Uint8Array;
  name: string;
  /** Opens an encrypted input (see loadPdf). */
  password?: string;
}

export interface MergeResult {
  bytes: Uint8Array;
  pageCount: number;
  bookmarks: number;
}

/**
 * Merges PDFs in the given order, one source at a time (each is let go once its pages are
 * copied). The first document's metadata (title, author, language) is kept; every source's
 * bookmarks follow one another at the top level of the outline; form fields stay fillable.
 */
export async function mergePdfs(files: readonly PdfInput[], opts: { budget?: Budget } = {}): Promise<MergeResult> {
  if (files.length < 2) throw new EngineError("validation_failed", "At least 2 files required for merging");
  const specs: PageSpec[] = [];
  // Page counts come with each source; the specs are filled as sources are read.
  const assembler = await Assembler.create(specs);
  for (const [i, file] of files.entries()) {
    const src = await loadPdf(file.bytes, { name: file.name, password: file.password, budget: opts.budget });
    await checkPageContents(src, { name: file.name, budget: opts.budget });
    opts.budget?.check();
    const count = src.getPageCount();
    if (specs.length + count > MAX_PAGES) {
      throw new EngineError("job_too_large", `The merged PDF would have more than ${MAX_PAGES} pages.`);
    }
    for (let page = 0; page < count; page++) specs.push({ source: i, page });
    await assembler.take(i, await sourceOf(src, file.name), i === 0);
    opts.budget?.check();
  }
  const { doc, bookmarks } = await guardPdf(files[0].name, () => assembler.finish());
  return { bytes: await savePdf(doc, { budget: opts.budget }), pageCount: specs.length, bookmarks };
}
