import type { PDFDocument } from "@cantoo/pdf-lib";
import type { Budget } from "../core/budget";
import { EngineError } from "../core/errors";
import { Assembler, type PageSpec, sourceOf } from "./assemble";
import { checkPageContents } from "./content-check";
import { guardPdf, loadPdf, MAX_PAGES, savePdf } from "./document";
import { readerView, visibleBox } from "./page-geometry";

export interface PdfInput {
  bytes: Uint8Array;
  name: string;
  /** Opens an encrypted input (see loadPdf). */
  password?: string;
  /** Already loaded (by a caller that had to look inside first). */
  doc?: PDFDocument;
}

/** A page of the plan: a file's page (1-based) turned by a quarter turn or more, or a blank page. */
export type PlanPage = { file: number; page: number; rotate?: number } | { blank: true };

/** A page size in points as a reader sees the page (after /Rotate). */
type Size = { width: number; height: number };

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * Organize: a new PDF of the pages the plan lists, from any of the files, in that order: pages
 * reordered, turned, left out, repeated, and blank pages (the size of the page before them, or
 * after them at the start). Bookmarks, links and form fields of the pages kept stay working.
 */
export async function organizePdfs(
  files: readonly PdfInput[],
  plan: readonly PlanPage[],
  opts: { budget?: Budget } = {},
): Promise<{ bytes: Uint8Array; pageCount: number }> {
  if (!plan.some((p) => "file" in p)) {
    throw new EngineError("validation_failed", "Keep at least one page: a PDF cannot be empty.");
  }
  if (plan.length > MAX_PAGES)
    throw new EngineError("job_too_large", `A PDF can have at most ${MAX_PAGES} pages here.`);
  for (const p of plan) {
    if ("file" in p && (p.file < 0 || p.file >= files.length)) {
      throw new EngineError(
        "validation_failed",
        `There is no file number ${p.file + 1}: ${plural(files.length, "file")} were sent.`,
      );
    }
  }
  const specs: PageSpec[] = plan.map((p) =>
    "blank" in p ? { blank: { width: 0, height: 0 } } : { source: p.file, page: p.page - 1, rotate: p.rotate },
  );
  // Reader-view sizes of the pages, to size blank pages after their neighbours.
  const sizes: (Size | undefined)[] = plan.map(() => undefined);
  const assembler = await Assembler.create(specs);
  for (const [i, file] of files.entries()) {
    if (!plan.some((p) => "file" in p && p.file === i)) continue;
    const doc =
      file.doc ?? (await loadPdf(file.bytes, { name: file.name, password: file.password, budget: opts.budget }));
    const count = doc.getPageCount();
    const used = new Set<number>();
    for (const [k, p] of plan.entries()) {
      if (!("file" in p) || p.file !== i) continue;
      if (!Number.isInteger(p.page) || p.page < 1 || p.page > count) {
        throw new EngineError(
          "validation_failed",
          `Page ${p.page} of ${file.name} does not exist: it has ${plural(count, "page")}.`,
        );
      }
      used.add(p.page - 1);
      const page = doc.getPage(p.page - 1);
      const view = readerView(visibleBox(page), page.getRotation().angle + (p.rotate ?? 0));
      sizes[k] = { width: view.width, height: view.height };
    }
    await checkPageContents(doc, { name: file.name, pages: [...used], budget: opts.budget });
    opts.budget?.check();
    await assembler.take(i, await sourceOf(doc, file.name), i === firstFile(plan));
    opts.budget?.check();
  }
  // A blank page takes the size of the page before it, or of the first page after it.
  for (const [k, spec] of specs.entries()) {
    if (!("blank" in spec)) continue;
    const before = sizes.slice(0, k).reverse().find(Boolean);
    const after = sizes.slice(k + 1).find(Boolean);
    const size = before ?? after ?? { width: 595.28, height: 841.89 };
    spec.blank.width = size.width;
    spec.blank.height = size.height;
    sizes[k] = size;
  }
  const { doc } = await guardPdf(files[0]?.name, () => assembler.finish());
  return { bytes: await savePdf(doc, { budget: opts.budget }), pageCount: plan.length };
}

function firstFile(plan: readonly PlanPage[]): number {
  const first = plan.find((p): p is Extract<PlanPage, { file: number }> => "file" in p);
  return first ? first.file : 0;
}

/** Remove pages: every page but the ones listed. */
export async function removePages(
  file: PdfInput,
  remove: readonly number[],
  opts: { budget?: Budget } = {},
): Promise<{ bytes: Uint8Array; pageCount: number; removed: number }> {
  const doc = await loadPdf(file.bytes, { name: file.name, password: file.password, budget: opts.budget });
  const count = doc.getPageCount();
  const gone = new Set(remove);
  for (const p of gone) {
    if (!Number.isInteger(p) || p < 1 || p > count) {
      throw new EngineError("validation_failed", `Page ${p} does not exist: this PDF has ${plural(count, "page")}.`);
    }
  }
  if (gone.size >= count) throw new EngineError("validation_failed", "Keep at least one page: a PDF cannot be empty.");
  const kept = Array.from({ length: count }, (_, i) => i + 1).filter((p) => !gone.has(p));
  const plan: PlanPage[] = kept.map((page) => ({ file: 0, page }));
  // Organize takes the document as it was loaded here; only the kept pages are checked.
  const result = await organizePdfs([{ ...file, doc }], plan, opts);
  return { ...result, removed: gone.size };
}
