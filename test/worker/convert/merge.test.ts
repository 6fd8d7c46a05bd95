import { describe, expect, it } from "vitest";
import { corpusFile, oracle } from "../helpers";
import { buildPdf, linkTargets } from "./build-pdf";
import {
  convertFails,
  convertOk,
  download,
  expectValidPdf,
  form,
  type Outline,
  outlines,
  pageCount,
  pdfInfo,
  pdfText,
} from "./support";

const MERGE = "/api/convert/merge-pdf";

function shift(list: Outline[], by: number): Outline[] {
  return list.map((o) => ({ ...o, page: o.page === null ? null : o.page + by, kids: shift(o.kids, by) }));
}

async function fontRows(bytes: Uint8Array): Promise<number> {
  const r = await oracle("pdffonts", ["{in}"], bytes);
  expect(r.code).toBe(0);
  return r.stdout.trim().split("\n").length - 2;
}

describe("POST /api/convert/merge-pdf", () => {
  it("merges in the order sent, keeping every source's bookmarks and the first one's metadata", async () => {
    const a = await corpusFile("pdf/valid/qpdf__hybrid-xref.pdf");
    const b = await corpusFile("pdf/valid/pdfjs__TAMReview.pdf");
    const body = await convertOk(
      MERGE,
      form([
        { name: "report.pdf", bytes: b },
        { name: "appendix.pdf", bytes: a },
      ]),
    );
    expect(body.message).toBe("Files processed successfully");
    expect(body.file).toMatchObject({
      originalName: "report.pdf",
      convertedName: "report-merged.pdf",
      status: "completed",
      pageCount: 53,
    });
    const out = await download(body.file);
    await expectValidPdf(out);
    expect(await pageCount(out)).toBe(53);
    // Pages in order: page 24 of the result is page 1 of the second file.
    expect(await pdfText(out, ["-f", "24", "-l", "24"])).toBe(await pdfText(a, ["-f", "1", "-l", "1"]));
    expect(await pdfText(out, ["-f", "1", "-l", "1"])).toBe(await pdfText(b, ["-f", "1", "-l", "1"]));
    // Bookmarks: the first file's, then the second's pointing 23 pages further on.
    expect(await outlines(out)).toEqual([...(await outlines(b)), ...shift(await outlines(a), 23)]);
    const info = await pdfInfo(out);
    expect(info.Producer).toBe("PDFTools");
    expect(info.Title).toBe((await pdfInfo(b)).Title);
    expect(info.Title).toContain("Technology Acceptance Model");
  });

  it("copies each document's fonts once, not once per page", async () => {
    const a = await corpusFile("pdf/valid/pdflib__us_constitution.pdf");
    const b = await corpusFile("pdf/valid/pysample__002-trivial-libre-office-writer.pdf");
    const body = await convertOk(
      MERGE,
      form([
        { name: "a.pdf", bytes: a },
        { name: "b.pdf", bytes: b },
      ]),
    );
    const out = await download(body.file);
    expect(await fontRows(out)).toBe((await fontRows(a)) + (await fontRows(b)));
    expect(out.byteLength).toBeLessThan(a.byteLength + b.byteLength);
  });

  it("keeps internal links and named destinations pointing at the right pages", async () => {
    const linked = await buildPdf([{ text: "one" }, { text: "two" }, { text: "three" }], {
      links: [
        [1, 3],
        [3, 2],
      ],
      bookmarks: [
        ["Third", 3],
        ["First", 1],
      ],
      namedDests: true,
    });
    const plain = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    const body = await convertOk(
      MERGE,
      form([
        { name: "plain.pdf", bytes: plain },
        { name: "linked.pdf", bytes: linked },
      ]),
    );
    const out = await download(body.file);
    await expectValidPdf(out);
    expect(await linkTargets(out)).toEqual([[], [4], [], [3]]);
    expect(await outlines(out)).toEqual([
      { title: "Third", page: 4, kids: [] },
      { title: "First", page: 2, kids: [] },
    ]);
    // No orphan copies of linked pages: only the four real pages are in the file.
    const objects = await oracle("qpdf", ["--json=2", "--json-key=qpdf", "{in}"], out);
    expect(objects.stdout.match(/"\/Type": "\/Page"/g)).toHaveLength(4);
  });

  it("merges a file whose bookmarks loop back on themselves", async () => {
    const looped = await corpusFile("pdf/malformed/qpdf__outlines-with-loop.pdf");
    const plain = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    const body = await convertOk(
      MERGE,
      form([
        { name: "looped.pdf", bytes: looped },
        { name: "plain.pdf", bytes: plain },
      ]),
    );
    const out = await download(body.file);
    await expectValidPdf(out);
    expect(await pageCount(out)).toBe(31);
    const flat = (l: Outline[]): Outline[] => l.flatMap((o) => [o, ...flat(o.kids)]);
    const items = flat(await outlines(out));
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((o) => o.title)).size).toBe(items.length);
  });

  it("takes as many files as the request can carry (the page promises unlimited files)", {
    timeout: 60_000,
  }, async () => {
    const files = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => ({
        name: `part-${i + 1}.pdf`,
        bytes: await buildPdf([{ text: `Part ${i + 1}` }]),
      })),
    );
    const body = await convertOk(MERGE, form(files));
    const merged = await download(body.file);
    await expectValidPdf(merged);
    expect(await pageCount(merged)).toBe(60);
    const text = await pdfText(merged);
    expect(text.indexOf("Part 1\n")).toBeLessThan(text.indexOf("Part 60"));
  });

  it("refuses what it cannot merge, naming the file", async () => {
    const pdf = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    const png = await corpusFile("img/png/pdflib__basn2c08.png");
    const enc = await corpusFile("pdf/encrypted/qpdf__c-r4.pdf");
    const bad = await corpusFile("pdf/malformed/qpdf__bad7.pdf");
    const one = { name: "a.pdf", bytes: pdf };
    expect((await convertFails(MERGE, new FormData(), 400)).error).toBe("No files selected");
    expect((await convertFails(MERGE, form([one]), 400)).error).toBe("At least 2 files required for merging");
    const txt = await convertFails(MERGE, form([one, { name: "notes.txt", bytes: pdf }]), 400);
    expect(txt.error).toBe("File type .txt is not supported. Accepted types: .pdf");
    // What the site needs to say it in another language (web/i18n/errors.ts).
    expect((txt as { params?: unknown }).params).toEqual({ ext: ".txt", accepted: ".pdf" });
    expect((await convertFails(MERGE, form([one, { name: "fake.pdf", bytes: png }]), 400)).error).toBe(
      "fake.pdf is not a valid PDF file.",
    );
    const big = { name: "big.pdf", bytes: new Uint8Array(25 * 1024 * 1024 + 1) };
    const tooBig = await convertFails(MERGE, form([one, big]), 413);
    expect(tooBig.error).toBe("File size exceeds 25MB limit");
    expect((tooBig as { params?: unknown }).params).toEqual({ limitMB: 25 });
    const locked = await convertFails(MERGE, form([one, { name: "secret.pdf", bytes: enc }]), 422);
    expect(locked).toEqual({
      code: "password_required",
      error: "secret.pdf is password-protected. Enter its password to open it.",
    });
    const damaged = await convertFails(MERGE, form([{ name: "broken.pdf", bytes: bad }, one]), 422);
    expect(damaged.code).toBe("pdf_damaged");
    expect(damaged.error).toContain("broken.pdf");
  });
});
