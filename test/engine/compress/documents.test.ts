import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { oracle, pageCount, pdfText } from "../tools/readers";
import { compress } from "./pdf-support";

/**
 * A few of the bench's real documents (test/fixtures/documents, made by the producers people
 * use: see make.mjs there) through Compress PDF at the page's defaults: the text pdftotext reads
 * is the original's, every page is still there, qpdf checks the file without a word, and the
 * file is not larger than the original. How much smaller is the bench's to say
 * (`npm run bench -- documents`), not a test's.
 */
const DOCUMENTS = [
  ["writer-report.pdf", "LibreOffice Writer: TrueType subsets, a PNG chart, a photo"],
  ["pdftex-article.pdf", "pdfTeX: Latin Modern Type 1 fonts, a JPEG figure"],
  ["chromium-page.pdf", "Chromium: CID TrueType fonts, tagged structure, an SVG chart"],
] as const;

const fixture = async (name: string) =>
  new Uint8Array(await readFile(new URL(`../../fixtures/documents/${name}`, import.meta.url)));

describe("real documents", () => {
  it.each(DOCUMENTS)("%s (%s)", { timeout: 60_000 }, async (name) => {
    const bytes = await fixture(name);
    const { out } = await compress(bytes, {}, name);
    expect(out.length).toBeLessThanOrEqual(bytes.length);
    expect(await pdfText(out)).toBe(await pdfText(bytes));
    expect(await pageCount(out)).toBe(await pageCount(bytes));
    const check = await oracle("qpdf", ["--check", "{in}"], out);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stderr, check.stdout).toBe("");
  });
});
