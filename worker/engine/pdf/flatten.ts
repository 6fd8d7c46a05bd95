import { type PDFDocument, PDFName } from "@cantoo/pdf-lib";
import type { Budget } from "../core/budget";
import { yieldToEventLoop } from "../core/budget";
import { checkPageContents } from "./content-check";
import { guardPdf, loadPdf, savePdf } from "./document";
import { type Drawing, type FlattenChoice, type FlattenReport, flattenPage, reserveDrawing } from "./flatten-page";
import { refreshAppearances } from "./form-appearances";
import { formOf } from "./form-fields";
import { dropUnreachable } from "./unreachable";

export type { FlattenChoice, FlattenReport };

/**
 * Flattening: what a form field or an annotation shows becomes part of the page it sits on, and
 * the field or annotation itself goes, so nobody can change it afterwards and every reader shows
 * the same thing. Each one's normal appearance (for a checkbox or a radio button, the state it
 * is in) is drawn as a form XObject mapped onto its rectangle the way PDF 32000 12.5.5 says a
 * reader draws it: the appearance's BBox, through its Matrix, fitted to /Rect. Links stay links
 * (they change nothing on the page); pop-up notes go with their parents; annotations that are
 * hidden or have no appearance a reader could show are removed (hidden) or left (no appearance).
 */

/**
 * Flattens the document's form fields and/or annotations into its pages. Form fields get fresh
 * appearances first where theirs are missing or stale (the form asks readers to redraw them), so
 * what is drawn is each field's value; the form itself is then removed.
 */
export async function flattenDocument(
  doc: PDFDocument,
  choice: FlattenChoice,
  opts: { budget?: Budget; name?: string } = {},
): Promise<FlattenReport> {
  const report: FlattenReport = { fields: 0, annotations: 0, left: 0 };
  // What the pages will hold with everything drawn in, and (refreshAppearances) what the fields'
  // drawings will: taken before anything is drawn, so a form too large is refused at once.
  reserveDrawing(doc, opts.name ?? "This PDF", opts.budget);
  if (choice.forms) {
    // An XFA-only form has no fields to flatten: refused by name rather than emptied.
    formOf(doc, opts.name);
    await refreshAppearances(doc, { budget: opts.budget, name: opts.name, normalOnly: true });
  }
  const drawing: Drawing = { report, named: 0, budget: opts.budget };
  const pages = doc.getPages();
  for (const [i, page] of pages.entries()) {
    flattenPage(doc, page, choice, drawing);
    if (i % 50 === 49) {
      opts.budget?.check();
      await yieldToEventLoop();
    }
  }
  if (choice.forms) doc.catalog.delete(PDFName.of("AcroForm"));
  // The fields, widgets and the appearances not drawn (pressed, rolled over, the other state of a
  // checkbox) are no longer referred to; pdf-lib would write them all the same.
  dropUnreachable(doc.context, () => opts.budget?.check());
  return report;
}

/** Flatten PDF on one file: loaded (with its password), flattened as chosen, saved. */
export async function flattenPdf(
  bytes: Uint8Array,
  choice: FlattenChoice,
  opts: { name?: string; password?: string; budget?: Budget } = {},
): Promise<{ bytes: Uint8Array; report: FlattenReport }> {
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
  await checkPageContents(doc, { name: opts.name, budget: opts.budget });
  const report = await guardPdf(opts.name, () => flattenDocument(doc, choice, opts));
  opts.budget?.check();
  return { bytes: await savePdf(doc, { budget: opts.budget }), report };
}
