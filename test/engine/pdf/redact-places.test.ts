import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { loadPdf } from "../../../worker/engine/pdf/document";
import { findMatches } from "../../../worker/engine/pdf/redact";
import { previewRedactions, redactPdf } from "../../../worker/engine/pdf/redact-document";
import { runOn } from "../support/oracles";
import { everyPlace, everythingIn, occurrences, WORD } from "./redact-places-support";
import { pdftotext, qpdfCheck } from "./redact-support";

const search = { search: WORD, matchCase: false, wholeWord: false, patterns: [] };

describe("a search finds every place the file keeps the words", () => {
  it("lists the page's text (hyphenated and as ActualText), fields, annotations, bookmarks, scripts, metadata, attachments", async () => {
    const pdf = await everyPlace();
    // The fixture holds the word where the reader and the file's own objects keep it.
    expect(occurrences(await everythingIn(pdf), WORD).length).toBeGreaterThan(10);
    const { matches } = await previewRedactions(pdf, search, {});
    const kinds = matches.map((m) => `${m.kind}${m.label ? `:${m.label}` : ""}`);
    expect(matches.filter((m) => m.kind === "text").map((m) => m.text)).toEqual([
      WORD,
      `${WORD.slice(0, 4)}-${WORD.slice(4)}`,
      WORD,
    ]);
    for (const k of [
      "field:applicant",
      "annotation",
      "link",
      `bookmark:About ${WORD}`,
      "javascript",
      "metadata:Title",
      "metadata:Author",
      "metadata:XMP",
      `attachment:${WORD.toLowerCase()}-notes.txt`,
      "structure",
      "other",
    ]) {
      expect(
        kinds.some((x) => x === k || x.startsWith(`${k}:`)),
        `${k} in ${kinds.join(", ")}`,
      ).toBe(true);
    }
    // The FreeText's words and the sticky note's, each one place.
    expect(matches.filter((m) => m.kind === "annotation").map((m) => m.context)).toEqual([
      `${WORD} quay`,
      `Call ${WORD} back`,
    ]);
    // On a page: boxes where the page shows them; elsewhere: none.
    for (const m of matches) expect(m.rects.length > 0).toBe(m.page > 0);
    expect(matches.every((m) => m.context.toLowerCase().includes(WORD.toLowerCase().slice(0, 4)))).toBe(true);
    // The same file searched the same way names its places the same way.
    const again = await previewRedactions(pdf, search, {});
    expect(again.matches.map((m) => m.id)).toEqual(matches.map((m) => m.id));
  });

  it("redacting leaves no copy of the word anywhere in the file", async () => {
    const pdf = await everyPlace();
    for (const clearMetadata of [true, false]) {
      const { bytes, report } = await redactPdf(
        pdf,
        { ...search, areas: [], clearMetadata, color: "black" },
        { name: "places.pdf" },
      );
      await qpdfCheck(bytes);
      expect(occurrences(await everythingIn(bytes), WORD), `clearMetadata=${clearMetadata}`).toEqual([]);
      // The word, its two hyphenated halves (the hyphen too), and the two glyphs under its ActualText.
      expect(report.glyphsRemoved).toBe(WORD.length + WORD.length + 1 + 2);
      expect(report.annotationsRemoved).toBeGreaterThanOrEqual(4);
      expect(report.placesCleaned).toBeGreaterThanOrEqual(clearMetadata ? 5 : 7);
      // What is not the word stays.
      const text = await pdftotext(bytes);
      expect(text).toContain("Nothing secret on this line.");
      expect(text).toContain("Meeting with");
      const doc = await loadPdf(bytes);
      expect(doc.getPageCount()).toBe(1);
    }
  });

  it("leaves the places the person chose to leave", async () => {
    const pdf = await everyPlace();
    const { matches } = await previewRedactions(pdf, search, {});
    const bookmark = matches.find((m) => m.kind === "bookmark")!;
    const first = matches.find((m) => m.kind === "text")!;
    const { bytes } = await redactPdf(
      pdf,
      { ...search, skip: [bookmark.id, first.id], areas: [], clearMetadata: true, color: "black" },
      {},
    );
    const left = occurrences(await everythingIn(bytes), WORD).join("\n");
    expect(left).toContain(`About ${WORD}`);
    expect(left).toContain(`Meeting with ${WORD}`);
    expect(left).not.toContain("Trading");
  });

  it("finds words broken across lines with a hyphen, as poppler reads them", async () => {
    const doc = await loadPdf(await everyPlace("Confidential"));
    const found = await findMatches(doc, { text: "confidential", wholeWord: true }, {});
    expect(found.filter((m) => m.kind === "text")).toHaveLength(3);
    const split = found.find((m) => m.text.includes("-"))!;
    expect(split.rects).toHaveLength(2);
  });
});

describe("a real pdfTeX paper (Type 1 fonts, ligatures, words hyphenated at line ends)", () => {
  const paper = () =>
    readFile(new URL("../../fixtures/redact/pdftex-hyphenated.pdf", import.meta.url)).then((b) => new Uint8Array(b));
  /** pdftotext's words in the order drawn (-raw), a word hyphenated at a line's end read whole. */
  const joined = async (pdf: Uint8Array) => {
    const r = await runOn("pdftotext", ["-raw", "{in}", "-"], pdf);
    return r.stdout.replace(/-\n/g, "");
  };
  const count = (text: string, word: string) => text.toLowerCase().split(word).length - 1;

  it("finds every occurrence poppler reads, hyphenated or not, and redacting leaves none", async () => {
    const pdf = await paper();
    const word = "confidentiality";
    const expected = count(await joined(pdf), word);
    // 176 as poppler reads them in drawing order, 52 broken across two lines at one of four hyphens
    // (its layout mode reads 175: it puts the two halves of one, across columns, apart).
    expect(expected).toBe(176);
    const { matches } = await previewRedactions(pdf, { ...search, search: word }, {});
    const onPages = matches.filter((m) => m.kind === "text");
    expect(onPages).toHaveLength(expected);
    expect(onPages.filter((m) => m.rects.length === 2)).toHaveLength(52);
    const { bytes, report } = await redactPdf(
      pdf,
      { ...search, search: word, areas: [], clearMetadata: true, color: "black" },
      {},
    );
    expect(report.matches).toBe(matches.length);
    await qpdfCheck(bytes);
    expect(count(await joined(bytes), word)).toBe(0);
    expect(occurrences(await everythingIn(bytes), word)).toEqual([]);
    // The rest of the text is all there.
    expect(count(await joined(bytes), "records")).toBe(count(await joined(pdf), "records"));
  });

  it("finds the grouped e-mail address and the phone number as written", async () => {
    const doc = await loadPdf(await paper());
    const found = await findMatches(doc, { patterns: ["email", "phone"] }, {});
    expect(found.map((m) => m.text)).toEqual(["{ada,charles}@engine.example.org", "+44 20 7946 0958"]);
  });
});
