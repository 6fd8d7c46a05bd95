import { PDFName, type PDFPage } from "@cantoo/pdf-lib";
import type { Margins } from "../../../schema/options";
import { type Budget, yieldToEventLoop } from "../core/budget";
import { EngineError } from "../core/errors";
import { checkPageContents } from "./content-check";
import { guardPdf, loadPdf, savePdf } from "./document";
import { apply, readerView, visibleBox } from "./page-geometry";

export interface CropOptions {
  /**
   * Per page (1-based), given the page count: the margins to cut, as fractions of what a reader
   * sees on that page. Pages left out stay as they are.
   */
  boxes: (pageCount: number) => Map<number, Margins>;
  name?: string;
  /** Opens an encrypted input (see loadPdf). */
  password?: string;
  budget?: Budget;
}

/**
 * Sets a page's CropBox (and TrimBox) to what is left once `m` is cut from each side as the
 * reader sees the page (after /Rotate): nothing is removed from the file, so it is lossless and
 * a reader can still show the rest. Returns false when nothing would be left.
 */
function cropPage(page: PDFPage, m: Margins): boolean {
  if (m.left + m.right >= 0.99 || m.top + m.bottom >= 0.99) return false;
  const box = visibleBox(page);
  const view = readerView(box, page.getRotation().angle);
  const corners = [
    apply(view.matrix, m.left * view.width, m.bottom * view.height),
    apply(view.matrix, (1 - m.right) * view.width, (1 - m.top) * view.height),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const rect = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map(
    (v) => Math.round(v * 100) / 100,
  );
  const arr = page.doc.context.obj(rect);
  page.node.set(PDFName.of("CropBox"), arr);
  page.node.set(PDFName.of("TrimBox"), page.doc.context.obj(rect));
  return true;
}

/** Crop: the pages named in `boxes` get their new visible area; the rest stay as they were. */
export async function cropPdf(bytes: Uint8Array, opts: CropOptions) {
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
  // Nothing is redrawn, but a page whose content cannot be read is refused as every tool refuses it.
  await checkPageContents(doc, { name: opts.name, budget: opts.budget });
  const pages = doc.getPages();
  const boxes = opts.boxes(pages.length);
  for (const p of boxes.keys()) {
    if (p < 1 || p > pages.length) {
      throw new EngineError(
        "validation_failed",
        `Page ${p} does not exist: this PDF has ${pages.length} page${pages.length === 1 ? "" : "s"}.`,
      );
    }
  }
  let cropped = 0;
  await guardPdf(opts.name, async () => {
    for (const [p, margins] of boxes) {
      if (cropPage(pages[p - 1], margins)) cropped++;
      if (cropped % 500 === 499) {
        opts.budget?.check();
        await yieldToEventLoop();
      }
    }
  });
  if (cropped === 0) throw new EngineError("validation_failed", "Those margins would leave nothing of the page.");
  opts.budget?.check();
  return { bytes: await savePdf(doc, { budget: opts.budget }), cropped, pageCount: pages.length };
}
