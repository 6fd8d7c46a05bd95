import {
  numberToString,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  PDFRef,
  PDFStream,
} from "@cantoo/pdf-lib";
import type { Budget } from "../core/budget";
import { contentStream } from "./form-appearance-bytes";
import { distinctAnnots } from "./form-walk";
import { dropInvalidContents } from "./page-contents";
import { apply, type Matrix } from "./page-geometry";

/**
 * One page flattened (flatten.ts says what flattening is): each annotation it lists, once however
 * often it is listed, drawn as its normal appearance mapped onto /Rect, in one content stream
 * written as text (pdf-lib keeps four operator objects per drawing until the save); an
 * appearance drawn twice on a page has one name there.
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

/** What flattening the pages has drawn so far, across pages. */
export interface Drawing {
  report: FlattenReport;
  /** The last number given to an appearance's name ("Flat1", "Flat2"...): unique in the document. */
  named: number;
  budget?: Budget;
}

/**
 * What drawing one annotation into its page holds, at most: its line of content (some 50 bytes,
 * as text and then as bytes) and its appearance's name in the pool and in the page's /XObject.
 */
export const DRAW_BYTES = 256;

/**
 * Takes from `budget` what drawing every annotation the pages list (each once) will hold: a
 * document with more than the job can draw is refused before anything is drawn, and as soon as
 * the count passes what the job has left (the same list shared by 10,000 pages is not counted
 * to the end).
 */
export function reserveDrawing(doc: PDFDocument, label: string, budget: Budget | undefined): void {
  if (!budget) return;
  let bytes = 0;
  for (const page of doc.getPages()) {
    const annots = lookup(doc, page.node.get(PDFName.of("Annots")));
    if (annots instanceof PDFArray) bytes += distinctAnnots(annots).length * DRAW_BYTES;
    if (bytes > budget.memoryLeft) break;
  }
  budget.take(bytes, `Drawing ${label}'s fields and comments into its pages`);
}

/** A name for an appearance in `xobjects` that nothing there uses yet. */
function freeName(xobjects: PDFDict, drawing: Drawing): PDFName {
  for (;;) {
    const name = PDFName.of(`Flat${++drawing.named}`);
    if (!xobjects.has(name)) return name;
  }
}

/** Draws what `page` shows of the annotations `choice` takes into it, and takes them off its /Annots. */
export function flattenPage(doc: PDFDocument, page: PDFPage, choice: FlattenChoice, drawing: Drawing): void {
  const { report } = drawing;
  const annots = lookup(doc, page.node.get(PDFName.of("Annots")));
  if (!(annots instanceof PDFArray)) return;
  const kept: PDFObject[] = [];
  // One line of content per appearance drawn; an appearance drawn twice has one name.
  const lines: string[] = [];
  const names = new Map<PDFRef, PDFName>();
  let xobjects: PDFDict | undefined;
  // Each annotation once, however often /Annots lists it.
  const listed = distinctAnnots(annots);
  for (const [n, { entry, annot }] of listed.entries()) {
    if (n % 4096 === 4095) drawing.budget?.check();
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
    let name = names.get(appearance.ref);
    if (!name) {
      appearance.stream.dict.set(PDFName.of("Type"), PDFName.of("XObject"));
      appearance.stream.dict.set(PDFName.of("Subtype"), PDFName.of("Form"));
      if (!xobjects) {
        // Before the page is normalized (which wraps what it draws in q/Q, so ours starts afresh).
        dropInvalidContents(page);
        xobjects = page.node.normalizedEntries().XObject;
      }
      name = freeName(xobjects, drawing);
      xobjects.set(name, appearance.ref);
      names.set(appearance.ref, name);
    }
    lines.push(`q ${matrix.map(numberToString).join(" ")} cm ${name} Do Q`);
    if (widget) report.fields++;
    else report.annotations++;
  }
  if (lines.length > 0) {
    // Held as reserved (reserveDrawing).
    const text = `${lines.join("\n")}\n`;
    page.node.addContentStream(doc.context.register(contentStream(doc.context.obj({}), latin1(text))));
  }
  if (kept.length === 0) page.node.delete(PDFName.of("Annots"));
  else if (kept.length !== annots.size()) page.node.set(PDFName.of("Annots"), doc.context.obj(kept));
}

/** ASCII text (what content lines are) as bytes. */
function latin1(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}
