/**
 * What the person will redact: the areas they marked and the search matches they kept, and how
 * that becomes the request's fields: `areas` (the boxes drawn), `searches` (every search made: the
 * server finds the same matches again, on the pages and wherever else the file keeps the words)
 * and `skip` (the matches unticked, by id), and the report afterwards.
 */
import type { PageArea, PageRect, RedactPlaceKind, RedactPreviewAnswer } from "../../../schema/form-options";
import type { Translate } from "../../i18n/provider";
import { cleanRect } from "./rects";

/** A box the person drew. */
export interface MarkedArea extends PageArea {
  id: string;
}

/** A match of a search, ticked (kept) or not. */
export interface FoundMatch {
  id: string;
  /** 0 for a place elsewhere in the file (a bookmark, the metadata, a script...). */
  page: number;
  text: string;
  context: string;
  kind: RedactPlaceKind;
  label?: string;
  rects: PageRect[];
  kept: boolean;
}

let counter = 0;
export function newAreaId(): string {
  counter += 1;
  return `area-${counter}`;
}

/**
 * The matches of a new search added to those already found (a second search adds to the first);
 * a place found again is not listed twice. New matches start ticked.
 */
export function addMatches(found: readonly FoundMatch[], answer: RedactPreviewAnswer): FoundMatch[] {
  const seen = new Set(found.map((m) => m.id));
  const next = [...found];
  for (const m of answer.matches) {
    if (seen.has(m.id) || (m.page > 0 && m.rects.length === 0)) continue;
    seen.add(m.id);
    next.push({ ...m, kept: true });
  }
  return next;
}

export function setKept(found: readonly FoundMatch[], id: string, kept: boolean): FoundMatch[] {
  return found.map((m) => (m.id === id ? { ...m, kept } : m));
}

export function setAllKept(found: readonly FoundMatch[], kept: boolean): FoundMatch[] {
  return found.map((m) => (m.kept === kept ? m : { ...m, kept }));
}

/** "12 matches on 3 pages", in the page's language (and how many elsewhere in the file). */
export function matchSummary(t: Translate<"redact-pdf">, found: readonly FoundMatch[]): string {
  const pages = new Set(found.filter((m) => m.page > 0).map((m) => m.page)).size;
  const elsewhere = found.filter((m) => m.page === 0).length;
  const onPages = t("matches.summary", { matches: found.length - elsewhere, pages });
  return elsewhere ? `${onPages} ${t("matches.summary.elsewhere", { count: elsewhere })}` : onPages;
}

/** The request's `areas`: the boxes the person drew. */
export function areasField(areas: readonly MarkedArea[]): PageArea[] {
  return areas.map(({ page, ...r }) => ({ page, ...cleanRect(r) }));
}

/** The request's `skip`: the matches unticked, by id. */
export function skipField(found: readonly FoundMatch[]): string[] {
  return found.filter((m) => !m.kept).map((m) => m.id);
}

/** The numbers the server reports on the redacted file. */
export interface RedactReport {
  boxes: number;
  pages: number;
  matches: number;
  glyphsRemoved: number;
  imagesPainted: number;
  annotationsRemoved: number;
  placesCleaned: number;
}

const REPORT_KEYS = [
  "boxes",
  "pages",
  "matches",
  "glyphsRemoved",
  "imagesPainted",
  "annotationsRemoved",
  "placesCleaned",
] as const;

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
 * annotations removed.", and the places cleaned elsewhere in the file, in the page's language.
 */
export function reportSentence(t: Translate<"redact-pdf">, r: RedactReport): string {
  const counts = {
    boxes: r.boxes,
    pages: r.pages,
    glyphs: r.glyphsRemoved,
    images: r.imagesPainted,
    annotations: r.annotationsRemoved,
  };
  const sentence = r.matches > 0 ? t("report.withMatches", { ...counts, matches: r.matches }) : t("report", counts);
  return r.placesCleaned > 0 ? `${sentence} ${t("report.places", { count: r.placesCleaned })}` : sentence;
}
