import type { Rect } from "../content/geometry";
import { glyphsOf, type PageText } from "./page-text";
import { type Found, findPattern, findWords, type RedactPattern } from "./patterns";

export type { PageText } from "./page-text";

export interface Search {
  text?: string;
  matchCase?: boolean;
  wholeWord?: boolean;
  patterns?: RedactPattern[];
}

/**
 * Matches in a text, in reading order. A match inside another (the digits of an IBAN that also
 * read as a phone number) is one match, the larger; matches that only overlap stay apart.
 */
export function searchText(text: string, search: Search): Found[] {
  const found: Found[] = [];
  if (search.text?.trim()) {
    found.push(...findWords(text, search.text, search.matchCase ?? false, search.wholeWord ?? false));
  }
  for (const p of new Set(search.patterns ?? [])) found.push(...findPattern(text, p));
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Found[] = [];
  let reach = -1;
  for (const f of found) {
    if (f.end <= reach) continue;
    kept.push(f);
    reach = f.end;
  }
  return kept;
}

/** The words around a match, on one line ("… the words before MATCH and after …"). */
export function contextOf(text: string, start: number, end: number): string {
  // A word broken at a line's end reads whole ("con-fidentiality").
  const join = (s: string) => s.replace(/-[ \t]*\n[ \t]*/g, "-").replace(/\s+/g, " ");
  const from = Math.max(0, start - 48);
  const to = Math.min(text.length, end + 48);
  let before = join(text.slice(from, start));
  let after = join(text.slice(end, to));
  if (from > 0) before = `… ${before.replace(/^\S*\s/, "")}`;
  if (to < text.length) after = `${after.replace(/\s\S*$/, "")} …`;
  return `${before}${join(text.slice(start, end))}${after}`.trim();
}

/** The match's glyphs merged into one rectangle per line, padded a little above and below. */
export function matchRects(page: PageText, f: Found): Rect[] {
  const byLine = new Map<number, { x0: number; y0: number; x1: number; y1: number; pad: number }>();
  let last = -1;
  for (let i = f.start; i < f.end; i++) {
    const [from, to] = glyphsOf(page, i);
    for (let g = from; g < to; g++) {
      if (g === last) continue;
      last = g;
      const { x0, y0, x1, y1 } = page.box(g);
      const line = page.line(g);
      const pad = 0.02 * page.em(g);
      const r = byLine.get(line);
      if (!r) byLine.set(line, { x0, y0, x1, y1, pad });
      else {
        r.x0 = Math.min(r.x0, x0);
        r.y0 = Math.min(r.y0, y0);
        r.x1 = Math.max(r.x1, x1);
        r.y1 = Math.max(r.y1, y1);
        r.pad = Math.max(r.pad, pad);
      }
    }
  }
  return [...byLine.values()]
    .filter((r) => Number.isFinite(r.x0 + r.x1 + r.y0 + r.y1))
    .map(({ x0, y0, x1, y1, pad }) => ({ x: x0, y: y0 - pad, width: x1 - x0, height: y1 - y0 + 2 * pad }));
}
