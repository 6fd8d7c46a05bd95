import { describe, expect, it } from "vitest";
import { djpeg, dwebp, readPng } from "../compress/support";
import { type ConvertBody, download, expectValidPdf, form, post } from "../convert/support";
import { corpusFile } from "../helpers";
import { mutants } from "./mutate";

/**
 * Damaged copies of valid corpus files (truncated, bytes flipped, made in the test) through
 * every tool that takes them: each request ends in a 4xx with a readable message or in an
 * output an independent reader accepts. Never a 5xx, never a hang.
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

interface Outcome {
  status: number;
  body: ConvertBody & { error?: string; code?: string };
}

async function attempt(path: string, body: FormData, label: string): Promise<Outcome> {
  const res = await post(path, body);
  const text = await res.text();
  expect(res.status, `${label}: ${text}`).toBeLessThan(500);
  const parsed = JSON.parse(text);
  if (res.status !== 200) {
    expect([400, 413, 422], `${label}: ${text}`).toContain(res.status);
    expect(parsed.error, `${label}: ${text}`).toMatch(/\w{3,}.*\w{3,}/);
    expect(parsed.code, label).not.toBe("job_timeout");
  }
  return { status: res.status, body: parsed };
}

/** Every produced file is read back: PDFs by qpdf, images by libjpeg, libwebp or libpng. */
async function expectReadable(o: Outcome, label: string) {
  if (o.status !== 200) return;
  for (const file of o.body.files) {
    if (file.status === "error") {
      expect((file as { error?: string }).error, label).toMatch(/\w{3,}.*\w{3,}/);
      continue;
    }
    const bytes = await download(file);
    const name = file.convertedName ?? "";
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
    const file = { name: "damaged.pdf", bytes: m.bytes };
    const good = { name: "good.pdf", bytes: await corpusFile(GOOD) };
    const label = `${path} (${m.label})`;
    await attempt("/api/analyze-pdf", form([file]), `analyze ${label}`);
    const jobs: [string, FormData][] = [
      ["merge-pdf", form([good, file])],
      ["extract-pages", form([file], { selectedPages: "[1]" })],
      ["rotate-pdf", form([file])],
      ["watermark-pdf", form([file], { watermarkText: "CONFIDENTIAL", opacity: "0.3" })],
      ["protect-pdf", form([file], { password: "fuzz-pass" })],
      ["compress-pdf", form([file])],
    ];
    for (const [slug, body] of jobs) {
      const o = await attempt(`/api/convert/${slug}`, body, `${slug} ${label}`);
      if (slug !== "protect-pdf") await expectReadable(o, `${slug} ${label}`);
    }
  });
});

describe("fuzz: damaged encrypted PDFs", () => {
  const cases = LOCKED_SEEDS.flatMap((seed) => [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({ ...seed, i })));
  it.each(cases)("$path #$i", { timeout: 120_000 }, async ({ path, password, i }) => {
    const m = mutants(path, await corpusFile(path))[i];
    const label = `unlock ${path} (${m.label})`;
    const o = await attempt(
      "/api/convert/unlock-pdf",
      form([{ name: "locked.pdf", bytes: m.bytes }], { password }),
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
    const pdf = await attempt("/api/convert/jpg-to-pdf", form([file]), `jpg-to-pdf ${label}`);
    await expectReadable(pdf, `jpg-to-pdf ${label}`);
    const o = await attempt("/api/convert/compress-image", form([file]), `compress-image ${label}`);
    await expectReadable(o, `compress-image ${label}`);
  });
});
