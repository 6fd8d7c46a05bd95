/**
 * One job in a fresh Node process, so its memory is its own. Peak = the largest (V8 heap used +
 * external memory, which counts ArrayBuffers and WebAssembly memories) seen, sampled every 2 ms
 * and at every budget check the engine makes, from just before the input is read: the input
 * counts, as it does in the Worker. The job runs under the Worker's own budgets.
 *
 *   node --expose-gc child.mjs <bundle> '<job json>'  ->  JSON on stdout
 *   job: { slug, files: [{ path, name, type }], fields, attachments: [{ field, name, type, base64 }], timeMs, memoryMB }
 */
import { readFileSync } from "node:fs";
import { getHeapStatistics } from "node:v8";

const [bundle, jobJson] = process.argv.slice(2);
const job = JSON.parse(jobJson);
const E = await import(bundle);
const mem = () => {
  const h = getHeapStatistics();
  return h.used_heap_size + h.external_memory;
};
globalThis.gc?.();
const base = mem();
let peak = base;
const sample = () => {
  const m = mem();
  if (m > peak) peak = m;
};
const timer = setInterval(sample, 2);
class MeteredBudget extends E.Budget {
  check() {
    sample();
    super.check();
  }
}
const files = job.files.map((f) => ({ name: f.name, type: f.type, bytes: new Uint8Array(readFileSync(f.path)) }));
const attachments = (job.attachments ?? []).map((a) => ({
  ...a,
  bytes: new Uint8Array(Buffer.from(a.base64, "base64")),
}));
const budget = new MeteredBudget(job.timeMs, { memory: job.memoryMB * 1024 * 1024 });
const started = performance.now();
let outcome;
let deadline;
try {
  outcome = await Promise.race([
    E.runJob(job.slug, files, job.fields ?? {}, budget, attachments),
    new Promise((resolve) => {
      deadline = setTimeout(() => resolve({ status: "timeout" }), job.timeMs + 2000);
    }),
  ]);
} catch (err) {
  outcome = { status: 500, error: String(err?.stack ?? err) };
}
clearTimeout(deadline);
sample();
clearInterval(timer);
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ...outcome, ms, peakBytes: peak - base, accountedPeak: budget.peakHeld }));
process.exit(0);
