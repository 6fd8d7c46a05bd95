import type { PDFDocument } from "@cantoo/pdf-lib";
import { type Budget, yieldToEventLoop } from "../../core/budget";
import { EngineError } from "../../core/errors";
import { pageGlyphs, releaseForms, type WalkContext } from "./extract";
import type { Rect } from "./geometry";
import { FontCache } from "./machine";
import type { RedactPattern } from "./patterns";
import { buildPageText, matchRects, searchText } from "./search";

/**
 * Redaction: find text (words or patterns) and remove what lies under boxes, for real: glyphs
 * out of the content streams and forms, pixels out of the image data, annotations and form
 * fields off the page; then opaque boxes drawn where they were.
 */

export { applyRedactions, type RedactArea, type RedactReport } from "./apply";
export type { RedactPattern } from "./patterns";

/** A rectangle in the page's default user space (PDF points, the coordinates of the page's content stream before any cm, origin as the content sees it; NOT rotated by /Rotate). */
export type RedactRect = Rect;

export interface RedactSearch {
  text?: string;
  matchCase?: boolean;
  wholeWord?: boolean;
  patterns?: RedactPattern[];
}

/** A match on a page (1-based, as RedactArea's page), its text, and one rectangle per line it spans. */
export interface TextMatch {
  page: number;
  text: string;
  rects: RedactRect[];
}

const PATTERNS = new Set<RedactPattern>(["email", "phone", "iban"]);

/** Finds the matches of a search on every page (or the 0-based `pages`), in reading order. */
export async function findMatches(
  doc: PDFDocument,
  search: RedactSearch,
  opts: { budget?: Budget; name?: string; pages?: number[] } = {},
): Promise<TextMatch[]> {
  const patterns = search.patterns ?? [];
  if (patterns.some((p) => !PATTERNS.has(p))) {
    throw new EngineError("validation_failed", "Patterns can be e-mail addresses, phone numbers or IBANs.");
  }
  if (!search.text?.trim() && patterns.length === 0) {
    throw new EngineError("validation_failed", "Please enter text to search for, or choose a pattern.");
  }
  const all = doc.getPages();
  const indices = opts.pages ?? all.map((_, i) => i);
  for (const i of indices) {
    if (!Number.isInteger(i) || i < 0 || i >= all.length) {
      throw new EngineError("validation_failed", `Page ${i + 1} does not exist: this PDF has ${all.length} pages.`);
    }
  }
  const walk: WalkContext = {
    ctx: doc.context,
    fonts: new FontCache(doc.context, () => opts.budget?.check()),
    budget: opts.budget,
    name: opts.name,
    steps: 0,
    forms: new Map(),
  };
  const out: TextMatch[] = [];
  for (const i of indices) {
    opts.budget?.check();
    walk.steps = 0;
    const glyphs = pageGlyphs(walk, all[i], i);
    const text = buildPageText(glyphs);
    for (const f of searchText(text, search)) {
      const rects = matchRects(text, glyphs, f);
      if (rects.length) out.push({ page: i + 1, text: text.text.slice(f.start, f.end), rects });
    }
    releaseForms(walk);
    await yieldToEventLoop();
  }
  return out;
}
