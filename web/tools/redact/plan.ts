/**
 * What the person will redact: the areas they marked and the search matches they kept, and how
 * that becomes the request's `areas` field (the matches go as their own boxes, so what is applied
 * is exactly what was previewed) and the report afterwards.
 */
import type { PageArea, PageRect, RedactPreviewAnswer } from "../../../schema/form-options";
import type { Translate } from "../../i18n/provider";
import { cleanRect } from "./rects";

/** A box the person drew. */
export interface MarkedArea extends PageArea {
  id: string;
}

/** A match of a search, ticked (kept) or not. */
export interface FoundMatch {
  id: string;
  page: number;
  text: string;
  rects: PageRect[];
  kept: boolean;
}

let counter = 0;
export function newAreaId(): string {
  counter += 1;
  return `area-${counter}`;
}

const keyOf = (page: number, rects: readonly PageRect[]) =>
  `${page}:${rects.map((r) => [r.x, r.y, r.width, r.height].map((v) => v.toFixed(4)).join(",")).join(";")}`;

/**
 * The matches of a new search added to those already found (a second search adds to the first);
 * a match found again is not listed twice. New matches start ticked.
 */
export function addMatches(found: readonly FoundMatch[], answer: RedactPreviewAnswer): FoundMatch[] {
  const seen = new Set(found.map((m) => keyOf(m.page, m.rects)));
  const next = [...found];
  for (const m of answer.matches) {
    const key = keyOf(m.page, m.rects);
    if (seen.has(key) || m.rects.length === 0) continue;
    seen.add(key);
    next.push({ id: `match-${key}`, page: m.page, text: m.text, rects: m.rects, kept: true });
  }
  return next;
}

export function setKept(found: readonly FoundMatch[], id: string, kept: boolean): FoundMatch[] {
  return found.map((m) => (m.id === id ? { ...m, kept } : m));
}

export function setAllKept(found: readonly FoundMatch[], kept: boolean): FoundMatch[] {
  return found.map((m) => (m.kept === kept ? m : { ...m, kept }));
}

/** "12 matches on 3 pages", in the page's language. */
export function matchSummary(t: Translate<"redact-pdf">, found: readonly FoundMatch[]): string {
  const pages = new Set(found.map((m) => m.page)).size;
  return t("matches.summary", { matches: found.length, pages });
}

/** The request's `areas`: the marked boxes, then every rectangle of every kept match. */
export function areasField(areas: readonly MarkedArea[], found: readonly FoundMatch[]): PageArea[] {
  const out: PageArea[] = areas.map(({ page, ...r }) => ({ page, ...cleanRect(r) }));
  for (const m of found) {
    if (!m.kept) continue;
    for (const r of m.rects) out.push({ page: m.page, ...cleanRect(r) });
  }
  return out;
}

/** The numbers the server reports on the redacted file. */
export interface RedactReport {
  boxes: number;
  pages: number;
  matches: number;
  glyphsRemoved: number;
  imagesPainted: number;
  annotationsRemoved: number;
}

const REPORT_KEYS = ["boxes", "pages", "matches", "glyphsRemoved", "imagesPainted", "annotationsRemoved"] as const;

/** The report fields of a converted file's entry, or null when the answer has none. */
export function reportOf(entry: object | undefined): RedactReport | null {
  if (!entry) return null;
  const fields = entry as Record<string, unknown>;
  if (typeof fields.boxes !== "number") return null;
  const report = {} as RedactReport;
  for (const key of REPORT_KEYS) report[key] = typeof fields[key] === "number" ? (fields[key] as number) : 0;
  return report;
}

/**
 * "Redacted 4 areas on 2 pages (3 search matches): 57 characters of text, 1 image and 0
 * annotations removed.", in the page's language. `keptMatches` counts the matches the page sent as boxes (the server only
 * counts those it searched for itself).
 */
export function reportSentence(t: Translate<"redact-pdf">, r: RedactReport, keptMatches = 0): string {
  const matches = Math.max(r.matches, keptMatches);
  const counts = {
    boxes: r.boxes,
    pages: r.pages,
    glyphs: r.glyphsRemoved,
    images: r.imagesPainted,
    annotations: r.annotationsRemoved,
  };
  return matches > 0 ? t("report.withMatches", { ...counts, matches }) : t("report", counts);
}
