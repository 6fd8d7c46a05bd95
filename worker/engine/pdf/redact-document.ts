import { type PDFDocument, PDFName } from "@cantoo/pdf-lib";
import type { PageArea, RedactPattern, RedactSearchItem, TextMatchAnswer } from "../../../schema/form-options";
import type { Budget } from "../core/budget";
import { EngineError } from "../core/errors";
import { checkPageContents } from "./content-check";
import { guardPdf, loadPdf, savePdf } from "./document";
import { pageView, placeInView, placeOnPage } from "./page-places";
import {
  applyRedactions,
  findMatches,
  fixPlaces,
  type RedactArea,
  type RedactReport,
  type RedactSearch,
  type TextMatch,
} from "./redact";
import { dropUnreachable } from "./unreachable";

/**
 * Redact PDF, as the tool and its preview call it: places as the person sees them (fractions of
 * the page shown) in and out, the page's own space inside. A search finds its words wherever the
 * file keeps them; the preview lists each place, and redacting covers what is on the pages and
 * rewrites or removes the rest. The redacted pages' thumbnails, which would still show what was
 * there, go too (with the metadata, by default), before every object nothing refers to any more
 * is dropped.
 */

export interface SearchChoice {
  search?: string;
  matchCase: boolean;
  wholeWord: boolean;
  patterns: RedactPattern[];
  /** More searches (the page sends each the person made). */
  searches?: readonly RedactSearchItem[];
}

export interface RedactDocumentOptions {
  name?: string;
  password?: string;
  budget?: Budget;
}

const COLOURS = { black: [0, 0, 0], white: [1, 1, 1], red: [0.85, 0.1, 0.1] } as const;

const isSearch = (s: RedactSearchItem) => (s.search?.trim() ?? "") !== "" || (s.patterns?.length ?? 0) > 0;

/** Every search asked for, the single fields' first. */
function searchesOf(s: SearchChoice): RedactSearch[] {
  const all: RedactSearchItem[] = [
    { search: s.search, matchCase: s.matchCase, wholeWord: s.wholeWord, patterns: s.patterns },
    ...(s.searches ?? []),
  ];
  return all.filter(isSearch).map((x) => ({
    text: x.search?.trim() ? x.search : undefined,
    matchCase: x.matchCase ?? false,
    wholeWord: x.wholeWord ?? false,
    patterns: x.patterns ?? [],
  }));
}

async function matchesOf(doc: PDFDocument, searches: RedactSearch[], opts: RedactDocumentOptions) {
  if (searches.length === 0) return [];
  return findMatches(doc, searches, { budget: opts.budget, name: opts.name });
}

/** The matches of a search, placed as the page shows them; the places elsewhere in the file after them. */
export async function previewRedactions(bytes: Uint8Array, s: SearchChoice, opts: RedactDocumentOptions) {
  const searches = searchesOf(s);
  if (searches.length === 0)
    throw new EngineError("validation_failed", "Enter text to search for, or choose a pattern.");
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
  await checkPageContents(doc, { name: opts.name, budget: opts.budget });
  const matches = await guardPdf(opts.name, () => matchesOf(doc, searches, opts));
  const pages = doc.getPages();
  const answer: TextMatchAnswer[] = matches.map((m) => {
    const view = m.page > 0 ? pageView(pages[m.page - 1]) : undefined;
    return {
      id: m.id,
      page: m.page,
      text: m.text,
      context: m.context,
      kind: m.kind,
      ...(m.label ? { label: m.label } : {}),
      rects: view ? m.rects.map((r) => placeInView(view, r)) : [],
    };
  });
  return { pageCount: pages.length, matches: answer };
}

export interface RedactChoice extends SearchChoice {
  areas: readonly PageArea[];
  /** Ids of matches to leave as they are. */
  skip?: readonly string[];
  clearMetadata: boolean;
  color: keyof typeof COLOURS;
}

export async function redactPdf(
  bytes: Uint8Array,
  choice: RedactChoice,
  opts: RedactDocumentOptions,
): Promise<{ bytes: Uint8Array; report: RedactReport }> {
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
  await checkPageContents(doc, { name: opts.name, budget: opts.budget });
  const pages = doc.getPages();
  const label = opts.name ?? "This PDF";
  const report = await guardPdf(opts.name, async () => {
    const areas: RedactArea[] = [];
    for (const a of choice.areas) {
      if (a.page > pages.length) {
        throw new EngineError(
          "validation_failed",
          `Page ${a.page} does not exist: ${label} has ${pages.length} page${pages.length === 1 ? "" : "s"}.`,
        );
      }
      areas.push({ page: a.page, ...placeOnPage(pageView(pages[a.page - 1]), a) });
    }
    const searches = searchesOf(choice);
    const skip = new Set(choice.skip ?? []);
    const kept: TextMatch[] = (await matchesOf(doc, searches, opts)).filter((m) => !skip.has(m.id));
    for (const m of kept) for (const r of m.rects) areas.push({ page: m.page, ...r });
    const elsewhere = kept.filter((m) => m.fixes.length > 0);
    if (areas.length === 0 && elsewhere.length === 0) {
      throw new EngineError(
        searches.length ? "nothing_found" : "validation_failed",
        searches.length
          ? `Nothing to redact: the search found no matches in ${label}, and no areas were marked.`
          : `Nothing to redact in ${label}: no areas were marked.`,
      );
    }
    // Before the redaction, which drops every object nothing refers to any more: these go too.
    for (const page of new Set(areas.map((a) => a.page))) pages[page - 1].node.delete(PDFName.of("Thumb"));
    if (choice.clearMetadata) {
      doc.catalog.delete(PDFName.of("Metadata"));
      delete (doc.context.trailerInfo as { Info?: unknown }).Info;
    }
    // Places elsewhere first: they name objects as the file had them, which covering pages changes.
    fixPlaces(doc, elsewhere, searches);
    // Annotations and fields on a page are counted as annotations removed; these are the others.
    const placesCleaned = elsewhere.filter((m) => m.page === 0).length;
    const matches = kept.length;
    if (areas.length === 0) {
      dropUnreachable(doc.context, () => opts.budget?.check());
      return { boxes: 0, pages: 0, matches, glyphsRemoved: 0, imagesPainted: 0, annotationsRemoved: 0, placesCleaned };
    }
    const r = await applyRedactions(doc, areas, {
      budget: opts.budget,
      name: opts.name,
      color: [...COLOURS[choice.color]] as [number, number, number],
      matches,
    });
    return { ...r, placesCleaned };
  });
  opts.budget?.check();
  return { bytes: await savePdf(doc, { budget: opts.budget, keepInfo: choice.clearMetadata }), report };
}
