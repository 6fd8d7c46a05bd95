/** Running the tools benchmark's jobs and reducing the runs to the figures the report shows. */
import { execFile } from "node:child_process";
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MEMORY_CAP_MB, MEMORY_RATIO_TARGET, TIME_TARGET } from "./tools-jobs.mjs";

const CHILD = fileURLToPath(new URL("./tools-child.mjs", import.meta.url));

function exec(cmd, args) {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { maxBuffer: 1 << 26, encoding: "utf8", timeout: 10 * 60_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} ${args.slice(0, 4).join(" ")}: ${stderr || err.message}`));
      else resolve({ stdout, stderr });
    });
  });
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Our engine: one process, `runs` runs (the first cold). */
export async function oursRuns(bundle, job, outDir, runs) {
  const args = [
    "--expose-gc",
    CHILD,
    bundle,
    job.id,
    JSON.stringify(job.inputs),
    outDir,
    JSON.stringify(job.options ?? {}),
    String(runs),
  ];
  const r = JSON.parse((await exec(process.execPath, args)).stdout);
  return { runs: r.runs, size: r.size, files: r.files };
}

/** The native tool, `runs` times as a whole process; memory is its peak resident set. */
export async function refRuns(ref, runs) {
  const times = [];
  let rssKb = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const { stderr } = await exec("/usr/bin/time", ["-f", "%M", ref.cmd, ...ref.args]);
    times.push((performance.now() - started) / 1000);
    rssKb = Math.max(rssKb, Number(stderr.trim().split("\n").pop()));
  }
  const size = ref.outputs.reduce((n, p) => n + statSync(p).size, 0);
  return { seconds: median(times), peakMB: (rssKb * 1024) / 1e6, size, files: ref.outputs.length };
}

const round = (v, d = 2) => (v === null || v === undefined ? null : Math.round(v * 10 ** d) / 10 ** d);

/** One job's figures, ratios and verdicts against the targets. */
export function summarise({ job, inputBytes, ours, ref, problem, pages, refPages }) {
  // See tools-child.mjs: the first run is cold, the last measures memory only.
  const warm = ours.runs.filter((r) => !r.metered).map((r) => r.ms / 1000);
  const seconds = median(warm);
  const peakMB = Math.max(...ours.runs.filter((r) => r.metered).map((r) => r.peakBytes)) / 1e6;
  const inputMB = inputBytes / 1e6;
  const timeRatio = ref ? seconds / ref.seconds : null;
  const sizeRatio = ref ? ours.size / ref.size : null;
  const memRatio = peakMB / inputMB;
  const limit = TIME_TARGET[job.kind];
  return {
    job: job.id,
    label: job.label,
    kind: job.kind,
    inputBytes,
    seconds: round(seconds, 4),
    coldSeconds: round(ours.runs[0].ms / 1000, 4),
    peakMB: round(peakMB, 1),
    size: ours.size,
    files: ours.files,
    pages,
    valid: problem === null,
    reference: ref
      ? {
          tool: job.ref.cmd,
          seconds: round(ref.seconds, 4),
          peakRssMB: round(ref.peakMB, 1),
          size: ref.size,
          pages: refPages,
        }
      : null,
    timeRatio: round(timeRatio),
    sizeRatio: round(sizeRatio, 4),
    memRatio: round(memRatio),
    targets: {
      time: timeRatio === null ? null : timeRatio <= limit,
      timeLimit: limit,
      size: sizeRatio === null ? null : sizeRatio <= 1,
      memoryRatio: memRatio <= MEMORY_RATIO_TARGET,
      memoryCap: peakMB <= MEMORY_CAP_MB,
    },
  };
}

/** One job's figures on the device: warm median and cold run, as for ours; no memory (see device.mjs). */
export function deviceSummary(answer, pdfs, problem, pages) {
  const [cold, ...warm] = answer.ms.map((ms) => ms / 1000);
  return {
    seconds: round(median(warm.length ? warm : [cold]), 4),
    coldSeconds: round(cold, 4),
    size: pdfs.reduce((n, p) => n + statSync(p).size, 0),
    files: pdfs.length,
    pages,
    valid: problem === null,
    budgetMB: round(answer.budget.memory / 1e6, 0),
  };
}
