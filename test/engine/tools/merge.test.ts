import { describe, expect, it } from "vitest";
import { buildPdf } from "./inputs";
import {
  corpusFile,
  expectValidPdf,
  linkTargets,
  type Outline,
  oracle,
  outlines,
  pageCount,
  pdfInfo,
  pdfText,
} from "./readers";
import { convert, convertOne, made, pdf } from "./run";

/** Merge PDF's output, judged by qpdf and poppler (the endpoint's contract: test/worker/convert/merge.test.ts). */

function shift(list: Outline[], by: number): Outline[] {
  return list.map((o) => ({ ...o, page: o.page === null ? null : o.page + by, kids: shift(o.kids, by) }));
}

async function fontRows(bytes: Uint8Array): Promise<number> {
  const r = await oracle("pdffonts", ["{in}"], bytes);
  expect(r.code).toBe(0);
  return r.stdout.trim().split("\n").length - 2;
}

describe("merge-pdf", () => {
  it("merges in the order sent, keeping every source's bookmarks and the first one's metadata", async () => {
    const a = await corpusFile("pdf/valid/qpdf__hybrid-xref.pdf");
    const b = await corpusFile("pdf/valid/pdfjs__TAMReview.pdf");
    const result = await convert("merge-pdf", [pdf("report.pdf", b), pdf("appendix.pdf", a)]);
    expect(result.message).toBe("Files processed successfully");
    const file = made(result);
    expect(file).toMatchObject({ originalName: "report.pdf", fileName: "report-merged.pdf" });
    expect(file.extra?.pageCount).toBe(53);
    const out = file.bytes;
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
    const out = await convertOne("merge-pdf", [pdf("a.pdf", a), pdf("b.pdf", b)]);
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
    const out = await convertOne("merge-pdf", [pdf("plain.pdf", plain), pdf("linked.pdf", linked)]);
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
    const out = await convertOne("merge-pdf", [pdf("looped.pdf", looped), pdf("plain.pdf", plain)]);
    await expectValidPdf(out);
    expect(await pageCount(out)).toBe(31);
    const flat = (l: Outline[]): Outline[] => l.flatMap((o) => [o, ...flat(o.kids)]);
    const items = flat(await outlines(out));
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((o) => o.title)).size).toBe(items.length);
  });

  it("takes as many files as are sent (the page promises unlimited files)", async () => {
    const files = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => pdf(`part-${i + 1}.pdf`, await buildPdf([{ text: `Part ${i + 1}` }]))),
    );
    const merged = await convertOne("merge-pdf", files);
    await expectValidPdf(merged);
    expect(await pageCount(merged)).toBe(60);
    const text = await pdfText(merged);
    expect(text.indexOf("Part 1\n")).toBeLessThan(text.indexOf("Part 60"));
  });
});
