import type { Rect } from "./geometry";
import { quadBounds } from "./geometry";
import type { Glyph } from "./machine";
import { type Found, findLiteral, findPattern, type RedactPattern } from "./patterns";

/**
 * A page's text in reading order as its glyphs were painted: a space where the gap to the
 * previous glyph passes a quarter em, a line break where the baseline moves. Each character
 * remembers its glyph, so a match maps back to the boxes it covers.
 */

export interface PageText {
  text: string;
  /** Per UTF-16 unit of `text`: the glyph it came from, or -1 for an inserted space or line break. */
  glyphAt: Int32Array;
  /** Per glyph: its line's number. */
  lineOf: Int32Array;
}

function mid(q: number[], a: number, b: number): [number, number] {
  return [(q[a * 2] + q[b * 2]) / 2, (q[a * 2 + 1] + q[b * 2 + 1]) / 2];
}

export function buildPageText(glyphs: readonly Glyph[]): PageText {
  const pieces: string[] = [];
  let last = "";
  const owner: number[] = [];
  const lineOf = new Int32Array(glyphs.length);
  let line = 0;
  let prevEnd: [number, number] | null = null;
  let dir: [number, number] = [1, 0];
  const push = (s: string, g: number) => {
    if (!s) return;
    pieces.push(s);
    last = s[s.length - 1];
    for (let i = 0; i < s.length; i++) owner.push(g);
  };
  glyphs.forEach((g, i) => {
    const start = mid(g.quad, 0, 3);
    const end = mid(g.quad, 1, 2);
    const len = Math.hypot(end[0] - start[0], end[1] - start[1]);
    const t = g.text.normalize("NFKC");
    if (prevEnd) {
      const dx = start[0] - prevEnd[0];
      const dy = start[1] - prevEnd[1];
      const along = dx * dir[0] + dy * dir[1];
      const across = dir[0] * dy - dir[1] * dx;
      const em = g.em || 1;
      const lastIsSpace = /\s/.test(last);
      if (Math.abs(across) > 0.5 * em || along < -em) {
        line++;
        if (last !== "\n") push("\n", -1);
      } else if (along > 0.25 * em && !lastIsSpace && !/^\s/.test(t)) push(" ", -1);
    }
    if (len > 1e-6) dir = [(end[0] - start[0]) / len, (end[1] - start[1]) / len];
    lineOf[i] = line;
    push(t, i);
    prevEnd = end;
  });
  return { text: pieces.join(""), glyphAt: Int32Array.from(owner), lineOf };
}

export interface Search {
  text?: string;
  matchCase?: boolean;
  wholeWord?: boolean;
  patterns?: RedactPattern[];
}

/**
 * Matches in the page's text, in reading order. A match inside another (the digits of an IBAN that
 * also read as a phone number) is one match, the larger; matches that only overlap stay apart.
 */
export function searchText(page: PageText, search: Search): Found[] {
  const found: Found[] = [];
  if (search.text?.trim()) {
    found.push(...findLiteral(page.text, search.text, search.matchCase ?? false, search.wholeWord ?? false));
  }
  for (const p of new Set(search.patterns ?? [])) found.push(...findPattern(page.text, p));
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

/** The match's glyphs merged into one rectangle per line, padded a little above and below. */
export function matchRects(page: PageText, glyphs: readonly Glyph[], f: Found): Rect[] {
  const byLine = new Map<number, { x0: number; y0: number; x1: number; y1: number; pad: number }>();
  let last = -1;
  for (let i = f.start; i < f.end; i++) {
    const g = page.glyphAt[i];
    if (g < 0 || g === last) continue;
    last = g;
    const b = quadBounds(glyphs[g].quad);
    const line = page.lineOf[g];
    const r = byLine.get(line);
    const pad = 0.02 * glyphs[g].em;
    if (!r) byLine.set(line, { ...b, pad });
    else {
      r.x0 = Math.min(r.x0, b.x0);
      r.y0 = Math.min(r.y0, b.y0);
      r.x1 = Math.max(r.x1, b.x1);
      r.y1 = Math.max(r.y1, b.y1);
      r.pad = Math.max(r.pad, pad);
    }
  }
  return [...byLine.values()].map(({ x0, y0, x1, y1, pad }) => ({
    x: x0,
    y: y0 - pad,
    width: x1 - x0,
    height: y1 - y0 + 2 * pad,
  }));
}
