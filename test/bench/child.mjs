/**
 * One engine job in a fresh Node process, so its memory is its own. Peak = the largest
 * (V8 heap used + external memory) seen, where external counts ArrayBuffers and WebAssembly
 * memories; sampled every 2 ms and at every budget check the engine makes (between bands and
 * images), measured from just before the input is read.
 *
 *   node child.mjs <bundle> <job> <input> <output> '<options json>'  ->  JSON on stdout
 * where job is image, pdf (compressPdf called directly) or compress-pdf (through the job pipeline).
 */
import { readFileSync, writeFileSync } from "node:fs";

const [bundle, job, input, output, optionsJson] = process.argv.slice(2);
const E = await import(bundle);
const mem = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
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
// `memoryMB` runs the job on a larger budget, as the on-device engine does (the edge's is 80 MB).
const { memoryMB, ...options } = JSON.parse(optionsJson || "{}");
const bytes = new Uint8Array(readFileSync(input));
const budget = new MeteredBudget(10 * 60_000, memoryMB ? { memory: memoryMB * 1024 * 1024 } : {});
const started = performance.now();
let out;
let detail = "";
// What the engine reports of its own result: the quality figure, and the target when one was asked.
let reported = {};
if (job === "image") {
  const r = await E.compressImage(bytes, "input", { ...options, budget });
  out = r.bytes;
  detail = r.method;
  reported = { quality: r.quality, targetMet: r.target?.met };
} else if (job === "pdf") {
  const r = await E.compressPdf(bytes, { ...options, name: "input.pdf", budget });
  out = r.bytes;
  detail = `${r.images.recompressed}/${r.images.examined} images, ${r.fontsSubset} fonts subset`;
  reported = { quality: E.imagesQuality(r.images), targetMet: r.target?.met };
} else if (job === "compress-pdf") {
  // Compress PDF as both homes run it: the upload checked and the form's fields read by the job
  // pipeline (worker/engine/jobs), fields absent taking the page's defaults (recommended level).
  const fields = Object.fromEntries(Object.entries(options).map(([k, v]) => [k, String(v)]));
  const prepared = E.prepareJob(
    "compress-pdf",
    { files: [{ name: "input.pdf", type: "application/pdf", bytes }], field: (k) => fields[k] },
    { maxFileBytes: 25 * 1024 * 1024 },
  );
  const r = (await E.runJob(prepared, budget)).outputs[0];
  if (!r.ok) throw new Error(`${r.code}: ${r.error}`);
  out = r.bytes;
  detail = r.message;
} else throw new Error(`unknown job ${job}`);
sample();
const ms = performance.now() - started;
clearInterval(timer);
writeFileSync(output, out);
process.stdout.write(JSON.stringify({ ms, peakBytes: peak - base, size: out.length, detail, ...reported }));
