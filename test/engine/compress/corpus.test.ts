import { describe, expect, it } from "vitest";
import { Budget } from "../../../worker/engine/core/budget";
import { compressImage } from "../../../worker/engine/image/compress/compress";
import { compressPdf } from "../../../worker/engine/pdf/compress/compress";
import { corpusFile, corpusIndex, expectValidPdf, oracle, pageCount } from "../tools/readers";
import { type ConvertedFile, download, form, post } from "./answers";
import { ascii, djpeg, dwebp, readPng } from "./support";

/**
 * Every corpus image through compress-image and every readable PDF through compress-pdf: a
 * result an independent decoder reads, never larger than the input, or a clean 4xx. `npm test`
 * takes every damaged image and WebP, and every other JPEG, PNG and PDF in path order;
 * `npm run bench -- walk` (CORPUS_WALK=all) takes them all.
 */
const index = await corpusIndex();
const everyOther = <T>(list: T[]) => (process.env.CORPUS_WALK === "all" ? list : list.filter((_, i) => i % 2 === 0));
const images = [
  ...index.filter((e) => /^img\/(webp|malformed)\//.test(e.path)),
  ...everyOther(index.filter((e) => e.path.startsWith("img/jpeg/"))),
  ...everyOther(index.filter((e) => e.path.startsWith("img/png/"))),
];
const pdfs = everyOther(index.filter((e) => e.path.startsWith("pdf/valid/")));
/** Valid files too complex for one job's memory here: refused for that, and said so (see the corpus walk). */
const OVER_ONE_JOB = new Set(["pdf/valid/pdflib__linearized_with_object_streams.pdf"]);

interface Refusal {
  status: number;
  code: string;
}

async function attempt(path: string, name: string, bytes: Uint8Array, type: string) {
  const res = await post(path, form([{ name, bytes, type }]));
  const text = await res.text();
  expect(res.status, text).toBeLessThan(500);
  const body = JSON.parse(text);
  if (res.status !== 200) {
    expect([400, 413, 422], text).toContain(res.status);
    expect(body.error).toMatch(/\w{3,}.*\w{3,}/);
    // Refused for what the file is, not left to run into the job budget.
    expect(body.code, text).not.toBe("job_timeout");
    return { refused: { status: res.status, code: body.code } as Refusal, file: null };
  }
  return { refused: null, file: body.file as ConvertedFile };
}

describe("corpus: images", () => {
  it.each(images)("$path", { timeout: 60_000 }, async (entry) => {
    const name = entry.path.split("/").pop()!;
    const bytes = await corpusFile(entry.path);
    const { file } = await attempt("/api/convert/compress-image", name, bytes, "image/*");
    if (entry.expected.startsWith("decodes")) expect(file, entry.expected).not.toBeNull();
    // Bombs must be refused; other damaged files either are, or come back as something the
    // reference decoder reads (imagers_panic.webp, which libwebp decodes, comes back unchanged).
    if (entry.expected.includes("pixel-count limit")) expect(file, entry.expected).toBeNull();
    if (!file) return;
    const out = await download(file);
    expect(out.length).toBeLessThanOrEqual(bytes.length);
    if (out[0] === 0xff) await djpeg(out);
    else if (out[0] === 0x89) await readPng(out);
    else if (!ascii(out).includes("ANMF")) await dwebp(out);
  });
});

describe("corpus: PDFs", () => {
  it.each(pdfs)("$path", { timeout: 120_000 }, async (entry) => {
    const bytes = await corpusFile(entry.path);
    const { file, refused } = await attempt("/api/convert/compress-pdf", "input.pdf", bytes, "application/pdf");
    // A valid PDF is compressed, unless it is one known not to fit one job, which is refused as that.
    if (OVER_ONE_JOB.has(entry.path)) {
      expect(refused).toEqual({ status: 413, code: "job_too_large" });
      return;
    }
    expect(refused, `${entry.path} was refused`).toBeNull();
    if (!file) return;
    const out = await download(file);
    expect(out.length).toBeLessThanOrEqual(bytes.length);
    await expectValidPdf(out);
    // Page counts are compared where qpdf reads the original cleanly (it counts 0 in some damaged ones).
    if ((await oracle("qpdf", ["--check", "{in}"], bytes)).code === 0)
      expect(await pageCount(out)).toBe(await pageCount(bytes));
  });
});

describe("time budget", () => {
  it("stops a job that runs out of time and says so", async () => {
    const photo = await corpusFile("img/jpeg/sharp__gain-map.jpg");
    await expect(compressImage(photo, "photo.jpg", { quality: "high", budget: new Budget(1) })).rejects.toMatchObject({
      code: "job_timeout",
    });
    const pdf = await corpusFile("pdf/valid/pdfjs__issue13931.pdf");
    await expect(compressPdf(pdf, { level: "recommended", budget: new Budget(1) })).rejects.toMatchObject({
      code: "job_timeout",
    });
  });
});
