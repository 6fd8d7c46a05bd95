import {
  concatTransformationMatrix,
  drawObject,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFOperator,
  type PDFPage,
  PDFRef,
  PDFStream,
  popGraphicsState,
  pushGraphicsState,
} from "@cantoo/pdf-lib";
import type { Budget } from "../core/budget";
import { yieldToEventLoop } from "../core/budget";
import { checkPageContents } from "./content-check";
import { guardPdf, loadPdf, savePdf } from "./document";
import { refreshAppearances } from "./form-appearances";
import { formOf } from "./form-fields";
import { dropInvalidContents } from "./page-contents";
import { apply, type Matrix } from "./page-geometry";
import { dropUnreachable } from "./unreachable";

/**
 * Flattening: what a form field or an annotation shows becomes part of the page it sits on, and
 * the field or annotation itself goes, so nobody can change it afterwards and every reader shows
 * the same thing. Each one's normal appearance (for a checkbox or a radio button, the state it
 * is in) is drawn as a form XObject mapped onto its rectangle the way PDF 32000 12.5.5 says a
 * reader draws it: the appearance's BBox, through its Matrix, fitted to /Rect. Links stay links
 * (they change nothing on the page); pop-up notes go with their parents; annotations that are
 * hidden or have no appearance a reader could show are removed (hidden) or left (no appearance).
 */

export interface FlattenChoice {
  forms: boolean;
  annotations: boolean;
}

export interface FlattenReport {
  fields: number;
  annotations: number;
  /** Annotations with no appearance of their own, left as they were. */
  left: number;
}

const HIDDEN = 1 << 1;
const NO_VIEW = 1 << 5;
/** Annotations that are not marks on the page: flattening leaves them alone. */
const KEPT_AS_THEY_ARE = new Set(["Link"]);

const lookup = (doc: PDFDocument, o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o);

function numbers(doc: PDFDocument, o: PDFObject | undefined, n: number): number[] | undefined {
  const arr = lookup(doc, o);
  if (!(arr instanceof PDFArray) || arr.size() !== n) return undefined;
  const out = arr.asArray().map((x) => {
    const v = lookup(doc, x);
    return v instanceof PDFNumber ? v.asNumber() : Number.NaN;
  });
  return out.every(Number.isFinite) ? out : undefined;
}

/** The appearance a reader shows for the annotation now: /AP /N, or its state named by /AS. */
function normalAppearance(doc: PDFDocument, annot: PDFDict): { ref: PDFRef; stream: PDFStream } | undefined {
  const ap = lookup(doc, annot.get(PDFName.of("AP")));
  if (!(ap instanceof PDFDict)) return undefined;
  let n = ap.get(PDFName.of("N"));
  const states = lookup(doc, n);
  if (states instanceof PDFDict && !(states instanceof PDFStream)) {
    const as = annot.get(PDFName.of("AS"));
    n = as instanceof PDFName ? states.get(as) : undefined;
  }
  if (n instanceof PDFStream) n = doc.context.register(n);
  if (!(n instanceof PDFRef)) return undefined;
  const stream = doc.context.lookup(n);
  return stream instanceof PDFStream ? { ref: n, stream } : undefined;
}

/** The operators that draw `appearance` where a reader draws it for an annotation at `rect`. */
function placement(doc: PDFDocument, stream: PDFStream, rect: number[]): Matrix | undefined {
  const bbox = numbers(doc, stream.dict.get(PDFName.of("BBox")), 4);
  if (!bbox) return undefined;
  const m = (numbers(doc, stream.dict.get(PDFName.of("Matrix")), 6) ?? [1, 0, 0, 1, 0, 0]) as Matrix;
  const corners = [
    apply(m, bbox[0], bbox[1]),
    apply(m, bbox[2], bbox[1]),
    apply(m, bbox[0], bbox[3]),
    apply(m, bbox[2], bbox[3]),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const [x0, y0, x1, y1] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const [rx0, ry0, rx1, ry1] = [
    Math.min(rect[0], rect[2]),
    Math.min(rect[1], rect[3]),
    Math.max(rect[0], rect[2]),
    Math.max(rect[1], rect[3]),
  ];
  if (x1 - x0 <= 0 || y1 - y0 <= 0 || rx1 - rx0 <= 0 || ry1 - ry0 <= 0) return undefined;
  const sx = (rx1 - rx0) / (x1 - x0);
  const sy = (ry1 - ry0) / (y1 - y0);
  return [sx, 0, 0, sy, rx0 - x0 * sx, ry0 - y0 * sy];
}

function flattenPage(doc: PDFDocument, page: PDFPage, choice: FlattenChoice, report: FlattenReport): void {
  const annots = lookup(doc, page.node.get(PDFName.of("Annots")));
  if (!(annots instanceof PDFArray)) return;
  const kept: PDFObject[] = [];
  const ops: PDFOperator[] = [];
  for (const entry of annots.asArray()) {
    const annot = lookup(doc, entry);
    if (!(annot instanceof PDFDict)) continue;
    const subtype = annot.get(PDFName.of("Subtype"));
    const kind = subtype instanceof PDFName ? subtype.decodeText() : "";
    const widget = kind === "Widget";
    if ((widget && !choice.forms) || (!widget && !choice.annotations) || KEPT_AS_THEY_ARE.has(kind)) {
      kept.push(entry);
      continue;
    }
    if (kind === "Popup") continue;
    const flags = lookup(doc, annot.get(PDFName.of("F")));
    const f = flags instanceof PDFNumber ? flags.asNumber() : 0;
    const appearance = normalAppearance(doc, annot);
    const rect = numbers(doc, annot.get(PDFName.of("Rect")), 4);
    const matrix = appearance && rect && placement(doc, appearance.stream, rect);
    if (f & (HIDDEN | NO_VIEW) || (widget && !matrix)) {
      // Not shown by readers (or a field with nothing to show): it goes, drawing nothing.
      if (widget) report.fields++;
      else report.annotations++;
      continue;
    }
    if (!appearance || !matrix) {
      report.left++;
      kept.push(entry);
      continue;
    }
    appearance.stream.dict.set(PDFName.of("Type"), PDFName.of("XObject"));
    appearance.stream.dict.set(PDFName.of("Subtype"), PDFName.of("Form"));
    const name = page.node.newXObject("Flat", appearance.ref);
    ops.push(pushGraphicsState(), concatTransformationMatrix(...matrix), drawObject(name), popGraphicsState());
    if (widget) report.fields++;
    else report.annotations++;
  }
  if (ops.length > 0) {
    dropInvalidContents(page);
    page.pushOperators(...ops);
  }
  if (kept.length === 0) page.node.delete(PDFName.of("Annots"));
  else if (kept.length !== annots.size()) page.node.set(PDFName.of("Annots"), doc.context.obj(kept));
}

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
  if (choice.forms) {
    // An XFA-only form has no fields to flatten: refused by name rather than emptied.
    formOf(doc, opts.name);
    await refreshAppearances(doc);
  }
  const pages = doc.getPages();
  for (const [i, page] of pages.entries()) {
    flattenPage(doc, page, choice, report);
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
