import { describe, expect, it } from "vitest";
import { corpusFile, expectValidPdf, type Outline, oracle, outlines, pageCount, pdfText } from "./readers";
import { convert, made, pdf } from "./run";

/**
 * Split PDF's outputs (extract-pages, split-pages), read back by qpdf, poppler and unzip (the
 * endpoints' contract: test/worker/convert/split.test.ts).
 */

const SOURCE = "pdf/valid/qpdf__hybrid-xref.pdf"; // 30 pages with nested bookmarks

function crc32(bytes: Uint8Array): string {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ((~c >>> 0) >>> 0).toString(16).padStart(8, "0");
}

const flat = (l: Outline[]): Outline[] => l.flatMap((o) => [o, ...flat(o.kids)]);

describe("extract-pages", () => {
  it("puts the selected pages, in page order, into one PDF named after them", async () => {
    const src = await corpusFile(SOURCE);
    const result = await convert("extract-pages", [pdf("report.pdf", src)], { selectedPages: "[9,2,3,3,4]" });
    expect(result.message).toBe("Pages extracted successfully");
    const file = made(result);
    expect(file).toMatchObject({ originalName: "report.pdf", fileName: "report-pages-2-4_9.pdf" });
    const out = file.bytes;
    await expectValidPdf(out);
    expect(await pageCount(out)).toBe(4);
    for (const [i, p] of [2, 3, 4, 9].entries()) {
      expect(await pdfText(out, ["-f", `${i + 1}`, "-l", `${i + 1}`])).toBe(
        await pdfText(src, ["-f", `${p}`, "-l", `${p}`]),
      );
    }
    // Bookmarks to kept pages survive, pointing at their new positions.
    const before = new Map(flat(await outlines(src)).map((o) => [o.title, o.page]));
    const after = flat(await outlines(out)).filter((o) => o.page !== null);
    expect(after.length).toBe([...before.values()].filter((p) => p !== null && [2, 3, 4, 9].includes(p)).length);
    for (const o of after) expect([2, 3, 4, 9][(o.page ?? 0) - 1]).toBe(before.get(o.title));
  });

  it("accepts ranges such as 1-3,7 and names a single page page-N", async () => {
    const src = await corpusFile(SOURCE);
    const ranged = made(await convert("extract-pages", [pdf("r.pdf", src)], { selectedPages: "1-3,7" }));
    expect(ranged.fileName).toBe("r-pages-1-3_7.pdf");
    expect(await pageCount(ranged.bytes)).toBe(4);
    const texts = made(await convert("extract-pages", [pdf("r.pdf", src)], { selectedPages: '["5","6"]' }));
    expect(texts.fileName).toBe("r-pages-5-6.pdf");
    const one = made(await convert("extract-pages", [pdf("r.pdf", src)], { selectedPages: "[30]" }));
    expect(one.fileName).toBe("r-page-30.pdf");
  });
});

describe("split-pages", () => {
  it("gives each selected page as its own PDF plus one ZIP of them all, ZIP first", async () => {
    const src = await corpusFile(SOURCE);
    const result = await convert("split-pages", [pdf("report.pdf", src)], { selectedPages: "[3,1]" });
    expect(result.outputs.map((o) => o.ok && o.fileName)).toEqual([
      "report-pages.zip",
      "report-page-1.pdf",
      "report-page-3.pdf",
    ]);
    const zip = made(result, 0);
    expect(zip.contentType).toBe("application/zip");
    const pages = [made(result, 1).bytes, made(result, 2).bytes];
    for (const [i, p] of [1, 3].entries()) {
      await expectValidPdf(pages[i]);
      expect(await pageCount(pages[i])).toBe(1);
      expect(await pdfText(pages[i])).toBe(await pdfText(src, ["-f", `${p}`, "-l", `${p}`]));
    }
    const tested = await oracle("unzip", ["-tq", "{in}"], zip.bytes);
    expect(tested.code, tested.stdout).toBe(0);
    const listing = await oracle("unzip", ["-v", "{in}"], zip.bytes);
    for (const [i, name] of ["report-page-1.pdf", "report-page-3.pdf"].entries()) {
      expect(listing.stdout).toMatch(new RegExp(`${pages[i].byteLength}\\s.*${crc32(pages[i])}\\s+${name}`));
    }
  });

  it("gives more than 20 pages only as the ZIP: one file, not one per page", async () => {
    const src = await corpusFile(SOURCE);
    const result = await convert("split-pages", [pdf("report.pdf", src)], { selectedPages: "1-30" });
    expect(result.outputs.map((o) => o.ok && o.fileName)).toEqual(["report-pages.zip"]);
    const zip = made(result);
    expect(zip.extra?.pageCount).toBe(30);
    const tested = await oracle("unzip", ["-tq", "{in}"], zip.bytes);
    expect(tested.code, tested.stdout).toBe(0);
    const listing = await oracle("unzip", ["-Z1", "{in}"], zip.bytes);
    expect(listing.stdout.trim().split("\n")).toEqual(Array.from({ length: 30 }, (_, i) => `report-page-${i + 1}.pdf`));
    const page7 = await oracle("unzip", ["-p", "{in}", "report-page-7.pdf"], zip.bytes);
    expect(page7.stdout.startsWith("%PDF-")).toBe(true);
  });

  it("gives a single selected page as just that PDF", async () => {
    const src = await corpusFile(SOURCE);
    const result = await convert("split-pages", [pdf("report.pdf", src)], { selectedPages: "[2]" });
    expect(result.outputs).toHaveLength(1);
    expect(made(result).fileName).toBe("report-page-2.pdf");
    expect(await pageCount(made(result).bytes)).toBe(1);
  });
});
