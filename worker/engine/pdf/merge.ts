import type { PDFRef } from "@cantoo/pdf-lib";
import type { Budget } from "../core/budget";
import { EngineError } from "../core/errors";
import { checkPageContents } from "./content-check";
import { copyDocumentInfo, createPdf, guardPdf, loadPdf, MAX_PAGES, savePdf } from "./document";
import { DestinationResolver, detachLinkTargets, reattachLinkTargets } from "./links";
import { type OutlineNode, readOutline, writeOutline } from "./outlines";

export interface PdfInput {
  bytes: Uint8Array;
  name: string;
}

export interface MergeResult {
  bytes: Uint8Array;
  pageCount: number;
  bookmarks: number;
}

/**
 * Merges PDFs in the given order. The first document's metadata (title, author, language)
 * is kept; every source's bookmarks follow one another at the top level of the outline.
 */
export async function mergePdfs(files: readonly PdfInput[], opts: { budget?: Budget } = {}): Promise<MergeResult> {
  if (files.length < 2) throw new EngineError("validation_failed", "At least 2 files required for merging");
  const out = await createPdf();
  const outline: OutlineNode[] = [];
  let pageCount = 0;
  for (const [i, file] of files.entries()) {
    const src = await loadPdf(file.bytes, { name: file.name, budget: opts.budget });
    await checkPageContents(src, { name: file.name, budget: opts.budget });
    opts.budget?.check();
    await guardPdf(file.name, async () => {
      if (i === 0) copyDocumentInfo(src, out);
      const resolver = new DestinationResolver(src);
      detachLinkTargets(src, resolver);
      const srcPages = src.getPages();
      if (pageCount + srcPages.length > MAX_PAGES) {
        throw new EngineError("job_too_large", `The merged PDF would have more than ${MAX_PAGES} pages.`);
      }
      // One copyPages call per document: pages share its fonts and images instead of each
      // page dragging in its own copy.
      const copied = await out.copyPages(
        src,
        srcPages.map((_, j) => j),
      );
      for (const page of copied) out.addPage(page);
      const pageFor = (j: number): PDFRef | undefined => copied[j]?.ref;
      reattachLinkTargets(copied, pageFor);
      outline.push(...readOutline(src, out, resolver, pageFor));
      pageCount += copied.length;
    });
    opts.budget?.check();
  }
  writeOutline(out, outline);
  return { bytes: await savePdf(out, { budget: opts.budget }), pageCount, bookmarks: countNodes(outline) };
}

function countNodes(nodes: OutlineNode[]): number {
  return nodes.reduce((n, node) => n + 1 + countNodes(node.children), 0);
}
