/**
 * One PDF tool job, run `runs` times in a fresh Node process so its memory is its own: the first
 * run is cold (as the first request an isolate serves), the others warm (as the rest). Time runs
 * from the engine call to its last byte.
 *
 * Memory is measured in runs of its own, after forced full collections (the cold run, and one more
 * at the end): peak = the largest (V8 heap used + external memory, which counts ArrayBuffers and
 * WebAssembly memories) seen, sampled every 2 ms and at every budget check, from just before the
 * inputs are read, so the inputs count, as they do in the Worker. The warm runs are not preceded by
 * forced collections: a forced full GC shrinks the heap, the next job pays for growing it again
 * (merge and split took twice as long after one), and a Worker isolate is never collected that way
 * between requests. Their own collections, as allocation triggers them, are in their times.
 *
 *   node --expose-gc tools-child.mjs <bundle> <job> '<inputs json>' <output dir> '<options json>' <runs>
 *     ->  JSON { runs: [{ ms, peakBytes }], size, files }
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { getHeapStatistics } from "node:v8";
import { unzipSync } from "fflate";

const [bundle, job, inputsJson, outDir, optionsJson, runsArg] = process.argv.slice(2);
const T = await import(bundle);
// process.memoryUsage() reads /proc and costs 7 us a call; sampled at every budget check it slowed jobs by half.
const mem = () => {
  const h = getHeapStatistics();
  return h.used_heap_size + h.external_memory;
};
let base = 0;
let peak = 0;
const sample = () => {
  const m = mem();
  if (m > peak) peak = m;
};
const timer = setInterval(sample, 2);
class MeteredBudget extends T.Budget {
  check() {
    sample();
    super.check();
  }
}
const options = JSON.parse(optionsJson || "{}");
const paths = JSON.parse(inputsJson);
let inputs = [];
let first;
let budget;

/** Each job as its endpoint runs it; returns the files a person gets. */
const jobs = {
  merge: async () => [(await T.mergePdfs(inputs, { budget })).bytes],
  split: async () => {
    const pages = Array.from({ length: options.pageCount }, (_, i) => i + 1);
    // The endpoint answers one ZIP of the pages (stored, not deflated); the size compared is the pages'.
    const r = await T.splitPages(first.bytes, { pages, name: first.name, budget });
    return Object.values(unzipSync(r.zip));
  },
  extract: async () => [(await T.extractPages(first.bytes, { pages: options.pages, name: first.name, budget })).bytes],
  rotate: async () => [(await T.rotatePdf(first.bytes, { angle: 90, name: first.name, budget })).bytes],
  watermark: async () => [
    (await T.watermarkPdf(first.bytes, { text: "CONFIDENTIAL", opacity: 0.3, name: first.name, budget })).bytes,
  ],
  organize: async () => {
    const n = options.pageCount ?? 200;
    const plan = Array.from({ length: n }, (_, i) => ({ file: 0, page: n - i }));
    return [(await T.organizePdfs(inputs, plan, { budget })).bytes];
  },
  flatten: async () => [
    (await T.flattenPdf(first.bytes, { forms: true, annotations: true }, { name: first.name, budget })).bytes,
  ],
  remove: async () => [(await T.removePages(first, options.pages, { budget })).bytes],
  "watermark-logo": async () => [
    (
      await T.watermarkPdf(first.bytes, {
        text: "",
        image: { bytes: new Uint8Array(readFileSync(options.logo)), name: "logo.png", kind: "png" },
        logo: { position: "center", scale: 40, rotation: 0 },
        opacity: 0.3,
        name: first.name,
        budget,
      })
    ).bytes,
  ],
  protect: async () => [await T.protectPdf(first.bytes, { password: options.password, name: first.name, budget })],
  unlock: async () => [
    (await T.unlockPdf(first.bytes, { password: options.password, name: first.name, budget })).bytes,
  ],
  "jpg-to-pdf": async () => [
    (
      await T.imagesToPdf(
        inputs.map((i) => ({ ...i, kind: i.name.endsWith(".png") ? "png" : "jpeg" })),
        { budget },
      )
    ).bytes,
  ],
};
if (!jobs[job]) throw new Error(`unknown job ${job}`);
const runs = [];
let outputs = [];
const timed = Math.max(1, Number(runsArg) || 1);
for (let r = 0; r <= timed; r++) {
  // The cold run and the extra last one measure memory; the ones between are the warm times.
  const metered = r === 0 || r === timed;
  outputs = [];
  inputs = [];
  first = undefined;
  // Freed ArrayBuffers leave `external` a little after the collection that frees them.
  for (let g = 0; metered && g < 3; g++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  base = mem();
  peak = base;
  // A view of the Buffer, not a copy: a copy would leave the Buffer as garbage counted in the peak.
  inputs = paths.map((p) => {
    const b = readFileSync(p);
    return { name: basename(p), bytes: new Uint8Array(b.buffer, b.byteOffset, b.byteLength) };
  });
  first = inputs[0];
  budget = new MeteredBudget(10 * 60_000);
  const started = performance.now();
  outputs = await jobs[job]();
  sample();
  const ms = performance.now() - started;
  runs.push(metered ? { ms, peakBytes: peak - base, metered: r === timed ? "memory" : "cold" } : { ms });
}
clearInterval(timer);
let size = 0;
for (const [i, bytes] of outputs.entries()) {
  size += bytes.byteLength;
  // The last run's outputs are kept, so the runner can check them with an independent reader.
  writeFileSync(join(outDir, `${job}-${i + 1}.pdf`), bytes);
}
process.stdout.write(JSON.stringify({ runs, size, files: outputs.length }));
