import { describe, expect, it } from "vitest";
import { type ErrorCode, errorStatus } from "../../worker/errors";
import {
  type ConvertBody,
  download,
  expectValidPdf,
  form,
  pageCount,
  post,
  type UploadFile,
  walkedPageCount,
} from "./convert/support";
import { type CorpusEntry, corpusFile, corpusIndex, oracle } from "./helpers";

/**
 * Every file of the corpus through every tool that accepts it: a valid output (qpdf --check,
 * right page count) or a 4xx with a message a person can read. Never a 5xx, never a hang.
 */
const index = await corpusIndex();
const pdfs = index.filter((e) => e.path.startsWith("pdf/"));
const images = index.filter((e) => e.path.startsWith("img/"));
const GOOD = "pdf/valid/pysample__minimal-document.pdf";
/**
 * Valid files that do not fit one job's memory (80 MB of a 128 MB isolate): 85,000 objects in
 * 4 MB, which pdf-lib turns into over 120 MB (qpdf itself takes 170 MB to check it). Every tool
 * refuses them at once and says why, rather than taking the isolate down.
 */
const OVER_ONE_JOB = new Set(["pdf/valid/pdflib__linearized_with_object_streams.pdf"]);

type Outcome = { ok: true; body: ConvertBody } | { ok: false; status: number; error: string; code: string };

async function attempt(path: string, body: FormData): Promise<Outcome> {
  const res = await post(path, body);
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBeLessThan(500);
  const parsed = JSON.parse(text);
  // Unlock answers 200 with each file's own outcome: a single file that failed is a refusal.
  const only = parsed.files?.length === 1 ? parsed.files[0] : undefined;
  if (res.status === 200 && only?.status === "error") {
    expect(only.error, text).toMatch(/\w{3,}.*\w{3,}/);
    return { ok: false, status: errorStatus[only.code as ErrorCode], error: only.error, code: only.code };
  }
  if (res.status === 200) return { ok: true, body: parsed };
  expect([400, 413, 422], text).toContain(res.status);
  expect(parsed.error, text).toMatch(/\w{3,}.*\w{3,}/);
  // Pathological files must be refused for what they are, not left to run into the job budget.
  expect(parsed.code).not.toBe("job_timeout");
  return { ok: false, status: res.status, error: parsed.error, code: parsed.code };
}

/** The output is a PDF qpdf accepts, with the expected number of pages. */
async function expectPdf(outcome: Outcome, pages: number, label: string) {
  if (!outcome.ok) return;
  const bytes = await download(outcome.body.files[0]);
  await expectValidPdf(bytes);
  expect(await pageCount(bytes), label).toBe(pages);
  expect(await walkedPageCount(bytes), label).toBe(pages);
}

function expectPasswordMessage(outcome: Outcome, entry: CorpusEntry) {
  expect(outcome.ok, `${entry.path} should be refused`).toBe(false);
  if (outcome.ok) return;
  expect(outcome.code).toBe("pdf_encrypted");
  expect(outcome.error).toContain("password-protected");
  expect(outcome.error).toContain("Unlock PDF");
}

describe("corpus walk: PDFs", () => {
  it.each(pdfs)("$path", { timeout: 120_000 }, async (entry) => {
    const bytes = await corpusFile(entry.path);
    const file: UploadFile = { name: "input.pdf", bytes };
    const good: UploadFile = { name: "good.pdf", bytes: await corpusFile(GOOD) };

    const analyzed = await attempt("/api/analyze-pdf", form([file]));
    const n = analyzed.ok ? (analyzed.body as unknown as { pageCount: number }).pageCount : 0;
    const qpdfCheck = await oracle("qpdf", ["--check", "{in}"], bytes);
    if (analyzed.ok && qpdfCheck.code === 0) {
      // Never /Count: the pages qpdf finds walking the tree of a file it reads cleanly.
      expect(n).toBe(await walkedPageCount(bytes));
    }
    const outcomes = {
      merge: await attempt("/api/convert/merge-pdf", form([file, good])),
      extract: await attempt("/api/convert/extract-pages", form([file], { selectedPages: "[1]" })),
      split: await attempt("/api/convert/split-pages", form([file], { selectedPages: "[1]" })),
      rotate: await attempt("/api/convert/rotate-pdf", form([file])),
      watermark: await attempt(
        "/api/convert/watermark-pdf",
        form([file], { watermarkText: "CONFIDENTIAL", opacity: "0.3" }),
      ),
    };
    // The password tools: never a 5xx either, and a valid file goes through both.
    const unlock = await attempt("/api/convert/unlock-pdf", form([file]));
    const protect = await attempt("/api/convert/protect-pdf", form([file], { password: "corpus-walk" }));
    if (OVER_ONE_JOB.has(entry.path)) {
      for (const o of [analyzed, unlock, protect, ...Object.values(outcomes)]) {
        expect(o.ok ? 200 : o.status).toBe(413);
        if (!o.ok)
          expect(o.error).toMatch(/more internal objects than fit in the memory one job can use here \(80 MB\)/);
      }
      return;
    }
    if (entry.kind === "pdf-valid") {
      expect(unlock.ok, `unlock: ${JSON.stringify(unlock)}`).toBe(true);
      expect(protect.ok, `protect: ${JSON.stringify(protect)}`).toBe(true);
    }
    if (entry.kind === "pdf-encrypted") {
      expectPasswordMessage(analyzed, entry);
      for (const o of Object.values(outcomes)) expectPasswordMessage(o, entry);
      return;
    }
    if (entry.kind === "pdf-valid") {
      for (const [tool, o] of Object.entries(outcomes)) expect(o.ok, `${tool}: ${JSON.stringify(o)}`).toBe(true);
    }
    // Tools that write every page agree with each other; extract and split (page 1 only) agree
    // with each other; a file any tool can convert can be analyzed.
    const { merge, extract, split, rotate, watermark } = outcomes;
    expect([rotate.ok, watermark.ok], "whole-document tools disagree").toEqual([merge.ok, merge.ok]);
    expect(split.ok, "extract and split disagree").toBe(extract.ok);
    if (merge.ok || extract.ok) expect(analyzed.ok, "analyze refused a file other tools converted").toBe(true);
    await expectPdf(outcomes.merge, n + 1, "merge");
    await expectPdf(outcomes.extract, 1, "extract");
    await expectPdf(outcomes.split, 1, "split");
    await expectPdf(outcomes.rotate, n, "rotate");
    await expectPdf(outcomes.watermark, n, "watermark");
  });
});

describe("corpus walk: images", () => {
  it.each(images)("$path", { timeout: 60_000 }, async (entry) => {
    const bytes = await corpusFile(entry.path);
    const name = entry.path.split("/").pop() ?? "image";
    const outcome = await attempt("/api/convert/jpg-to-pdf", form([{ name, bytes, type: "image/jpeg" }]));
    await expectPdf(outcome, 1, "jpg-to-pdf");
    if (entry.kind === "img-jpeg" || entry.kind === "img-png") {
      const refused = entry.expected.includes("reject");
      expect(outcome.ok, `${entry.path}: ${JSON.stringify(outcome)}`).toBe(!refused);
    }
    if (entry.kind === "img-bomb" && /\.(png|jpe?g)$/.test(name)) {
      expect(outcome.ok ? 200 : outcome.status).toBe(413);
    }
  });
});

describe("after the walk", () => {
  it("still serves requests", async () => {
    const res = await post("/api/analyze-pdf", form([{ name: "good.pdf", bytes: await corpusFile(GOOD) }]));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ pageCount: 1 });
    const check = await oracle("qpdf", ["--version"]);
    expect(check.code).toBe(0);
  });
});
