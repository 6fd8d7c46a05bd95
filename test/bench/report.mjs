#!/usr/bin/env node
/**
 * docs/benchmarks.md, made from the bench's results: each results/<group>.json as a table, with
 * the date it was measured and the machine it ran on, then the records kept by hand in
 * records.md (figures no JSON holds: before-and-after comparisons, older runs). `npm run bench`
 * writes it after its groups; `npm run bench -- report` (or `node test/bench/report.mjs`) only
 * writes it, from the results already there.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadMarkdown } from "../load/report.mjs";
import { documentsMarkdown } from "./documents-report.mjs";
import { lighthouseMarkdown } from "./lighthouse.mjs";
import { startupMarkdown } from "./startup.mjs";
import { toolsMarkdown } from "./tools-report.mjs";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const RESULTS = here("./results/");
const RECORDS = here("./records.md");
export const REPORT = here("../../docs/benchmarks.md");

const fmtBytes = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} MB` : `${(n / 1e3).toFixed(1)} KB`);
const cell = (v, f = (x) => String(x)) => (v === null || v === undefined ? "–" : f(v));

/** The compression groups' rows as a table (compress.mjs's rows: ours and the reference tools). */
export function markdown(rows) {
  // The text column (pdftotext of output and input compared) appears when some rows are PDFs.
  const text = rows.some((r) => r.text !== undefined);
  const head = `| input | tool | time | peak memory | output | saved | SSIM | butteraugli |${text ? " text |" : ""}`;
  const lines = [head, `|---|---|--:|--:|--:|--:|--:|--:|${text ? ":-:|" : ""}`];
  for (const r of rows) {
    lines.push(
      `| ${r.group} (${fmtBytes(r.inputBytes)}) | ${r.tool} | ${r.seconds.toFixed(2)} s | ${r.peakMB.toFixed(0)} MB ${r.memory === "RSS" ? "RSS" : ""} | ${fmtBytes(r.size)} | ${r.savedPct}% | ${cell(r.ssim, (x) => x.toFixed(4))} | ${cell(r.butteraugli)} |${text ? ` ${cell(r.text)} |` : ""}`,
    );
  }
  return lines.join("\n");
}

/**
 * The groups in the order the page shows them: a title, what was measured, and the table. A
 * results file not named here is shown after them with its own markdown. memory-quick.json is
 * left out: `npm test` rewrites it on every run (the memory test's quick set, not a benchmark).
 */
const SECTIONS = [
  {
    file: "compress",
    title: "Compression against the reference tools",
    what: "`npm run bench -- compress`: the compression engines on the generated corpus, beside ghostscript, qpdf, cjpeg, cwebp, optipng and pngquant, the compress-to-a-size rows included. Time is wall clock (median of three for jobs under 5 s); peak memory is heap + external for ours, RSS for the others.",
    table: (d) => markdown(d.rows),
  },
  {
    file: "documents",
    title: "Compression of real documents",
    what: "`npm run bench -- documents`: every text document of the shared corpus (`pdf/valid` and `pdf/documents`: those whose text pdftotext reads) and the producer documents of `test/fixtures/documents` (LibreOffice Writer and Calc, pdfTeX, Ghostscript, Chromium, a scanned page read by OCR), through Compress PDF as the site runs it (the job pipeline, recommended level, the page's defaults), beside `gs -dPDFSETTINGS=/ebook` and `qpdf --recompress-flate --compression-level=9 --object-streams=generate`. Sizes in bold are the smallest of the row, ⚠ marks a row where ours is not. Time is wall clock (median of three under 5 s), peak memory heap + external for ours. Text: the whole document's pdftotext output against the original's. SSIM: every page drawn by poppler, the lowest page's, = when every page is pixel for pixel the original's.",
    table: (d) => documentsMarkdown(d),
  },
  {
    file: "compress-targets",
    title: "Compression to a size, the size rows alone",
    what: "An earlier run of the size-target rows alone (`BENCH_COMPRESS=targets npm run bench -- compress`), kept under its own name, on a loaded machine: compare its sizes and quality, not its times. Its photo PDF rows predate the search above the recommended level; the run above has the current figures.",
    table: (d) => markdown(d.rows),
  },
  {
    file: "gray",
    title: "Grayscale over the corpus",
    what: "`npm run bench -- gray`: every corpus PDF through Compress PDF in grey (level low, metadata and attachments removed too), each in a fresh process under the Worker's budgets; each output checked by qpdf (page count), poppler (every pixel grey) and pdftotext (the same text).",
    table: (d) => d.markdown,
  },
  {
    file: "tools",
    title: "PDF tools against qpdf and img2pdf",
    what: "`npm run bench -- tools`: each PDF tool's engine in Node (warm median, cold in brackets) and on the device in Chromium, beside the native tool; every output read back by qpdf.",
    table: (d) => toolsMarkdown(d.summary),
  },
  {
    file: "startup",
    title: "The Worker: bundle and start-up",
    what: "`npm run bench -- startup`: the deploy bundle's size, the startup phase's CPU time, and a cold start under wrangler dev.",
    table: (d) => startupMarkdown(d.summary),
  },
  {
    file: "memory",
    title: "Memory test, the whole set",
    what: "`npm run bench -- memory`: every corpus file and every hostile input through every tool, each job in a fresh Node process held to an isolate's 128 MB.",
    table: (d) => d.markdown,
  },
  {
    file: "hostile",
    title: "Hostile inputs against the server",
    what: "`npm run bench -- hostile`: each hostile input to every tool that takes it, against `wrangler dev`; the isolate's own memory read through the inspector, workerd's RSS beside it; then eight 24.8 MB compressions at once.",
    table: (d) => d.markdown,
  },
  {
    file: "lighthouse",
    title: "Lighthouse: the home page and two tool pages on a phone",
    what: "`npm run bench -- lighthouse`: Lighthouse's mobile profile (4x slower CPU, simulated slow 4G) against the built site under `wrangler dev`, as `npm start` serves it; three runs a page, each in a fresh Chromium, the run of median Performance shown. Script before first paint: what the first paint waits for (none when the page's HTML holds the page, drawn at build time); script in all: every script the page loaded, as transferred. TBT is the page's code running on the main thread, times four: it grows with the machine's load (noted below).",
    table: (d) => lighthouseMarkdown(d),
  },
  {
    file: "load",
    title: "Load, hostile inputs and faults",
    what: "`npm run load`: 20 clients for 60 s against a local server, every result checked by tools that did not write it, hostile inputs between them, then dropped uploads.",
    table: (d) => loadMarkdown(d),
  },
];

const SKIPPED = new Set(["memory-quick"]);

/** "AMD EPYC, 2 cores, 25.3 GB, Node v22.23.3, linux x64". */
export function machineName(m) {
  if (!m) return "an unrecorded machine";
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB, Node ${m.node}, ${m.platform}`;
}

/** "2026-11-26 14:27 UTC". */
const when = (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

function toolsLine(tools) {
  const names = Object.entries(tools ?? {})
    .filter(([name]) => name !== "device")
    .map(([name, version]) =>
      !version ? name : version.toLowerCase().startsWith(name) ? version : `${name} ${version}`,
    );
  const device = tools?.device ? [`on the device: ${tools.device}`] : [];
  const all = [...names, ...device];
  return all.length ? `Tools: ${all.join("; ")}.` : "";
}

function section({ file, title, what, table }, doc) {
  const notes = (doc.notes ?? []).map((n) => `- note: ${n}`);
  return [
    `## ${title}`,
    "",
    `Measured ${when(doc.date)} on ${machineName(doc.machine)}. From \`test/bench/results/${file}.json\`.`,
    "",
    what,
    "",
    toolsLine(doc.tools),
    "",
    table(doc).trim(),
    ...(notes.length ? ["", ...notes] : []),
    "",
  ]
    .filter((line, i, all) => !(line === "" && all[i - 1] === ""))
    .join("\n");
}

/** The whole page, from the results directory and the records. */
export function report() {
  const files = readdirSync(RESULTS)
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -5));
  const known = SECTIONS.filter((s) => files.includes(s.file));
  const others = files
    .filter((f) => !SECTIONS.some((s) => s.file === f) && !SKIPPED.has(f))
    .map((file) => ({ file, title: file, what: "", table: (d) => d.markdown ?? markdown(d.rows ?? []) }));
  const parts = [...known, ...others].map((s) =>
    section(s, JSON.parse(readFileSync(`${RESULTS}${s.file}.json`, "utf8"))),
  );
  const records = existsSync(RECORDS) ? readFileSync(RECORDS, "utf8").trim() : "";
  return [
    "# Benchmarks",
    "",
    "<!-- Generated by test/bench/report.mjs from test/bench/results/*.json and test/bench/records.md. Do not edit: run `npm run bench -- report`. -->",
    "",
    "Each table below is made from the JSON the bench wrote (`test/bench/results/`), and says when and on",
    "which machine it was measured. `npm run bench` rewrites the results and this page; `npm run bench -- report`",
    "rewrites only this page. How each group measures, and what it needs installed: [testing.md](testing.md#benchmarks).",
    "Times from different days and machines do not compare: compare the rows of one table.",
    "",
    ...parts,
    records,
    "",
  ].join("\n");
}

export function writeReport() {
  writeFileSync(REPORT, report());
  return REPORT;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.info(`written: ${writeReport()}`);
}
