/**
 * `npm run bench -- documents`: real documents through Compress PDF (recommended, the page's
 * defaults, through the engine's job pipeline) beside ghostscript's /ebook and qpdf's best
 * lossless rewrite. Every PDF of the shared corpus's pdf/valid and pdf/documents whose text
 * pdftotext reads (BENCH_CORPUS names another corpus; the repository's copy lacks pdf/documents),
 * and the producer documents of test/fixtures/documents (LibreOffice Writer and Calc, pdfTeX,
 * Ghostscript, Chromium, a scanned page read by OCR). Each output is judged by poppler: the
 * whole text as pdftotext reads it, and every page drawn at 72 dpi in grey, SSIM against the
 * original's (the lowest page kept, and how many pages are pixel for pixel the same). Where the
 * bytes go is read by qpdf (byte-kinds.mjs), before and after each tool. A document ours refuses
 * is measured again where its answer sends the person (the "low" level, or the device).
 * BENCH_ROWS="writer" narrows the run to the documents whose name contains it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { byteKinds } from "./byte-kinds.mjs";
import { documentsMarkdown } from "./documents-report.mjs";
import { engine, native } from "./measure.mjs";

export const name = "documents";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const CORPUS = process.env.BENCH_CORPUS ?? here("../../../shared/corpus");
const MADE = here("../fixtures/documents");
/** The producer documents by file, as the report names their producer. */
const MADE_BY = {
  "writer-report.pdf": "LibreOffice Writer",
  "calc-ledger.pdf": "LibreOffice Calc",
  "pdftex-article.pdf": "pdfTeX, Type 1 fonts",
  "ghostscript-guide.pdf": "groff + ps2pdf (Ghostscript)",
  "chromium-page.pdf": "Chromium, print to PDF",
  "scanned-ocr.pdf": "scan + ocrmypdf (tesseract)",
};
const DPI = 72;

const text = (file) => {
  const r = spawnSync("pdftotext", [file, "-"], { encoding: "latin1", maxBuffer: 1 << 28 });
  return r.status === 0 ? r.stdout : null;
};
const info = (file) => {
  const r = spawnSync("pdfinfo", [file], { encoding: "latin1" });
  const field = (k) => new RegExp(`^${k}:\\s*(.*)$`, "m").exec(r.stdout ?? "")?.[1]?.trim() ?? "";
  return { pages: Number(field("Pages")) || null, producer: field("Producer") || field("Creator") };
};

/** The documents: every corpus PDF with text, then the producer documents. */
function documents(notes) {
  const docs = [];
  for (const folder of ["pdf/documents", "pdf/valid"]) {
    const dir = join(CORPUS, folder);
    if (!existsSync(dir)) {
      notes.push(`${dir} is not there: its documents are skipped`);
      continue;
    }
    for (const f of readdirSync(dir)
      .filter((f) => f.endsWith(".pdf"))
      .sort()) {
      const path = join(dir, f);
      const t = text(path);
      if (!t?.trim()) {
        notes.push(`${folder}/${f}: no text for pdftotext to read, not a text document: left out`);
        continue;
      }
      const { pages, producer } = info(path);
      docs.push({ document: basename(f, ".pdf"), from: folder, path, pages, producer: shortProducer(producer) });
    }
  }
  for (const [f, producer] of Object.entries(MADE_BY)) {
    const path = join(MADE, f);
    docs.push({
      document: basename(f, ".pdf"),
      from: "test/fixtures/documents",
      path,
      pages: info(path).pages,
      producer: `${producer} (${shortProducer(info(path).producer)})`,
    });
  }
  const only = process.env.BENCH_ROWS;
  return only ? docs.filter((d) => d.document.includes(only)) : docs;
}

function shortProducer(p) {
  return (
    p
      .replace(/\s*\(?http\S*\)?/g, "")
      .replace(/\s*Copyright.*$/, "")
      .replace(/\s*-?\s*www\.\S+/, "")
      .slice(0, 40)
      .trim() || "unnamed"
  );
}

/** Every page drawn in grey at DPI, one file a page, in page order. */
function render(file, dir, root) {
  spawnSync("pdftoppm", ["-r", String(DPI), "-gray", file, join(dir, root)]);
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${root}-`))
    .sort()
    .map((f) => join(dir, f));
}

function pgm(path) {
  const b = readFileSync(path);
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(b.subarray(0, 40).toString("latin1"));
  return { width: Number(m[1]), height: Number(m[2]), data: new Uint8Array(b.subarray(m[0].length)) };
}

/** The lowest page SSIM of `file` against the original's pages, and how many pages are identical. */
function pagesAgainst(E, original, file, dir) {
  const pages = render(file, dir, "out");
  try {
    if (pages.length !== original.length) return { minSsim: null, identical: 0, pagesDiffer: true };
    let min = 1;
    let identical = 0;
    for (let i = 0; i < pages.length; i++) {
      const a = pgm(original[i]);
      const b = pgm(pages[i]);
      if (a.width !== b.width || a.height !== b.height) return { minSsim: null, identical, pagesDiffer: true };
      if (Buffer.compare(a.data, b.data) === 0) {
        identical++;
        continue;
      }
      min = Math.min(min, E.ssim(a.data, b.data, a.width, a.height, "gray"));
    }
    return { minSsim: Math.round(min * 10000) / 10000, identical };
  } finally {
    for (const p of pages) rmSync(p, { force: true });
  }
}

export async function run({ E, bundle, dir }) {
  // Read before the documents: the bundle was made from the tree as it was when the run began.
  const state = engineState();
  const load = () => loadavg()[0].toFixed(1);
  const notes = [`load average ${load()} on ${cpus().length} cores when the run began`];
  const work = join(dir, "documents");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const rows = [];
  for (const doc of documents(notes)) {
    const original = render(doc.path, work, "orig");
    const before = text(doc.path);
    const judge = (file) => ({
      text: text(file) === before ? "same" : "differs",
      ...pagesAgainst(E, original, file, work),
      kinds: byteKinds(file).kinds,
    });
    const row = { ...doc, bytes: readFileSync(doc.path).length, kinds: byteKinds(doc.path).kinds };
    const tools = {
      ours: (o) => engine(bundle, "compress-pdf", doc.path, o, {}),
      gs: (o) =>
        native(
          "gs",
          [
            "-q",
            "-dNOPAUSE",
            "-dBATCH",
            "-dSAFER",
            "-sDEVICE=pdfwrite",
            "-dPDFSETTINGS=/ebook",
            `-sOutputFile=${o}`,
            doc.path,
          ],
          o,
        ),
      qpdf: (o) =>
        native(
          "qpdf",
          ["--recompress-flate", "--compression-level=9", "--object-streams=generate", doc.path, o],
          o,
          [0, 3],
        ),
    };
    for (const [tool, make] of Object.entries(tools)) {
      const o = join(work, `${tool}.pdf`);
      const measured = (r) => ({ size: r.size, seconds: r.seconds, peakMB: r.peakMB, memory: r.memory, ...judge(o) });
      try {
        const r = await make(o);
        row[tool] = measured(r);
        if (tool === "ours") row[tool].message = r.detail;
      } catch (err) {
        const error = /EngineError: (.*)/.exec(err.message)?.[1] ?? String(err.message).split("\n")[0];
        row[tool] = { error };
        notes.push(`${doc.document}: ${tool} failed: ${error.slice(0, 300)}`);
        // A refusal whose answer points elsewhere is measured there too: "low" when an image is
        // too large to re-encode, the device (its largest budget) when the job's memory is too small.
        const instead =
          tool !== "ours"
            ? null
            : /"low" level/.test(error)
              ? { options: { level: "low" }, as: "at low" }
              : /memory one job can use here/.test(error)
                ? { options: { memoryMB: 2048 }, as: "on the device's 2 GB budget" }
                : null;
        if (instead) {
          try {
            const r = await engine(bundle, "compress-pdf", doc.path, o, instead.options);
            row.ours = { ...measured(r), message: r.detail, level: instead.as, refused: error };
          } catch (e) {
            notes.push(`${doc.document}: ours ${instead.as} failed too: ${String(e.message).slice(0, 200)}`);
          }
        }
      }
      rmSync(o, { force: true });
    }
    for (const p of original) rmSync(p, { force: true });
    rows.push(row);
    const fmt = (t) => (row[t].error ? "failed" : `${row[t].size} B in ${row[t].seconds.toFixed(2)} s`);
    console.info(`  ${doc.document} (${row.bytes} B): ours ${fmt("ours")}; gs ${fmt("gs")}; qpdf ${fmt("qpdf")}`);
  }
  rmSync(work, { recursive: true, force: true });
  notes.push(
    `load average ${load()} when it ended: other work shared the machine, so compare sizes and quality more than times`,
  );
  const result = { rows, notes, tools: versions(), engine: state, dpi: DPI };
  return { ...result, markdown: documentsMarkdown(result) };
}

function versions() {
  const first = (cmd, args) =>
    execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
      .split("\n")[0]
      .trim();
  const poppler = spawnSync("pdftoppm", ["-v"], { encoding: "utf8" }).stderr.split("\n")[0].trim();
  return { gs: first("gs", ["--version"]), qpdf: first("qpdf", ["--version"]), poppler };
}

/** The commit the engine was measured at, and whether worker/engine had changes not committed. */
function engineState() {
  const git = (args) => spawnSync("git", args, { encoding: "utf8", cwd: here("../..") }).stdout.trim();
  return {
    commit: git(["rev-parse", "--short", "HEAD"]),
    uncommitted: git(["status", "--porcelain", "worker/engine"]).length > 0,
  };
}
