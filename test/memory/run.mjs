#!/usr/bin/env node
/**
 * The memory test: every tool's job over every file of the corpus and every hostile input
 * (test/support/hostile.mjs), each in a fresh Node process with the bench's sampler (V8 heap +
 * ArrayBuffers + WebAssembly memory), under the Worker's own budgets. A run fails when its peak
 * passes 100 MB, when it runs past the job's time budget, when it crashes (what would be a 5xx),
 * or when a hostile input that must be refused is not.
 *
 *   node test/memory/run.mjs            every file through every tool (npm run bench -- memory)
 *   node test/memory/run.mjs --quick    a representative subset (part of npm test)
 *
 * Writes test/bench/results/memory{,-quick}.json and .md; exits 1 on any failure.
 */
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleFile } from "../bench/bundle.mjs";
import { machine } from "../bench/machine.mjs";
import { HOSTILE, hostilePath, mustRefuse, toolAttachments, toolFields, toolsFor } from "../support/hostile.mjs";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const CORPUS = here("../fixtures/corpus");
const RESULTS = here("../bench/results");
const LIMIT_MB = Number(process.env.MEMORY_LIMIT_MB) || 100;
const JOB_MS = 30_000;
const JOB_MEMORY_MB = 80;
const quick = process.argv.includes("--quick");
const PARALLEL = Math.max(1, Math.min(cpus().length, Number(process.env.MEMORY_PARALLEL) || 2));

const MIME = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  zip: "application/zip",
};
const KIND_OF_EXT = { ".pdf": "pdf", ".jpg": "jpeg", ".jpeg": "jpeg", ".png": "png", ".webp": "webp" };

/** A small valid PDF that merge pairs each input with. */
const SMALL_PDF = join(CORPUS, "pdf/valid/pysample__minimal-document.pdf");

/** The corpus as INDEX.tsv lists it: path, kind and password of each file. */
function corpus() {
  const [head, ...lines] = readFileSync(join(CORPUS, "INDEX.tsv"), "utf8").trim().split("\n");
  const cols = head.split("\t");
  return lines
    .map((l) => Object.fromEntries(l.split("\t").map((v, i) => [cols[i], v])))
    .map((r) => {
      const ext = r.path.slice(r.path.lastIndexOf(".")).toLowerCase();
      // "user=view; owner=master", "user=(empty)": the user password opens it.
      const user = /user=([^;(]*)/.exec(r.password ?? "")?.[1]?.trim();
      return {
        name: r.path.split("/").pop(),
        path: join(CORPUS, r.path),
        type: KIND_OF_EXT[ext],
        kind: r.kind,
        password: user,
      };
    })
    .filter((f) => f.type);
}

/** The corpus files the quick run takes: one or two of each kind, the bombs included. */
const QUICK_CORPUS = new Set([
  "pysample__pdflatex-4-pages.pdf",
  "pdflib__linearized_with_object_streams.pdf",
  "qpdf__enc-XI-R6_V5_U-view_O-master.pdf",
  "pdfjs__poppler-67295-0.pdf",
  "pdfjs__bomb_giant.pdf",
  "qpdf_fuzz_69977a.pdf",
  "sharp__gain-map.jpg",
  "65536-uint32-limit.png",
]);

/**
 * Quick-set files that every tool refuses the same way, while the file is parsed (the full set
 * runs them through every tool): three tools stand for the rest. The linearized file's 23 jobs
 * were a third of the quick set's time, each the same 413 job_too_large at about 80 MB.
 */
const QUICK_TOOLS = {
  "pdflib__linearized_with_object_streams.pdf": ["merge-pdf", "compress-pdf", "redact-pdf"],
};

function jobsFor(file, hostile) {
  const some = quick ? QUICK_TOOLS[file.name] : undefined;
  const tools = toolsFor({ type: file.type }).filter((slug) => !some || some.includes(slug));
  return tools.map((slug) => {
    const files = [{ path: file.path, name: file.name, type: MIME[file.type] }];
    const fields = toolFields(slug);
    if (slug === "merge-pdf") files.push({ path: SMALL_PDF, name: "small.pdf", type: MIME.pdf });
    // The 10,000-page tree is split whole, as the issue measured it; other files by their first page.
    if (slug === "split-pages" && hostile?.name === "pages-10000.pdf") fields.selectedPages = "1-10000";
    // An encrypted corpus file is opened with its password by every tool (unlock's field too).
    if (file.password && slug !== "protect-pdf") fields.password = file.password;
    const attachments = toolAttachments(slug).map(({ bytes, ...a }) => ({
      ...a,
      base64: Buffer.from(bytes).toString("base64"),
    }));
    return {
      slug,
      files,
      fields,
      attachments,
      timeMs: JOB_MS,
      memoryMB: JOB_MEMORY_MB,
      label: `${file.name} -> ${slug}`,
      hostile,
    };
  });
}

function runChild(bundle, job) {
  return new Promise((resolve) => {
    const { label, hostile, ...spec } = job;
    execFile(
      process.execPath,
      // The old generation at an isolate's size: V8 collects as a Worker's would under its
      // 128 MB limit, so peaks are what is live plus what a collection under pressure leaves.
      ["--expose-gc", "--max-old-space-size=128", here("./child.mjs"), bundle, JSON.stringify(spec)],
      // Each child compiles the 4 MB bundle: V8's code cache, shared by all, saves a fifth of that.
      { timeout: JOB_MS + 20_000, maxBuffer: 1 << 24, encoding: "utf8", env: { ...process.env, NODE_COMPILE_CACHE } },
      (err, stdout, stderr) => {
        let r;
        try {
          r = JSON.parse(stdout);
        } catch {
          r = { status: "crash", error: (stderr || err?.message || "no output").slice(0, 2000) };
        }
        const mayPass = hostile ? !mustRefuse(hostile, job.slug) : true;
        resolve({ label, slug: job.slug, hostile: hostile?.name ?? null, mayPass, ...r });
      },
    );
  });
}

function verdict(r) {
  const peakMB = (r.peakBytes ?? 0) / 1e6;
  if (r.status === "crash" || r.status === "timeout") return `${r.status}: ${String(r.error ?? "").split("\n")[0]}`;
  if (typeof r.status === "number" && r.status >= 500) return `server error: ${String(r.error).split("\n")[0]}`;
  if (peakMB > LIMIT_MB) return `peak ${peakMB.toFixed(0)} MB is over ${LIMIT_MB} MB`;
  if (r.ms > JOB_MS) return `took ${(r.ms / 1000).toFixed(1)} s, past the ${JOB_MS / 1000} s budget`;
  if (!r.mayPass && r.status === 200) return "a hostile input that must be refused was processed";
  return null;
}

const bundle = await bundleFile(here("./entry.ts"));
const NODE_COMPILE_CACHE = join(dirname(bundle), "compile-cache");
const jobs = [];
/**
 * The quick set sends each hostile input through half of its tools, alternating, so every tool
 * meets about half of the inputs and each input half of the tools (and always the tools named as
 * ones that must refuse it); the full set (npm run bench -- memory) sends every input through
 * every tool.
 */
const inQuickHalf = (h, n, i, slug) => (Array.isArray(h.refuse) && h.refuse.includes(slug)) || (n + i) % 2 === 0;

for (const [n, h] of HOSTILE.entries()) {
  if (quick && !h.quick) continue;
  const path = await hostilePath(h);
  const all = jobsFor({ path, name: h.name, type: h.type }, h);
  jobs.push(...(quick && all.length > 1 ? all.filter((j, i) => inQuickHalf(h, n, i, j.slug)) : all));
}
for (const f of corpus()) {
  if (quick && !QUICK_CORPUS.has(f.name)) continue;
  jobs.push(...jobsFor(f, null));
  // Compress to a size searches (tiles, a thumbnail, whole encodes, and for PDFs rungs and
  // saves): its memory is measured on the quick set's files too, with a target they cannot reach
  // without it.
  if (!QUICK_CORPUS.has(f.name)) continue;
  for (const job of jobsFor(f, null).filter((j) => j.slug.startsWith("compress-"))) {
    jobs.push({ ...job, fields: { ...job.fields, targetSize: "20000" }, label: `${job.label} (targetSize 20000)` });
  }
}
// MEMORY_ONLY=name,name runs only the jobs of those inputs (to look at one again).
const only = process.env.MEMORY_ONLY?.split(",");
if (only) jobs.splice(0, jobs.length, ...jobs.filter((j) => only.some((o) => j.label.startsWith(`${o} `))));
console.info(
  `memory: ${jobs.length} jobs (${quick ? "quick" : "full"} set), ${PARALLEL} at a time, limit ${LIMIT_MB} MB`,
);

const results = [];
let next = 0;
const started = Date.now();
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const r = await runChild(bundle, job);
      r.problem = verdict(r);
      results.push(r);
      if (r.problem) console.error(`  FAIL ${r.label}: ${r.problem}`);
    }
  }),
);
const failed = results.filter((r) => r.problem);
const worst = [...results].sort((a, b) => (b.peakBytes ?? 0) - (a.peakBytes ?? 0)).slice(0, 15);
const fmt = (r) =>
  `| ${r.label} | ${r.status}${r.code ? ` ${r.code}` : ""} | ${((r.peakBytes ?? 0) / 1e6).toFixed(1)} MB | ${((r.accountedPeak ?? 0) / 1e6).toFixed(1)} MB | ${((r.ms ?? 0) / 1000).toFixed(2)} s |`;
const table = [
  `${results.length} jobs, ${failed.length} failed, ${((Date.now() - started) / 1000).toFixed(0)} s (${PARALLEL} at a time); limit ${LIMIT_MB} MB peak, ${JOB_MS / 1000} s.`,
  "",
  "Highest peaks:",
  "",
  "| job | answer | peak (heap + external) | accounted by the budget | time |",
  "|---|---|--:|--:|--:|",
  ...worst.map(fmt),
  "",
  "Hostile inputs (slowest answer and highest peak over their tools):",
  "",
  "| input | answers | highest peak | slowest |",
  "|---|---|--:|--:|",
  ...HOSTILE.filter((h) => results.some((r) => r.hostile === h.name)).map((h) => {
    const mine = results.filter((r) => r.hostile === h.name);
    const answers = [...new Set(mine.map((r) => `${r.status}${r.code ? ` ${r.code}` : ""}`))].join(", ");
    const peak = Math.max(...mine.map((r) => r.peakBytes ?? 0)) / 1e6;
    const slow = Math.max(...mine.map((r) => r.ms ?? 0)) / 1000;
    return `| ${h.name} (${(statSync(mine[0] ? jobs.find((j) => j.label === mine[0].label).files[0].path : "").size / 1e6).toFixed(2)} MB): ${h.what} | ${answers} | ${peak.toFixed(1)} MB | ${slow.toFixed(2)} s |`;
  }),
  ...(failed.length ? ["", "Failures:", "", ...failed.map((r) => `- ${r.label}: ${r.problem}`)] : []),
].join("\n");
console.info(`\n${table}\n`);
mkdirSync(RESULTS, { recursive: true });
const name = quick ? "memory-quick" : "memory";
writeFileSync(
  join(RESULTS, `${name}.json`),
  `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), limitMB: LIMIT_MB, results }, null, 2)}\n`,
);
writeFileSync(join(RESULTS, `${name}.md`), `${table}\n`);
process.exitCode = failed.length > 0 ? 1 : 0;
