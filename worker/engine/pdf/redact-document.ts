import { type PDFDocument, PDFName } from "@cantoo/pdf-lib";
import type { PageArea, RedactPattern, TextMatchAnswer } from "../../../schema/form-options";
import type { Budget } from "../core/budget";
import { EngineError } from "../core/errors";
import { checkPageContents } from "./content-check";
import { guardPdf, loadPdf, savePdf } from "./document";
import { pageView, placeInView, placeOnPage } from "./page-places";
import { applyRedactions, findMatches, type RedactArea, type RedactReport, type TextMatch } from "./redact";

/**
 * Redact PDF, as the tool and its preview call it: places as the person sees them (fractions of
 * the page shown) in and out, the page's own space inside. The redacted pages' thumbnails, which
 * would still show what was there, go too (with the metadata, when asked), before the redaction
 * drops every object nothing refers to any more.
 */

export interface SearchChoice {
  search?: string;
  matchCase: boolean;
  wholeWord: boolean;
  patterns: RedactPattern[];
}

export interface RedactDocumentOptions {
  name?: string;
  password?: string;
  budget?: Budget;
}

const COLOURS = { black: [0, 0, 0], white: [1, 1, 1], red: [0.85, 0.1, 0.1] } as const;

const hasSearch = (s: SearchChoice) => (s.search?.trim() ?? "") !== "" || s.patterns.length > 0;

async function matchesOf(doc: PDFDocument, s: SearchChoice, opts: RedactDocumentOptions): Promise<TextMatch[]> {
  if (!hasSearch(s)) return [];
  const text = s.search?.trim() ? s.search : undefined;
  return findMatches(
    doc,
    { text, matchCase: s.matchCase, wholeWord: s.wholeWord, patterns: s.patterns },
    { budget: opts.budget, name: opts.name },
  );
}

/** The matches of a search, placed as the page shows them. */
export async function previewRedactions(bytes: Uint8Array, s: SearchChoice, opts: RedactDocumentOptions) {
  if (!hasSearch(s)) throw new EngineError("validation_failed", "Enter text to search for, or choose a pattern.");
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
  await checkPageContents(doc, { name: opts.name, budget: opts.budget });
  const matches = await guardPdf(opts.name, () => matchesOf(doc, s, opts));
  const pages = doc.getPages();
  const answer: TextMatchAnswer[] = matches.map((m) => {
    const view = pageView(pages[m.page - 1]);
    return { page: m.page, text: m.text, rects: m.rects.map((r) => placeInView(view, r)) };
  });
  return { pageCount: pages.length, matches: answer };
}

export async function redactPdf(
  bytes: Uint8Array,
  choice: SearchChoice & { areas: readonly PageArea[]; clearMetadata: boolean; color: keyof typeof COLOURS },
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
    const matches = await matchesOf(doc, choice, opts);
    for (const m of matches) for (const r of m.rects) areas.push({ page: m.page, ...r });
    if (areas.length === 0) {
      throw new EngineError(
        "validation_failed",
        `Nothing to redact: the search found no matches in ${label}, and no areas were marked.`,
      );
    }
    // Before the redaction, which drops every object nothing refers to any more: these go too.
    for (const page of new Set(areas.map((a) => a.page))) pages[page - 1].node.delete(PDFName.of("Thumb"));
    if (choice.clearMetadata) {
      doc.catalog.delete(PDFName.of("Metadata"));
      delete (doc.context.trailerInfo as { Info?: unknown }).Info;
    }
    const r = await applyRedactions(doc, areas, {
      budget: opts.budget,
      name: opts.name,
      color: [...COLOURS[choice.color]] as [number, number, number],
      matches: matches.length,
    });
    return r;
  });
  opts.budget?.check();
  return { bytes: await savePdf(doc, { budget: opts.budget, keepInfo: choice.clearMetadata }), report };
}
