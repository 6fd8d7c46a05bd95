import { describe, expect, it } from "vitest";
import { type ErrorCode, errorStatus } from "../../../schema/api";
import type { ConvertSlug } from "../../../schema/options";
import { isEngineError } from "../../../worker/engine/core/errors";
import type { ToolResult } from "../../../worker/engine/tools";
import { djpeg, dwebp, readPng } from "../support/oracles";
import { mutants } from "./mutate";
import { corpusFile, expectValidPdf } from "./readers";
import { convert, inspectFile, type SentFile } from "./run";

/**
 * Damaged copies of valid corpus files (truncated, bytes flipped, made in the test) through
 * every tool that takes them, as the engine's job pipeline runs them: each ends in a refusal in
 * the engine's words whose status is a 4xx, or in an output an independent reader accepts.
 * Never a 5xx, never a hang.
 */
const GOOD = "pdf/valid/pysample__minimal-document.pdf";

const PDF_SEEDS = [
  "pdf/valid/pysample__pdflatex-4-pages.pdf",
  "pdf/valid/qpdf__big-ostream.pdf",
  "pdf/valid/pysample__pdflatex-image.pdf",
  "pdf/valid/pdflib__with_update_sections.pdf",
  "pdf/valid/qpdf__hybrid-xref.pdf",
];
const LOCKED_SEEDS = [
  { path: "pdf/encrypted/pdfjs__issue6010_1.pdf", password: "abc" },
  { path: "pdf/encrypted/qpdf__nontrivial-crypt-filter.pdf", password: "asdfqwer" },
];
const IMAGE_SEEDS = [
  "img/jpeg/sharp__concert.jpg",
  "img/jpeg/progressive_cat.jpg",
  "img/png/sharp__16-bit-grey-alpha.png",
  "img/png/pdflib__tbbn3p08.png",
  "img/webp/libwebp__test.webp",
  "img/webp/libwebp__lossless1.webp",
];

/** A refusal is the engine's own, with a 4xx status and readable words, and never the job's time running out. */
function expectRefusal(code: string, error: string, label: string) {
  const status = errorStatus[code as ErrorCode];
  expect([400, 413, 422], `${label}: ${code} ${error}`).toContain(status);
  expect(error, label).toMatch(/\w{3,}.*\w{3,}/);
  expect(code, label).not.toBe("job_timeout");
}

async function attempt<T>(run: () => Promise<T>, label: string): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (!isEngineError(err)) throw new Error(`${label}: ${err}`);
    expectRefusal(err.code, err.message, label);
    return null;
  }
}

const conversion = (slug: ConvertSlug, files: SentFile[], fields: Record<string, string>, label: string) =>
  attempt(() => convert(slug, files, fields), label);

/** Every produced file is read back: PDFs by qpdf, images by libjpeg, libwebp or libpng. */
async function expectReadable(result: ToolResult | null, label: string) {
  for (const file of result?.outputs ?? []) {
    if (!file.ok) {
      expect(file.error, label).toMatch(/\w{3,}.*\w{3,}/);
      continue;
    }
    const { bytes, fileName: name } = file;
    if (name.endsWith(".pdf"))
      await expectValidPdf(bytes).catch((err) => Promise.reject(new Error(`${label}: ${err}`)));
    else if (/\.jpe?g$/.test(name)) await djpeg(bytes);
    else if (name.endsWith(".webp")) await dwebp(bytes);
    else if (name.endsWith(".png")) await readPng(bytes);
    else throw new Error(`${label}: unexpected output ${name}`);
  }
}

describe("fuzz: damaged PDFs", () => {
  const cases = PDF_SEEDS.flatMap((path) => [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({ path, i })));
  it.each(cases)("$path #$i", { timeout: 120_000 }, async ({ path, i }) => {
    const m = mutants(path, await corpusFile(path))[i];
    const file = { name: "damaged.pdf", bytes: m.bytes, type: "application/pdf" };
    const good = { name: "good.pdf", bytes: await corpusFile(GOOD), type: "application/pdf" };
    const label = `${path} (${m.label})`;
    await attempt(() => inspectFile("analyze-pdf", file), `analyze ${label}`);
    const jobs: [ConvertSlug, SentFile[], Record<string, string>][] = [
      ["merge-pdf", [good, file], {}],
      ["extract-pages", [file], { selectedPages: "[1]" }],
      ["rotate-pdf", [file], {}],
      ["watermark-pdf", [file], { watermarkText: "CONFIDENTIAL", opacity: "0.3" }],
      ["protect-pdf", [file], { password: "fuzz-pass" }],
      ["compress-pdf", [file], {}],
    ];
    for (const [slug, files, fields] of jobs) {
      const o = await conversion(slug, files, fields, `${slug} ${label}`);
      if (slug !== "protect-pdf") await expectReadable(o, `${slug} ${label}`);
    }
  });
});

describe("fuzz: damaged encrypted PDFs", () => {
  const cases = LOCKED_SEEDS.flatMap((seed) => [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({ ...seed, i })));
  it.each(cases)("$path #$i", { timeout: 120_000 }, async ({ path, password, i }) => {
    const m = mutants(path, await corpusFile(path))[i];
    const label = `unlock ${path} (${m.label})`;
    const o = await conversion(
      "unlock-pdf",
      [{ name: "locked.pdf", bytes: m.bytes, type: "application/pdf" }],
      { password },
      label,
    );
    await expectReadable(o, label);
  });
});

describe("fuzz: damaged images", () => {
  const cases = IMAGE_SEEDS.flatMap((path) => [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({ path, i })));
  it.each(cases)("$path #$i", { timeout: 120_000 }, async ({ path, i }) => {
    const m = mutants(path, await corpusFile(path))[i];
    const name = `damaged.${path.split(".").pop()}`;
    const file = { name, bytes: m.bytes, type: "image/*" };
    const label = `${path} (${m.label})`;
    // JPG to PDF takes WebP too: a damaged one is decoded there as well.
    const pdf = await conversion("jpg-to-pdf", [file], {}, `jpg-to-pdf ${label}`);
    await expectReadable(pdf, `jpg-to-pdf ${label}`);
    const o = await conversion("compress-image", [file], {}, `compress-image ${label}`);
    await expectReadable(o, `compress-image ${label}`);
  });
});
