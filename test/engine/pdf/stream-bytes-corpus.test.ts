import { readFile } from "node:fs/promises";
import { join } from "node:path";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { type ConvertSlug, convertOptions } from "../../../schema/options";
import { Budget } from "../../../worker/engine/core/budget";
import { isEngineError } from "../../../worker/engine/core/errors";
import { loadPdf } from "../../../worker/engine/pdf/document";
import { engineTools, type ToolFile, type ToolOutput } from "../../../worker/engine/tools";
import { CORPUS, corpus } from "../support/oracles";
import { FIXTURES } from "./stream-fixtures";
import { guessedStreamLength, missingFrom, qpdfStreams, type StreamView } from "./stream-judge";

/**
 * The tools that do not change content give back every stream's bytes: rotate, merge, organize,
 * edit metadata, and protect then unlock. qpdf judges: each output page has the input page's
 * content streams, in order, and reaches the same streams (fonts, images, forms, annotations);
 * a tool that keeps the whole document keeps every stream of it; and qpdf warns about no output
 * whose input it reads without a warning (a Flate stream cut short decodes, with a warning).
 *
 * What is not judged: an output a tool refuses (the corpus walk checks that refusals are 4xx),
 * a file qpdf cannot read or finds no page in, and the bytes of a file where qpdf itself had to
 * guess where a stream ends (a /Length wrong, missing or not a number): its guess keeps the end
 * of line before "endstream", ours leaves it out, and neither is the file's word.
 *
 * `npm test` takes the files that once lost their streams' last byte (indirect /Length, data
 * ending in an end of line: qpdf's QDF files, ImageMagick's, hand-made ones) and a sample of the
 * rest; CORPUS_WALK=all (`npm run bench -- walk`) takes every PDF of the corpus, and
 * STREAM_ONLY=name,name the files whose path holds one of the names.
 */
interface Entry {
  path: string;
  kind: string;
  password?: string;
}

const SAMPLE = new Set([
  "pdf/valid/qpdf__inline-images.pdf", // QDF: 276 streams with indirect lengths, data ending in LF and CRLF
  "pdf/valid/qpdf__hybrid-xref.pdf",
  "pdf/valid/qpdf__big-ostream.pdf", // object streams beside an indirect length
  "pdf/valid/qpdf__inherited-rotate.pdf",
  "pdf/valid/pysample__imagemagick-lzw.pdf",
  "pdf/valid/pysample__imagemagick-ASCII85Decode.pdf",
  "pdf/valid/pdfjs__issue5747.pdf",
  "pdf/valid/pdflib__with_update_sections.pdf", // incrementally updated
  "pdf/valid/pysample__pdflatex-4-pages.pdf", // pdfTeX
  "pdf/valid/pdfjs__TAMReview.pdf",
  "pdf/encrypted/qpdf__enc-R3_V2.pdf", // RC4, indirect lengths
  "pdf/encrypted/qpdf__c-r4.pdf",
  "pdf/encrypted/qpdf__enc-XI-R6_V5_U-view_attachments_cleartext-metadata.pdf",
  "pdf/malformed/qpdf__outlines-with-loop.pdf",
]);

const walkAll = process.env.CORPUS_WALK === "all";
/** qpdf takes 20 s to reconstruct some fuzzed files, twice over when a tool accepts them. */
const TIMEOUT_MS = walkAll ? 300_000 : 60_000;
const ONLY = process.env.STREAM_ONLY?.split(",");

async function corpusEntries(): Promise<Entry[]> {
  const tsv = await readFile(join(CORPUS, "INDEX.tsv"), "utf8");
  return tsv
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split("\t"))
    .filter(([path]) => path.startsWith("pdf/"))
    .map(([path, , , kind, passwords]) => {
      // The user password, or the owner's when nobody knows the user's.
      const user = /user=([^;\s]+)/.exec(passwords ?? "")?.[1];
      const password = user === "unknown" ? /owner=([^;\s]+)/.exec(passwords)?.[1] : user;
      return { path, kind, password: password === "(empty)" ? "" : password };
    });
}

const entries = (await corpusEntries()).filter((e) =>
  ONLY ? ONLY.some((o) => e.path.includes(o)) : walkAll || SAMPLE.has(e.path),
);

/**
 * A tool's output, which input page each of its pages is, and what else it keeps: every stream
 * of the document, every one but the XMP metadata, or only what the pages reach.
 */
type Kept = "document" | "document but its XMP" | "pages";
type Run = (file: ToolFile) => Promise<{ out: Uint8Array; pages: (n: number) => number[]; kept: Kept }>;

/** More memory than a Worker's job has: a file too big for one (85,000 objects) is judged too. */
const budget = () => new Budget(120_000, { memory: 512 * 1024 * 1024 });
const options = <S extends ConvertSlug>(slug: S, raw: Record<string, string>) =>
  v.parse(convertOptions[slug], { passwords: "{}", ...raw });

async function only(slug: ConvertSlug, files: ToolFile[], raw: Record<string, string>): Promise<Uint8Array> {
  // biome-ignore lint/suspicious/noExplicitAny: each slug's own options, read by its own schema
  const tool = engineTools[slug] as { run(f: ToolFile[], o: any, b: Budget): Promise<{ outputs: unknown[] }> };
  const result = await tool.run(files, options(slug, raw), budget());
  const out = result.outputs[0] as ToolOutput | { ok: false; error: string; code: string };
  if (!out.ok) throw Object.assign(new Error(out.error), { code: out.code });
  return out.bytes;
}

const same = (n: number) => Array.from({ length: n }, (_, i) => i);
const password = (file: ToolFile): Record<string, string> => (file.password ? { password: file.password } : {});

const TOOLS: Record<string, Run> = {
  rotate: async (f) => ({
    out: await only("rotate-pdf", [f], { angle: "90", ...password(f) }),
    pages: same,
    kept: "document",
  }),
  "edit metadata": async (f) => ({
    out: await only("edit-metadata", [f], { info: JSON.stringify({ title: "Judged" }), ...password(f) }),
    pages: same,
    // Edit metadata drops the XMP stream, which would contradict the fields it sets.
    kept: "document but its XMP",
  }),
  merge: async (f) => ({
    out: await only("merge-pdf", [f, { ...f, name: "again.pdf" }], password(f)),
    pages: (n) => [...same(n), ...same(n)],
    kept: "pages",
  }),
  organize: async (f) => {
    // The pages in reverse; a file the engine cannot open is refused here as organize would.
    const count = (await loadPdf(f.bytes, { password: f.password })).getPageCount();
    const plan = JSON.stringify(same(count).map((i) => ({ file: 0, page: count - i })));
    const out = await only("organize-pdf", [f], { plan, ...password(f) });
    return { out, pages: (n) => same(n).reverse(), kept: "pages" };
  },
  "protect, unlock": async (f) => {
    const locked = await only("protect-pdf", [{ ...f, password: undefined }], { password: "judge" });
    const out = await only("unlock-pdf", [{ ...f, bytes: locked }], { password: "judge" });
    // Protect takes a PDF/A claim out of the XMP metadata: an encrypted file is no archive file.
    return { out, pages: same, kept: "document but its XMP" };
  },
};

function judge(input: StreamView, output: StreamView | null, pages: number[], kept: Kept, what: string): void {
  expect(output, `qpdf reads ${what}`).not.toBeNull();
  const got = output as StreamView;
  expect(got.pages.length, `${what}: pages`).toBe(pages.length);
  // Where qpdf had to guess a stream's end, its guess is no measure of ours.
  if (guessedStreamLength(input)) return;
  pages.forEach((from, i) => {
    expect(got.pages[i].contents, `${what}: page ${i + 1}'s content streams`).toEqual(input.pages[from].contents);
    expect(got.pages[i].reached, `${what}: the streams page ${i + 1} reaches`).toEqual(input.pages[from].reached);
  });
  if (kept !== "pages") {
    const lost = missingFrom(got.all, input.all).filter((d) => kept === "document" || d !== input.metadata);
    expect(lost, `${what}: streams lost`).toEqual([]);
  }
  if (input.warnings.length === 0) expect(got.warnings, `${what}: qpdf's warnings`).toEqual([]);
}

async function attempt(run: Run, file: ToolFile) {
  try {
    return await run(file);
  } catch (err) {
    // A file a tool refuses (damaged, a bomb, a password it is not given) has no output to judge.
    if (isEngineError(err) || (err as { code?: string }).code) return null;
    throw err;
  }
}

/**
 * Every tool on `file`, each output judged against qpdf's reading of the input; the tools judged.
 * qpdf reads the input only once a tool has given something back (a bomb is refused at once, and
 * takes qpdf long to decode); a file qpdf cannot read, or finds no page in, is not judged.
 */
async function walk(file: ToolFile): Promise<string[]> {
  const judged: string[] = [];
  let input: Promise<StreamView | null> | undefined;
  const view = () => {
    input ??= qpdfStreams(file.bytes, file.password);
    return input;
  };
  for (const [name, run] of Object.entries(TOOLS)) {
    const done = await attempt(run, file);
    if (!done) continue;
    const seen = await view();
    if (!seen || seen.pages.length === 0) break;
    judge(seen, await qpdfStreams(done.out), done.pages(seen.pages.length), done.kept, `${file.name} ${name}`);
    judged.push(name);
  }
  return judged;
}

describe("tools that do not change content give back every stream's bytes, as qpdf reads them", () => {
  for (const e of entries) {
    it(
      e.path,
      async () => {
        if (e.password === undefined && e.kind === "pdf-encrypted") return; // nobody knows its password
        const file: ToolFile = {
          name: e.path.split("/").pop() as string,
          kind: "pdf",
          bytes: await corpus(e.path),
          password: e.password,
        };
        const judged = await walk(file);
        if (SAMPLE.has(e.path)) expect(judged.length, "tools judged").toBeGreaterThanOrEqual(4);
      },
      TIMEOUT_MS,
    );
  }

  for (const f of FIXTURES) {
    it(`made: ${f.name}`, async () => {
      const bytes = await f.make();
      expect((await qpdfStreams(bytes, f.password))?.warnings, "qpdf reads it as it is").toEqual([]);
      // Protect refuses a file that already has a password.
      const tools = Object.keys(TOOLS).filter((t) => f.password === undefined || t !== "protect, unlock");
      expect(await walk({ name: f.name, kind: "pdf", bytes, password: f.password })).toEqual(tools);
    });
  }
});
