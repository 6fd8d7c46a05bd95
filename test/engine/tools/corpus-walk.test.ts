import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type ErrorCode, errorStatus } from "../../../schema/api";
import type { ConvertSlug } from "../../../schema/options";
import { isEngineError } from "../../../worker/engine/core/errors";
import type { ToolOutput } from "../../../worker/engine/tools";
import { CORPUS } from "../support/oracles";
import { solidPng } from "./inputs";
import { corpusFile, expectValidPdf, oracle, pageCount, walkedPageCount } from "./readers";
import { convert, inspectFile, type SentFile } from "./run";

/**
 * Every file of the corpus through every tool that accepts it, as the engine's job pipeline runs
 * it: a valid output (qpdf --check, right page count) or a refusal in the engine's words, whose
 * status is a 4xx (schema/api.ts's table). Never a 5xx, never a hang.
 */
interface CorpusEntry {
  path: string;
  kind: string;
  password: string;
  expected: string;
  bytes: number;
}

async function corpusIndex(): Promise<CorpusEntry[]> {
  const [header, ...rows] = (await readFile(join(CORPUS, "INDEX.tsv"), "utf8")).trim().split("\n");
  const cols = header.split("\t");
  const at = (name: string) => cols.indexOf(name);
  return rows.map((r) => {
    const c = r.split("\t");
    return {
      path: c[at("path")],
      kind: c[at("kind")],
      password: c[at("password")] ?? "",
      expected: c[at("expected_behaviour")] ?? "",
      bytes: Number(c[at("bytes")]),
    };
  });
}

const index = await corpusIndex();

/**
 * Files that once failed here, walked in every run: a one-page file whose page tree claims
 * 9,999,999,999 pages, a fuzzed cross-reference table, a bomb, a file nobody knows the password of.
 */
const ALWAYS = new Set([
  "pdf/malformed/pdfjs__poppler-67295-0.pdf",
  "pdf/malformed/pdfjs__GHOSTSCRIPT-698804-1-fuzzed.pdf",
  "pdf/malformed/qpdf_fuzz_17630b.pdf",
  "pdf/encrypted/pdflib__encrypted_new.pdf",
]);
const SAMPLE_EVERY = 6;
const SAMPLE_MAX_BYTES = 1_000_000;

/**
 * `npm test` walks a sample of the PDFs (every kind, in path order: every sixth file up to 1 MB,
 * and the files above) and every image; `npm run bench -- walk` (CORPUS_WALK=all) walks every
 * file. The whole walk takes ten minutes, mostly qpdf judging the bombs' outputs.
 */
function sample(entries: CorpusEntry[]): CorpusEntry[] {
  if (process.env.CORPUS_WALK === "all") return entries;
  const seen = new Map<string, number>();
  return entries.filter((e) => {
    if (ALWAYS.has(e.path)) return true;
    if (e.kind === "pdf-malformed-bomb" || e.bytes > SAMPLE_MAX_BYTES) return false;
    const n = seen.get(e.kind) ?? 0;
    seen.set(e.kind, n + 1);
    return n % SAMPLE_EVERY === 0;
  });
}

const pdfs = sample(index.filter((e) => e.path.startsWith("pdf/")).sort((a, b) => a.path.localeCompare(b.path)));
const images = index.filter((e) => e.path.startsWith("img/"));
const GOOD = "pdf/valid/pysample__minimal-document.pdf";
/**
 * Valid files that do not fit one job's memory (80 MB of a 128 MB isolate): 85,000 objects in
 * 4 MB, which pdf-lib turns into over 120 MB (qpdf itself takes 170 MB to check it). Every tool
 * refuses them at once and says why, rather than taking the isolate down.
 */
const OVER_ONE_JOB = new Set(["pdf/valid/pdflib__linearized_with_object_streams.pdf"]);

type Outcome = { ok: true; file: ToolOutput } | { ok: false; status: number; error: string; code: string };

/** The engine's refusal as the endpoint would answer it: its status from the one table, a 4xx. */
function refused(code: string, error: string, label: string): Outcome {
  const status = errorStatus[code as ErrorCode];
  expect(status, `${label}: ${code} ${error}`).toBeGreaterThanOrEqual(400);
  expect(status, `${label}: ${code} ${error}`).toBeLessThan(500);
  expect(error, label).toMatch(/\w{3,}.*\w{3,}/);
  // Pathological files must be refused for what they are, not left to run into the job budget.
  expect(code, label).not.toBe("job_timeout");
  return { ok: false, status, error, code };
}

/** A conversion's outcome; anything but the engine's own refusal (a crash: a 5xx) fails the test. */
async function attempt(
  slug: ConvertSlug,
  files: SentFile[],
  fields: Record<string, string> = {},
  attachments?: Record<string, SentFile>,
): Promise<Outcome> {
  try {
    const result = await convert(slug, files, fields, { attachments });
    const [first] = result.outputs;
    // Unlock and watermark answer each file's own outcome: a single file that failed is a refusal.
    if (result.outputs.length === 1 && !first.ok) return refused(first.code ?? "", first.error, slug);
    expect(first.ok, `${slug}: ${JSON.stringify(first)}`).toBe(true);
    return { ok: true, file: first as ToolOutput };
  } catch (err) {
    if (!isEngineError(err)) throw err;
    return refused(err.code, err.message, slug);
  }
}

/** An inspection's outcome (its answer, or the engine's refusal). */
async function inspected<T>(read: () => Promise<T>, label: string): Promise<{ ok: true; answer: T } | Outcome> {
  try {
    return { ok: true, answer: await read() } as { ok: true; answer: T };
  } catch (err) {
    if (!isEngineError(err)) throw err;
    return refused(err.code, err.message, label);
  }
}

/** The output is a PDF qpdf accepts, with the expected number of pages. */
async function expectPdf(outcome: Outcome, pages: number, label: string) {
  if (!outcome.ok) return;
  const bytes = outcome.file.bytes;
  await expectValidPdf(bytes, label);
  expect(await pageCount(bytes), label).toBe(pages);
  expect(await walkedPageCount(bytes), label).toBe(pages);
}

/** Extracted images: a ZIP unzip accepts, or one JPEG, JPEG 2000 or PNG image. */
async function expectImages(outcome: Outcome) {
  if (!outcome.ok) {
    if (outcome.code === "pdf_unsupported") expect(outcome.error).toMatch(/image/);
    return;
  }
  const bytes = outcome.file.bytes;
  const name = outcome.file.fileName;
  if (name.endsWith(".zip")) {
    const listed = await oracle("unzip", ["-tq", "{in}"], bytes);
    expect(listed.code, listed.stdout + listed.stderr).toBe(0);
  } else if (name.endsWith(".png")) expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  else if (name.endsWith(".jpg")) expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  else expect(name).toMatch(/\.jp2$/);
}

function expectPasswordAsked(outcome: Outcome, label: string) {
  expect(outcome.ok, `${label} should ask for the password`).toBe(false);
  if (outcome.ok) return;
  expect(outcome.code, label).toBe("password_required");
  expect(outcome.error).toBe("input.pdf is password-protected. Enter its password to open it.");
}

/**
 * The password an encrypted corpus file opens with: its user password, else its owner's; "" when
 * empty; null when nobody knows it. Undefined for a file that is not encrypted.
 */
function passwordOf(entry: CorpusEntry): string | null | undefined {
  if (entry.kind !== "pdf-encrypted") return undefined;
  if (entry.password === "unknown") return null;
  const normalised = /SASLprep-normalised form: ([^)\s]+)/.exec(entry.password)?.[1];
  if (normalised) return normalised;
  const user = /user=([^;\s]+)/.exec(entry.password)?.[1];
  if (user === "(empty)") return "";
  if (user && user !== "unknown") return user;
  return /owner=([^;\s]+)/.exec(entry.password)?.[1];
}

const MARGINS = JSON.stringify({ left: 0.1, top: 0.1, right: 0.1, bottom: 0.1 });
const SIGNATURE: SentFile = {
  name: "signature.png",
  bytes: await solidPng(30, 10, [0, 0, 80, 255]),
  type: "image/png",
};

/**
 * Compress PDF in grey runs on every corpus PDF up to this size here (about 180 files); the larger
 * ones (photo and scan PDFs taking seconds each) are walked by `npm run bench -- gray`.
 */
const GRAY_WALK_MAX_BYTES = 300_000;

type Request = [ConvertSlug, SentFile[], Record<string, string>, Record<string, SentFile>?];

/** Every PDF tool's request for one file (merge adds a good file after it). */
function requests(file: SentFile, good: SentFile, password: Record<string, string>) {
  const one = (slug: ConvertSlug, fields: Record<string, string> = {}): Request => [
    slug,
    [file],
    { ...fields, ...password },
  ];
  const gray =
    file.bytes.length <= GRAY_WALK_MAX_BYTES
      ? {
          gray: one("compress-pdf", {
            grayscale: "true",
            level: "low",
            removeMetadata: "true",
            removeAttachments: "true",
          }),
        }
      : {};
  return {
    ...gray,
    merge: ["merge-pdf", [file, good], password] as Request,
    extract: one("extract-pages", { selectedPages: "[1]" }),
    split: one("split-pages", { selectedPages: "[1]" }),
    rotate: one("rotate-pdf"),
    watermark: one("watermark-pdf", { watermarkText: "CONFIDENTIAL", opacity: "0.3" }),
    organize: one("organize-pdf", { plan: JSON.stringify([{ file: 0, page: 1, rotate: 90 }, { blank: true }]) }),
    numbers: one("page-numbers", { format: "page-n-of-total", position: "top-right" }),
    crop: one("crop-pdf", { margins: MARGINS }),
    nup: one("nup-pdf", { perSheet: "2", border: "true" }),
    metadata: one("edit-metadata", { info: JSON.stringify({ title: "Corpus walk" }) }),
    flatten: one("flatten-pdf"),
    sign: [
      "sign-pdf",
      [file],
      {
        placements: JSON.stringify([{ page: 1, x: 0.6, y: 0.85, width: 0.3, height: 0.1 }]),
        signerName: "Corpus Walk",
        ...password,
      },
      { signature: SIGNATURE },
    ] as Request,
    redact: one("redact-pdf", {
      areas: JSON.stringify([{ page: 1, x: 0.1, y: 0.1, width: 0.4, height: 0.1 }]),
      search: "the",
      patterns: "email",
    }),
    images: one("extract-images", { minSize: "0" }),
  };
}

type Outcomes = Record<Exclude<keyof ReturnType<typeof requests>, "gray">, Outcome> & { gray?: Outcome };

async function runAll(file: SentFile, good: SentFile, password: Record<string, string>): Promise<Outcomes> {
  const out: Partial<Outcomes> = {};
  for (const [tool, [slug, files, fields, attachments]] of Object.entries(requests(file, good, password))) {
    out[tool as keyof Outcomes] = await attempt(slug, files, fields, attachments);
  }
  return out as Outcomes;
}

/**
 * A form's fields are listed for every file a tool can read (an XFA-only form is refused by name),
 * and a file with a text field anyone may fill is filled, its value then shown by poppler.
 */
async function fillWhatCanBeFilled(file: SentFile, password: Record<string, string>, readable: boolean, n: number) {
  const listed = await inspected(() => inspectFile("form-fields", file, password), "form-fields");
  if (!listed.ok) {
    expect(readable && listed.code !== "pdf_unsupported", `form-fields: ${JSON.stringify(listed)}`).toBe(false);
    return;
  }
  const { fields } = (
    listed as {
      answer: { fields: { name: string; type: string; readOnly?: boolean; maxLength?: number; widgets: unknown[] }[] };
    }
  ).answer;
  const text = fields.find((f) => f.type === "text" && !f.readOnly && !f.maxLength && f.widgets.length > 0);
  if (!text) return;
  const filled = await attempt("fill-form", [file], {
    values: JSON.stringify({ [text.name]: "Quixotic" }),
    ...password,
  });
  expect(filled.ok, `fill-form: ${JSON.stringify(filled)}`).toBe(true);
  await expectPdf(filled, n, "fill-form");
}

describe("corpus walk: PDFs", () => {
  it.each(pdfs)("$path", { timeout: 180_000 }, async (entry) => {
    const bytes = await corpusFile(entry.path);
    const file: SentFile = { name: "input.pdf", bytes, type: "application/pdf" };
    const good: SentFile = { name: "good.pdf", bytes: await corpusFile(GOOD), type: "application/pdf" };
    const secret = passwordOf(entry);

    // The password tools: never a 5xx either, and a valid file goes through both.
    const analyze = (fields: Record<string, string> = {}) =>
      inspected(() => inspectFile("analyze-pdf", file, fields), "analyze-pdf");
    const unlock = await attempt("unlock-pdf", [file], secret ? { password: secret } : {});
    const protect = await attempt("protect-pdf", [file], { password: "corpus-walk" });
    if (OVER_ONE_JOB.has(entry.path)) {
      const analyzed = await analyze();
      for (const o of [analyzed, unlock, protect, ...Object.values(await runAll(file, good, {}))]) {
        expect(o.ok ? 200 : o.status).toBe(413);
        if (!o.ok)
          expect(o.error).toMatch(/more internal objects than fit in the memory one job can use here \(80 MB\)/);
      }
      return;
    }
    if (secret === null) {
      // Nobody knows its password: every tool, unlock too, asks for it.
      expect(unlock.ok ? 200 : unlock.code).toBe("password_required");
      expectPasswordAsked((await analyze()) as Outcome, "analyze");
      for (const [tool, o] of Object.entries(await runAll(file, good, {}))) expectPasswordAsked(o, tool);
      return;
    }
    if (entry.kind === "pdf-valid") {
      expect(unlock.ok, `unlock: ${JSON.stringify(unlock)}`).toBe(true);
      expect(protect.ok, `protect: ${JSON.stringify(protect)}`).toBe(true);
    }
    if (entry.kind === "pdf-encrypted") {
      // Unlock opens every encrypted file of the corpus with its password; protect will not add a second.
      expect(unlock.ok, `unlock: ${JSON.stringify(unlock)}`).toBe(true);
      expect(protect.ok ? 200 : protect.code).toBe("pdf_encrypted");
    }
    if (secret) {
      // A file with a user password: every tool asks for it, then opens the file with it.
      expectPasswordAsked((await analyze()) as Outcome, "analyze");
      for (const [tool, o] of Object.entries(await runAll(file, good, {}))) expectPasswordAsked(o, tool);
    }
    const password: Record<string, string> = secret ? { password: secret } : {};
    const analyzed = await analyze(password);
    const n = analyzed.ok ? (analyzed as { answer: { pageCount: number } }).answer.pageCount : 0;
    const qpdfCheck = await oracle("qpdf", ["--check", "{in}"], bytes);
    if (analyzed.ok && qpdfCheck.code === 0) {
      // Never /Count: the pages qpdf finds walking the tree of a file it reads cleanly.
      expect(n).toBe(await walkedPageCount(bytes));
    }
    const outcomes = await runAll(file, good, password);
    const removed = n > 1 ? await attempt("remove-pages", [file], { pages: "[1]", ...password }) : undefined;
    if (entry.kind === "pdf-valid" || entry.kind === "pdf-encrypted") {
      for (const [tool, o] of Object.entries(outcomes)) {
        // A file without images (or only JBIG2 and fax ones) is refused for that, by name.
        if (tool === "images" && !o.ok) expect(o.code, JSON.stringify(o)).toBe("pdf_unsupported");
        else expect(o.ok, `${tool}: ${JSON.stringify(o)}`).toBe(true);
      }
      if (removed) expect(removed.ok, `remove: ${JSON.stringify(removed)}`).toBe(true);
    }
    // Tools that write every page agree with each other; the tools that copy chosen pages agree
    // with each other; a file any tool can convert can be analyzed.
    const { merge, extract, split, rotate, watermark, organize, numbers, crop, nup, metadata, flatten, sign, redact } =
      outcomes;
    const whole = { rotate, watermark, numbers, crop, nup, metadata, flatten, sign, redact };
    for (const [tool, o] of Object.entries(whole)) expect(o.ok, `${tool} and merge disagree`).toBe(merge.ok);
    expect(split.ok, "extract and split disagree").toBe(extract.ok);
    expect(organize.ok, "extract and organize disagree").toBe(extract.ok);
    if (removed) expect(removed.ok, "extract and remove disagree").toBe(extract.ok);
    if (merge.ok || extract.ok) expect(analyzed.ok, "analyze refused a file other tools converted").toBe(true);
    await expectPdf(merge, n + 1, "merge");
    await expectPdf(extract, 1, "extract");
    await expectPdf(split, 1, "split");
    await expectPdf(organize, 2, "organize");
    if (removed) await expectPdf(removed, n - 1, "remove");
    for (const [tool, o] of Object.entries(whole)) await expectPdf(o, tool === "nup" ? Math.ceil(n / 2) : n, tool);
    await expectImages(outcomes.images);
    // In grey (with metadata and attachments removed): the same pages, a file qpdf accepts.
    if (outcomes.gray?.ok && analyzed.ok) await expectPdf(outcomes.gray, n, "compress in grey");
    await fillWhatCanBeFilled(file, password, merge.ok, n);
  });
});

describe("corpus walk: images", () => {
  it.each(images)("$path", { timeout: 60_000 }, async (entry) => {
    const bytes = await corpusFile(entry.path);
    const name = entry.path.split("/").pop() ?? "image";
    const outcome = await attempt("jpg-to-pdf", [{ name, bytes, type: "image/jpeg" }]);
    await expectPdf(outcome, 1, "jpg-to-pdf");
    if (entry.kind === "img-jpeg" || entry.kind === "img-png" || entry.kind === "img-webp") {
      const refused = entry.expected.includes("reject");
      expect(outcome.ok, `${entry.path}: ${JSON.stringify(outcome)}`).toBe(!refused);
    }
    if (entry.kind === "img-bomb" && /\.(png|jpe?g)$/.test(name)) {
      expect(outcome.ok ? 200 : outcome.status).toBe(413);
    }
  });
});
