import { type PDFContext, PDFDict, PDFName, type PDFPage, PDFRawStream, pdfDocEncodingDecode } from "@cantoo/pdf-lib";
import type { Budget } from "../../core/budget";
import { EngineError } from "../../core/errors";
import { IDENTITY, type Matrix, multiply } from "../content/geometry";
import { asDict, asName, asStr, type Op, operations } from "../content/lexer";
import { type FontCache, Machine, SHOW_OPS } from "../content/machine";
import { contentLimit, contentRefusal, pageContent } from "../content/streams";
import { readStream } from "../filters";
import { getDict, getName, numbers, resolve } from "../objects";
import { type PageText, PageTextBuilder } from "./page-text";

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

/** A text string of a content stream (an ActualText): UTF-16 with its mark, UTF-8 with its mark, or PDFDocEncoding. */
export function contentText(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    let out = "";
    for (let i = 2; i + 1 < bytes.length; i += 2) out += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
    return out;
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder("utf-8").decode(bytes.subarray(3));
  }
  return pdfDocEncodingDecode(bytes);
}

/** The ActualText of a marked-content operation (BDC with its properties inline or named), or null. */
export function actualTextOf(ctx: PDFContext, resources: PDFDict | undefined, op: Op): string | null {
  if (op.op !== "BDC") return null;
  const inline = asDict(op.args[1]);
  if (inline) {
    const s = asStr(inline.map.get("ActualText"));
    return s ? contentText(s.bytes) : null;
  }
  const name = asName(op.args[1]);
  const props = name ? resolve(ctx, getDict(ctx, resources, "Properties")?.get(PDFName.of(name))) : undefined;
  if (!(props instanceof PDFDict)) return null;
  const text = resolve(ctx, props.get(PDFName.of("ActualText")));
  return text && "decodeText" in text && typeof text.decodeText === "function" ? String(text.decodeText()) : null;
}

/**
 * The page's text, forms included, with every glyph's box. The caller gives back what it holds
 * (`release`) when done with it.
 */
export function pageText(w: WalkContext, page: PDFPage, index: number): { text: PageText; release(): void } {
  const what = `${w.name ?? "This PDF"}'s page ${index + 1}`;
  const content = pageContent(w.ctx, page, index, w.budget, w.name);
  w.budget?.take(content.length, what);
  const builder = new PageTextBuilder(w.budget, what);
  try {
    const res = resolve(w.ctx, page.node.getInheritableAttribute(PDFName.of("Resources")));
    walk(w, content, res instanceof PDFDict ? res : undefined, IDENTITY, 0, new Set(), builder);
    return { text: builder.finish(), release: () => builder.release() };
  } catch (err) {
    builder.release();
    throw contentRefusal(err, `page ${index + 1}`, w.name);
  } finally {
    w.budget?.give(content.length);
  }
}

function walk(
  w: WalkContext,
  content: Uint8Array,
  resources: PDFDict | undefined,
  ctm: Matrix,
  depth: number,
  open: Set<PDFRawStream>,
  out: PageTextBuilder,
): void {
  const m = new Machine(w.ctx, w.fonts, resources, ctm);
  const add = (g: Parameters<PageTextBuilder["add"]>[0]) => out.add(g);
  // Marked content a program leaves open ends with it (a form cannot close its caller's).
  let opened = 0;
  for (const op of operations(content)) {
    tick(w);
    if (m.step(op)) continue;
    if (SHOW_OPS.has(op.op)) {
      m.show(op, add);
      continue;
    }
    if (op.op === "BDC" || op.op === "BMC") {
      out.begin(actualTextOf(w.ctx, resources, op));
      opened++;
      continue;
    }
    if (op.op === "EMC") {
      if (opened > 0) {
        out.end();
        opened--;
      }
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
  for (; opened > 0; opened--) out.end();
}

/** What a form (an annotation's appearance) draws on its own, as text. */
export function formText(w: WalkContext, form: PDFRawStream): string {
  const data = formContent(w, form);
  if (!data) return "";
  const builder = new PageTextBuilder(w.budget, `${w.name ?? "This PDF"}'s annotations`);
  try {
    w.steps = 0;
    walk(w, data, getDict(w.ctx, form.dict, "Resources"), IDENTITY, 0, new Set([form]), builder);
    return builder.finish().text;
  } finally {
    builder.release();
  }
}
