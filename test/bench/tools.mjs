/**
 * The PDF tools benchmark: every tool's engine beside its native reference, same input, same
 * run. Ours runs in a fresh Node process per job (tools-child.mjs): one cold run, then warm
 * runs; the time compared is the warm median (an isolate serves many requests), the cold run
 * is reported beside it. References run as whole processes, `BENCH_RUNS` times, median.
 * Every output, ours and theirs, is read back by qpdf before it counts.
 *
 * The same jobs also run on the visitor's device: the built site's engine worker in Chromium
 * (device.mjs), one fresh worker per job, the same number of runs, the first cold; its outputs
 * are checked by qpdf too. No Chromium, or a site that does not build: those cells say why.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleFile } from "./bundle.mjs";
import { has } from "./corpus.mjs";
import { devicePdfs, startDevice } from "./device.mjs";
import { buildToolsCorpus, PASSWORD } from "./tools-corpus.mjs";
import { toolJobs } from "./tools-jobs.mjs";
import { deviceSummary, oursRuns, refRuns, summarise } from "./tools-measure.mjs";
import { toolsMarkdown } from "./tools-report.mjs";

export const name = "tools";

const ENTRY = fileURLToPath(new URL("./tools-entry.mjs", import.meta.url));

function qpdf(args) {
  try {
    return { code: 0, out: execFileSync("qpdf", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }) };
  } catch (e) {
    return { code: e.status ?? 1, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

/** What qpdf says about a job's outputs: null when they are sound, else the problem. */
function verify(job, files) {
  if (!has("qpdf")) return null;
  if (files.length === 0) return "no output";
  const sample = files.length > 3 ? [files[0], files[files.length >> 1], files.at(-1)] : files;
  for (const file of sample) {
    const pw = job.id === "protect" ? [`--password=${PASSWORD}`] : [];
    const check = qpdf([...pw, "--check", file]);
    if (check.code !== 0) return `qpdf --check ${file}: ${check.out.split("\n").slice(-3).join(" ")}`;
    const enc = qpdf([...pw, "--show-encryption", file]).out;
    if (job.id === "protect" && !/R = 6/.test(enc)) return `${file} is not AES-256 (R6)`;
    if (job.id === "unlock" && !/not encrypted/.test(enc)) return `${file} is still encrypted`;
  }
  return null;
}

function pageCount(file, job) {
  const pw = job.id === "protect" ? [`--password=${PASSWORD}`] : [];
  return Number(qpdf([...pw, "--show-npages", file]).out.trim());
}

export async function run({ E, dir, log }) {
  const bundle = await bundleFile(ENTRY);
  const T = await import(bundle);
  const files = await buildToolsCorpus(E, T, join(dir, "tools"));
  const runs = Math.max(2, Number(process.env.BENCH_RUNS) || 5);
  const work = join(dir, "tools-out");
  const rows = [];
  const summary = [];
  const notes = [];
  const device = await startDevice().catch((e) => ({ failed: e.message.split("\n")[0] }));
  if (!device) notes.push("Chromium is not installed (CHROMIUM_PATH, default /usr/bin/chromium): no device figures");
  else if (device.failed) notes.push(`the device bench could not start: ${device.failed}`);
  try {
    for (const job of toolJobs(files, (n) => join(work, n))) {
      const s = await runJob({ bundle, job, work, runs, notes, rows, log });
      if (device?.run) s.device = await onDevice(device, job, work, runs, s, notes);
      summary.push(s);
    }
  } finally {
    await device?.close?.();
  }
  return {
    rows,
    notes,
    summary,
    markdown: toolsMarkdown(summary),
    tools: { ...toolVersions(), ...(device?.browser ? { device: device.browser } : {}) },
  };
}

/** One job on the device: its runs, its outputs read back by qpdf, compared with the edge engine's. */
async function onDevice(device, job, work, runs, edge, notes) {
  for (const n of readdirSync(work)) if (n.startsWith("device-")) rmSync(join(work, n));
  const answer = await device.run(job, work, runs).catch((e) => ({ error: e.message.split("\n")[0] }));
  if (answer.error) {
    notes.push(`${job.label}: not run on the device: ${answer.error}`);
    return { error: answer.error };
  }
  const pdfs = devicePdfs(answer, work);
  const problem = verify(job, pdfs);
  const pages = pdfs.length === 1 ? pageCount(pdfs[0], job) : pdfs.length;
  const d = deviceSummary(answer, pdfs, problem, pages);
  if (problem) notes.push(`${job.label}: the device's output failed its check: ${problem}`);
  if (pages !== edge.pages) notes.push(`${job.label}: ${pages} pages on the device, ${edge.pages} at the edge`);
  if (Math.abs(d.size / edge.size - 1) > 0.01)
    notes.push(`${job.label}: the device made ${d.size} bytes, the edge engine ${edge.size}`);
  console.info(`  ${job.label}: on the device: ${d.seconds.toFixed(3)} s (cold ${d.coldSeconds.toFixed(3)} s)`);
  return d;
}

/** One job by our engine in Node and by its native reference. */
async function runJob({ bundle, job, work, runs, notes, rows, log }) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const inputBytes = job.inputs.reduce((n, p) => n + statSync(p).size, 0);
  const ours = await oursRuns(bundle, job, work, runs);
  const ourFiles = readdirSync(work)
    .filter((n) => n.startsWith(`${job.id}-`))
    .sort((a, b) => Number(a.match(/(\d+)\.pdf$/)[1]) - Number(b.match(/(\d+)\.pdf$/)[1]))
    .map((n) => join(work, n));
  const problem = verify(job, ourFiles);
  let ref = null;
  if (has(job.ref.cmd)) ref = await refRuns(job.ref, runs);
  else if (!notes.includes(`${job.ref.cmd} is not installed: its rows have no reference`))
    notes.push(`${job.ref.cmd} is not installed: its rows have no reference`);
  const pages = ourFiles.length === 1 ? pageCount(ourFiles[0], job) : ourFiles.length;
  const refPages = ref && job.ref.outputs.length === 1 ? pageCount(job.ref.outputs[0], job) : ref?.files;
  const s = summarise({ job, inputBytes, ours, ref, problem, pages, refPages });
  if (problem) notes.push(`${job.label}: our output failed its check: ${problem}`);
  if (ref && pages !== refPages) notes.push(`${job.label}: ${pages} pages from us, ${refPages} from ${job.ref.cmd}`);
  for (const r of [
    { tool: "ours", seconds: s.seconds, peakMB: s.peakMB, memory: "heap+ext", size: s.size },
    ...(ref ? [{ tool: job.ref.cmd, seconds: ref.seconds, peakMB: ref.peakMB, memory: "RSS", size: ref.size }] : []),
  ]) {
    const row = { group: job.label, input: job.inputs.length, inputBytes, ...r, savedPct: 0, detail: "" };
    rows.push(row);
    log(row);
  }
  return s;
}

function toolVersions() {
  const v = {};
  for (const [tool, args] of [
    ["qpdf", ["--version"]],
    ["img2pdf", ["--version"]],
  ]) {
    if (has(tool)) v[tool] = execFileSync(tool, args, { encoding: "utf8" }).split("\n")[0].trim();
  }
  return v;
}
