import { describe, expect, it } from "vitest";
import { loadPdf, savePdf } from "../../../worker/engine/pdf/document";
import { applyRedactions, findMatches, type RedactArea } from "../../../worker/engine/pdf/redact";
import { runOn } from "../support/oracles";
import {
  helveticaLine,
  pdftotext,
  popplerWords,
  qpdfCheck,
  rawContentPage,
  sharedForm,
  trueTypeLines,
  type Word,
  withLinks,
} from "./redact-support";

async function uncompressedOf(pdf: Uint8Array): Promise<Uint8Array> {
  const r = await runOn("qpdf", ["--qdf", "--object-streams=disable", "{in}", "{out}"], pdf);
  expect(r.code, r.stderr).toBeLessThan(3);
  return r.out!;
}

async function redactWord(pdf: Uint8Array, word: string) {
  const doc = await loadPdf(pdf);
  const matches = await findMatches(doc, { text: word, matchCase: true }, {});
  expect(matches.length).toBeGreaterThan(0);
  const areas: RedactArea[] = matches.flatMap((m) => m.rects.map((r) => ({ ...r, page: m.page })));
  const report = await applyRedactions(doc, areas, { matches: matches.length });
  const out = await savePdf(doc);
  await qpdfCheck(out);
  return { out, report, matches };
}

const SEARCH_LINES = [
  "Contact: john.doe@example.com or Jane.Roe@Mail.org today.",
  "Phone +44 20 7946 0958, office (555) 123-4567, Berlin 030 1234567.",
  "IBAN DE89 3704 0044 0532 0130 00 and GB82WEST12345698765432 end.",
  "Invoice 2024-01-15 number 12345678 secret SECRET Secret secrets",
  "Wrong IBAN DE89 3704 0044 0532 0130 01 stays.",
];

async function searchPdf() {
  return trueTypeLines(SEARCH_LINES, 11);
}

describe("search", () => {
  it("finds exact, case-insensitive and whole words", async () => {
    const doc = await loadPdf(await searchPdf());
    const exact = await findMatches(doc, { text: "Secret", matchCase: true }, {});
    expect(exact.map((m) => m.text)).toEqual(["Secret"]);
    const any = await findMatches(doc, { text: "secret" }, {});
    expect(any.map((m) => m.text)).toEqual(["secret", "SECRET", "Secret", "secret"]);
    const words = await findMatches(doc, { text: "secret", wholeWord: true }, {});
    expect(words.map((m) => m.text)).toEqual(["secret", "SECRET", "Secret"]);
    const phrase = await findMatches(doc, { text: "number  12345678" }, {});
    expect(phrase.map((m) => m.text)).toEqual(["number 12345678"]);
  });

  it("finds e-mail addresses, phone numbers and IBANs where poppler sees them", async () => {
    const pdf = await searchPdf();
    const doc = await loadPdf(pdf);
    const found = await findMatches(doc, { patterns: ["email", "phone", "iban"] }, {});
    expect(found.map((m) => m.text)).toEqual([
      "john.doe@example.com",
      "Jane.Roe@Mail.org",
      "+44 20 7946 0958",
      "(555) 123-4567",
      "030 1234567",
      "DE89 3704 0044 0532 0130 00",
      "GB82WEST12345698765432",
    ]);
    const words = await popplerWords(pdf);
    for (const m of found) {
      // The first and last word poppler sees in the match: our one rectangle spans them.
      const parts = m.text.split(" ");
      const at = words.findIndex((_, i) => parts.every((p, k) => words[i + k]?.text.startsWith(p)));
      expect(at).toBeGreaterThanOrEqual(0);
      const first = words[at];
      const last = words[at + parts.length - 1];
      expect(m.rects).toHaveLength(1);
      const r = m.rects[0];
      expect(Math.abs(r.x - first.x0)).toBeLessThan(1);
      expect(r.x + r.width).toBeGreaterThan(last.x0);
      expect(r.x + r.width).toBeLessThanOrEqual(last.x1 + 1);
      const mid = (first.y0 + first.y1) / 2;
      expect(r.y).toBeLessThan(mid);
      expect(r.y + r.height).toBeGreaterThan(mid);
    }
    const report = await applyRedactions(
      doc,
      found.flatMap((m) => m.rects.map((r) => ({ ...r, page: m.page }))),
      { matches: found.length },
    );
    expect(report).toMatchObject({ boxes: 7, pages: 1, matches: 7 });
    const out = await savePdf(doc);
    await qpdfCheck(out);
    const text = await pdftotext(out);
    for (const gone of [
      "john.doe",
      "example.com",
      "Mail.org",
      "7946",
      "0958",
      "(555)",
      "123-4567",
      "030",
      "0532 0130 00",
      "GB82",
    ]) {
      expect(text).not.toContain(gone);
    }
    expect(text).toContain("Contact:");
    expect(text).toContain("Invoice 2024-01-15 number 12345678");
    expect(text).toContain("DE89 3704 0044 0532 0130 01 stays");
  });
});

describe("redact text", () => {
  it("removes one Helvetica word and keeps the words after it in place", async () => {
    const pdf = await helveticaLine("Alpha Bravo Charlie Delta");
    const before = await popplerWords(pdf);
    const { out, report, matches } = await redactWord(pdf, "Bravo");
    const bravo = before.find((w) => w.text === "Bravo")!;
    const rect = matches[0].rects[0];
    expect(rect.x).toBeCloseTo(bravo.x0, 0);
    expect(rect.x + rect.width).toBeCloseTo(bravo.x1, 0);
    const text = await pdftotext(out);
    expect(text).not.toContain("Bravo");
    expect(text).toContain("Alpha");
    expect(text).toContain("Charlie");
    const after = await popplerWords(out);
    for (const w of ["Alpha", "Charlie", "Delta"]) {
      const a = before.find((x) => x.text === w)!;
      const b = after.find((x) => x.text === w)!;
      expect(Math.abs(a.x0 - b.x0)).toBeLessThan(0.5);
      expect(Math.abs(a.x1 - b.x1)).toBeLessThan(0.5);
    }
    expect(report).toMatchObject({ boxes: 1, pages: 1, matches: 1, glyphsRemoved: 5 });
  });

  it("removes a word in an embedded TrueType font (Identity-H)", async () => {
    const pdf = await trueTypeLines(["Großes Geheimnis hier: Zürich Konto", "second line"]);
    const before = await popplerWords(pdf);
    const { out } = await redactWord(pdf, "Zürich");
    const text = await pdftotext(out);
    expect(text).not.toContain("Zürich");
    expect(text).toContain("Geheimnis");
    expect(text).toContain("second line");
    const after = await popplerWords(out);
    const a = before.find((x) => x.text === "Konto")!;
    const b = after.find((x) => x.text === "Konto")!;
    expect(Math.abs(a.x0 - b.x0)).toBeLessThan(0.5);
  });

  it("redacts text in a form on page 1 only", async () => {
    const pdf = await sharedForm();
    const doc = await loadPdf(pdf);
    const matches = await findMatches(doc, { text: "Agenda" }, {});
    expect(matches.map((m) => m.page)).toEqual([1, 2]);
    const first = matches.filter((m) => m.page === 1);
    await applyRedactions(
      doc,
      first.flatMap((m) => m.rects.map((r) => ({ ...r, page: 1 }))),
      {},
    );
    const out = await savePdf(doc);
    await qpdfCheck(out);
    expect(await pdftotext(out, 1)).not.toContain("Agenda");
    expect(await pdftotext(out, 1)).toContain("Secret");
    expect(await pdftotext(out, 2)).toContain("Secret Agenda Item");
  });

  it("keeps text after ' and \" in place, and drops ActualText over removed glyphs", async () => {
    const pdf = await rawContentPage(
      [
        "BT /F1 12 Tf 16 TL 40 200 Td (first line) Tj",
        "(second Hidden line) '",
        '2 0.5 (third Hidden line) "',
        "(fourth line) '",
        "ET",
        "/Span <</ActualText (Hidden words)>> BDC BT /F1 12 Tf 40 100 Td (Hidden) Tj ET EMC",
        "/Span <</ActualText (Kept words)>> BDC BT /F1 12 Tf 200 100 Td (Kept) Tj ET EMC",
      ].join("\n"),
    );
    const before = await popplerWords(pdf);
    const { out, report } = await redactWord(pdf, "Hidden");
    expect(report.glyphsRemoved).toBe(18);
    const text = await pdftotext(out);
    expect(text).not.toContain("Hidden");
    expect(text).toContain("Kept");
    const after = await popplerWords(out);
    for (const w of ["second", "third", "fourth", "line"]) {
      // Poppler may read the lines in another order once words are gone: compare by place.
      const order = (x: Word, y: Word) => y.y0 - x.y0 || x.x0 - y.x0;
      const a = before.filter((x) => x.text === w).sort(order);
      const b = after.filter((x) => x.text === w).sort(order);
      expect(b.length).toBe(a.length);
      a.forEach((x, i) => {
        expect(Math.abs(x.x0 - b[i].x0)).toBeLessThan(0.5);
        expect(Math.abs(x.y0 - b[i].y0)).toBeLessThan(0.5);
      });
    }
    const raw = new TextDecoder("latin1").decode(await uncompressedOf(out));
    expect(raw).not.toContain("Hidden");
    expect(raw).toContain("Kept words");
  });

  it("leaves one displacement per removed run, so the hidden letters' widths cannot be read back", async () => {
    // Letter by letter (as some producers write), and a TJ with kerning inside the word.
    const pdf = await rawContentPage(
      [
        "BT /F1 12 Tf 40 200 Td (J) Tj (o) Tj 0 0 1 rg (h) Tj (n) Tj ( ) Tj (S) Tj (m) Tj (i) Tj (t) Tj (h) Tj ( was here) Tj ET",
        "BT /F1 12 Tf 40 150 Td [(Jo) -20 (hn) 10 ( Smith was) -250 (there)] TJ ET",
        "BT /F1 12 Tf 40 100 Td (J) Tj (o) Tj (h) Tj (n) Tj 0 -20 Td (Smith stays) Tj ET",
      ].join("\n"),
    );
    const before = await popplerWords(pdf);
    const { out, report } = await redactWord(pdf, "John");
    const raw = new TextDecoder("latin1").decode(await uncompressedOf(out));
    // Three times "John", and on line 2 the space its kerning (+10) pulls under the n's box.
    expect(report.glyphsRemoved).toBe(13);
    const numbers = [...raw.matchAll(/\[([^\]]*)\]\s*TJ/g)].map(
      (m) => [...m[1].matchAll(/-?\d+(\.\d+)?(?![^(]*\))/g)].length,
    );
    // Line 1: one number for "John" carried to the next glyph kept; line 2: one for "John", the
    // file's own -250 after it; line 3: nothing (the next line starts afresh).
    expect(numbers.filter((n) => n > 0)).toEqual([1, 2]);
    const after = await popplerWords(out);
    for (const w of ["Smith", "was", "here", "there", "stays"]) {
      const a = before.filter((x) => x.text === w);
      const b = after.filter((x) => x.text === w);
      expect(b.length, w).toBe(a.length);
      a.forEach((x, i) => {
        expect(Math.abs(x.x0 - b[i].x0), w).toBeLessThan(0.5);
      });
    }
    expect(await pdftotext(out)).not.toContain("John");
  });

  it("removes a link under a box and keeps the other", async () => {
    const pdf = await withLinks();
    const doc = await loadPdf(pdf);
    const report = await applyRedactions(doc, [{ page: 1, x: 35, y: 190, width: 70, height: 30 }], {});
    expect(report.annotationsRemoved).toBe(1);
    const out = await savePdf(doc);
    await qpdfCheck(out);
    const back = await loadPdf(out);
    const annots = back.getPage(0).node.Annots();
    expect(annots?.size()).toBe(1);
    const text = new TextDecoder("latin1").decode(out);
    expect(text).not.toContain("left.example");
  });
});
