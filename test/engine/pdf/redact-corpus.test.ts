import { describe, expect, it } from "vitest";
import { loadPdf, savePdf } from "../../../worker/engine/pdf/document";
import { applyRedactions, findMatches } from "../../../worker/engine/pdf/redact";
import { corpus } from "../support/oracles";
import { pdftotext, qpdfCheck } from "./redact-support";

/**
 * Real files, their fonts noted: a word poppler reads on page 1 is found by our search as
 * often as poppler has it, and after redaction poppler no longer reads it there.
 */
const FILES = [
  "pdfjs__160F-2019.pdf", // TrueType, WinAnsi
  "pdfjs__TAMReview.pdf", // Type 1, custom encodings
  "pdfjs__issue12963.pdf", // CID TrueType and CID CFF, Identity-H
  "pdfjs__issue5747.pdf", // CID TrueType, Identity-H
  "pysample__google-doc-document.pdf", // Type 3 and CID TrueType
  "pysample__pdflatex-4-pages.pdf", // Type 1, built-in encoding
  "pysample__multicolumn.pdf",
  "pysample__crazyones-pdfa.pdf",
  "pysample__002-trivial-libre-office-writer.pdf",
  "pdflib__with_update_sections.pdf",
  "pdflib__with_combed_fields.pdf",
];

/** A long word from the middle of poppler's page text. */
function pickWord(text: string): string {
  const words = (text.match(/\p{L}{5,}/gu) ?? []).sort((a, b) => b.length - a.length);
  return words[Math.floor(words.length / 3)];
}

const count = (hay: string, word: string) => hay.split(word).length - 1;

describe("redact real files", () => {
  for (const file of FILES) {
    it(file, async () => {
      const bytes = await corpus(`pdf/valid/${file}`);
      const before = await pdftotext(bytes, 1);
      const word = pickWord(before);
      const doc = await loadPdf(bytes);
      const matches = await findMatches(doc, { text: word, matchCase: true }, { pages: [0] });
      expect(matches.length).toBe(count(before, word));
      const report = await applyRedactions(
        doc,
        matches.flatMap((m) => m.rects.map((r) => ({ ...r, page: m.page }))),
        { matches: matches.length },
      );
      expect(report.glyphsRemoved).toBeGreaterThanOrEqual(word.length * matches.length);
      const out = await savePdf(doc);
      await qpdfCheck(out);
      const after = await pdftotext(out, 1);
      expect(count(after, word)).toBe(0);
      // Only the word's own text went: the page keeps nearly everything else.
      expect(after.replace(/\s/g, "").length).toBeGreaterThan(before.replace(/\s/g, "").length * 0.7);
    });
  }
});
