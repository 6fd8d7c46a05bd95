import { type PDFContext, PDFDict, PDFName, type PDFPage, PDFRawStream } from "@cantoo/pdf-lib";
import type { Budget } from "../../core/budget";
import { EngineError } from "../../core/errors";
import { contentLimit, pageContent } from "./content";
import { IDENTITY, type Matrix, multiply } from "./geometry";
import { asName, operations } from "./lexer";
import { type FontCache, type Glyph, Machine, SHOW_OPS } from "./machine";
import { getDict, getName, numbers, readStream, resolve } from "./objects";

/** Every glyph a page paints, in content order, forms included: the text search reads these. */

export const MAX_FORM_DEPTH = 12;
/** Operations between time checks. */
export const CHECK_EVERY = 2048;

/** Operations interpreted per page, forms counted each time they are drawn: past it, the page is too complex. */
const MAX_STEPS = 10_000_000;

export interface WalkContext {
  ctx: PDFContext;
  fonts: FontCache;
  budget?: Budget;
  name?: string;
  /** Operations interpreted on the current page. */
  steps: number;
  /** Forms' decoded content, read once however often they are drawn (charged to the budget). */
  forms: Map<PDFRawStream, Uint8Array | null>;
}

/** A form's content, decoded once per job; null when it cannot be read. */
export function formContent(w: WalkContext, form: PDFRawStream): Uint8Array | null {
  let data = w.forms.get(form);
  if (data === undefined) {
    data = readStream(w.ctx, form, contentLimit(w.budget));
    if (data) w.budget?.take(data.length, `${w.name ?? "This PDF"}'s forms`);
    w.forms.set(form, data);
  }
  return data;
}

/** Gives back what the forms' content held. */
export function releaseForms(w: WalkContext): void {
  for (const d of w.forms.values()) if (d) w.budget?.give(d.length);
  w.forms.clear();
}

/** Counts one operation; checks the time now and then, and refuses a page that never ends. */
export function tick(w: WalkContext): void {
  if (++w.steps % CHECK_EVERY !== 0) return;
  w.budget?.check();
  if (w.steps > MAX_STEPS) {
    throw new EngineError(
      "job_too_large",
      `${w.name ?? "This PDF"} has pages that draw the same content too many times (forms inside forms) to be processed.`,
    );
  }
}

export function formMatrix(ctx: PDFContext, form: PDFRawStream): Matrix {
  const m = numbers(ctx, form.dict.get(PDFName.of("Matrix")));
  return m?.length === 6 && m.every(Number.isFinite) ? (m as Matrix) : IDENTITY;
}

export function xobjectNamed(ctx: PDFContext, resources: PDFDict | undefined, name: string) {
  const xobjects = getDict(ctx, resources, "XObject");
  const raw = xobjects?.get(PDFName.of(name));
  const obj = resolve(ctx, raw);
  return { raw, stream: obj instanceof PDFRawStream ? obj : undefined };
}

export function pageGlyphs(w: WalkContext, page: PDFPage, index: number): Glyph[] {
  const content = pageContent(w.ctx, page, index, w.budget, w.name);
  const res = resolve(w.ctx, page.node.getInheritableAttribute(PDFName.of("Resources")));
  const out: Glyph[] = [];
  walk(w, content, res instanceof PDFDict ? res : undefined, IDENTITY, 0, new Set(), out);
  return out;
}

function walk(
  w: WalkContext,
  content: Uint8Array,
  resources: PDFDict | undefined,
  ctm: Matrix,
  depth: number,
  open: Set<PDFRawStream>,
  out: Glyph[],
): void {
  const m = new Machine(w.ctx, w.fonts, resources, ctm);
  for (const op of operations(content)) {
    tick(w);
    if (m.step(op)) continue;
    if (SHOW_OPS.has(op.op)) {
      for (const g of m.show(op)) out.push(g);
      continue;
    }
    if (op.op !== "Do" || depth >= MAX_FORM_DEPTH) continue;
    const name = asName(op.args[0]);
    const form = name ? xobjectNamed(w.ctx, resources, name).stream : undefined;
    // A form that draws itself (directly or through others) is not followed again.
    if (!form || getName(w.ctx, form.dict, "Subtype") !== "Form" || open.has(form)) continue;
    const data = formContent(w, form);
    if (!data) continue;
    const own = getDict(w.ctx, form.dict, "Resources");
    open.add(form);
    walk(w, data, own ?? resources, multiply(formMatrix(w.ctx, form), m.ctm), depth + 1, open, out);
    open.delete(form);
  }
}
