import type { PDFDocument, PDFObject } from "@cantoo/pdf-lib";
import { type Budget, yieldToEventLoop } from "../../core/budget";
import { EngineError } from "../../core/errors";
import type { Rect } from "../content/geometry";
import { FontCache } from "../content/machine";
import { pageText, releaseForms, type WalkContext } from "./extract";
import type { RedactPattern } from "./patterns";
import { findInAnnotations, findInDocument, type PlaceFix, type PlaceKind } from "./places";
import { contextOf, matchRects, type Search, searchText } from "./search";

/**
 * Redaction: find text (words or patterns) wherever the document keeps it, and remove what lies
 * under boxes, for real: glyphs out of the content streams and forms, pixels out of the image
 * data, annotations and form fields off the page; then opaque boxes drawn where they were. What
 * is kept elsewhere (bookmarks, scripts, metadata, attachments...) is rewritten or removed.
 */

export { applyRedactions, type RedactArea, type RedactReport } from "./apply";
export type { RedactPattern } from "./patterns";
export { fixPlaces, type PlaceKind, REDACTED_MARK } from "./places";

/** A rectangle in the page's default user space (PDF points, the coordinates of the page's content stream before any cm, origin as the content sees it; NOT rotated by /Rotate). */
export type RedactRect = Rect;

export interface RedactSearch {
  text?: string;
  matchCase?: boolean;
  wholeWord?: boolean;
  patterns?: RedactPattern[];
}

/**
 * A match: on a page (1-based, as RedactArea's page) with one rectangle per line it spans, or a
 * place elsewhere in the file (page 0, no rectangles). `id` names the place the same way each
 * time the same file is searched the same way.
 */
export interface TextMatch {
  id: string;
  page: number;
  text: string;
  /** The words around it. */
  context: string;
  kind: PlaceKind;
  /** The field's name, the bookmark's title, the metadata's key, the attachment's name... */
  label?: string;
  rects: RedactRect[];
  /** What redacting it rewrites or removes besides covering its rectangles. */
  fixes: PlaceFix[];
}

const PATTERNS = new Set<RedactPattern>(["email", "phone", "iban"]);

function checkSearch(search: RedactSearch): void {
  const patterns = search.patterns ?? [];
  if (patterns.some((p) => !PATTERNS.has(p))) {
    throw new EngineError("validation_failed", "Patterns can be e-mail addresses, phone numbers or IBANs.");
  }
  if (!search.text?.trim() && patterns.length === 0) {
    throw new EngineError("validation_failed", "Please enter text to search for, or choose a pattern.");
  }
}

/**
 * Finds the matches of one or more searches: on every page (or the 0-based `pages`) in reading
 * order, then in the pages' annotations and fields, then elsewhere in the file.
 */
export async function findMatches(
  doc: PDFDocument,
  search: RedactSearch | readonly RedactSearch[],
  opts: { budget?: Budget; name?: string; pages?: number[] } = {},
): Promise<TextMatch[]> {
  const searches: Search[] = Array.isArray(search) ? [...search] : [search as RedactSearch];
  if (searches.length === 0) checkSearch({});
  for (const s of searches) checkSearch(s);
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
    const { text, release } = pageText(walk, all[i], i);
    try {
      const seen = new Set<string>();
      for (const s of searches) {
        for (const f of searchText(text.text, s)) {
          const id = `t${i + 1}:${f.start}-${f.end}`;
          if (seen.has(id)) continue;
          seen.add(id);
          const rects = matchRects(text, f);
          if (!rects.length) continue;
          out.push({
            id,
            page: i + 1,
            // A word broken at a line's end is shown whole ("con-fidentiality").
            text: text.text
              .slice(f.start, f.end)
              .replace(/-\s*\n\s*/g, "-")
              .replace(/\s+/g, " "),
            context: contextOf(text.text, f.start, f.end),
            kind: "text",
            rects,
            fixes: [],
          });
        }
      }
    } finally {
      release();
      releaseForms(walk);
    }
    await yieldToEventLoop();
  }
  // Pages searched in reading order first; then what the file keeps elsewhere.
  const claimed = new Set<PDFObject>();
  const places = { walk, searches, budget: opts.budget };
  try {
    out.push(
      ...findInAnnotations(
        doc,
        places,
        claimed,
        indices.map((i) => all[i]),
        indices,
      ),
    );
    if (!opts.pages) out.push(...findInDocument(doc, places, claimed));
  } finally {
    releaseForms(walk);
  }
  return out;
}
