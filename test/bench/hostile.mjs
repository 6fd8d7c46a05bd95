/**
 * `npm run bench -- hostile`: what hostile inputs cost the server that `npm start` runs. Each
 * hostile input (test/support/hostile.mjs) goes to a fresh server (wrangler dev, workerd), warmed
 * with one ordinary job per tool, then through every tool that takes it, while the RSS of the
 * workerd processes is sampled every 50 ms: the growth is the peak over the warmed baseline,
 * across all of that input's requests. Then eight compressions of a 25 MB photo PDF are sent at
 * once to another fresh server. The Worker's isolate has 128 MB: no input may grow workerd past
 * that, each must be answered in under 2 s (a 4xx where the input must be refused), and the eight
 * heavy jobs must all succeed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { hostileForm, rssSampler, SMALL_PDF, sendHostile, workerdPids } from "../load/hostile-requests.mjs";
import { startServer } from "../load/server.mjs";
import { HOSTILE, hostileBytes, mustRefuse, toolsFor } from "../support/hostile.mjs";
import { bundleFile } from "./bundle.mjs";
import { buildToolsCorpus } from "./tools-corpus.mjs";

export const name = "hostile";

const PORT = Number(process.env.HOSTILE_PORT) || 8797;
const LIMIT_MB = 128;
const ANSWER_MS = 2000;
const MB = 1e6;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const TOOLS_ENTRY = fileURLToPath(new URL("./tools-entry.mjs", import.meta.url));

let addresses = 0;
const nextAddress = () => {
  addresses++;
  return `2001:db8:77:${addresses.toString(16)}::1`;
};

/** A small PNG (node:zlib), the warm-up input of the image tools. */
function smallPng() {
  const file = join(fileURLToPath(new URL("../fixtures/corpus/img/png/", import.meta.url)), "pdflib__basn2c08.png");
  return new Uint8Array(readFileSync(file));
}

async function warm(url) {
  const png = smallPng();
  for (const tool of toolsFor({ type: "pdf" }))
    await sendHostile(url, { name: "warm.pdf", type: "pdf" }, SMALL_PDF, tool, nextAddress());
  for (const tool of toolsFor({ type: "png" }))
    await sendHostile(url, { name: "warm.png", type: "png" }, png, tool, nextAddress());
  await sleep(1000);
}

async function measureInput(entry) {
  const bytes = await hostileBytes(entry);
  const server = await startServer(PORT);
  const sampler = rssSampler(workerdPids(server.pgid));
  try {
    await warm(server.url);
    const baseline = sampler.mark();
    const answers = [];
    for (const tool of toolsFor(entry)) {
      const r = await sendHostile(server.url, entry, bytes, tool, nextAddress());
      await sleep(300);
      answers.push({ tool, ...r, mustRefuse: mustRefuse(entry, tool), growthMB: (sampler.peak() - baseline) / MB });
    }
    return {
      entry,
      bytes: bytes.length,
      baselineMB: baseline / MB,
      answers,
      growthMB: (sampler.peak() - baseline) / MB,
    };
  } finally {
    sampler.stop();
    server.stop();
    await sleep(500);
  }
}

async function heavyAtOnce(photoPdf, count) {
  const bytes = new Uint8Array(readFileSync(photoPdf));
  const server = await startServer(PORT);
  const sampler = rssSampler(workerdPids(server.pgid));
  try {
    await warm(server.url);
    const baseline = sampler.mark();
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const t0 = performance.now();
        const form = hostileForm("compress-pdf", `photos-${i + 1}.pdf`, "pdf", bytes);
        const res = await fetch(`${server.url}/api/convert/compress-pdf`, {
          method: "POST",
          body: form,
          headers: { "cf-connecting-ip": nextAddress() },
        });
        const body = await res.json().catch(() => ({}));
        return {
          status: res.status,
          code: body.code ?? null,
          ms: performance.now() - t0,
          size: body.files?.[0]?.size ?? 0,
        };
      }),
    );
    return {
      inputMB: bytes.length / MB,
      results,
      seconds: (performance.now() - started) / 1000,
      growthMB: (sampler.peak() - baseline) / MB,
      baselineMB: baseline / MB,
    };
  } finally {
    sampler.stop();
    server.stop();
    await sleep(500);
  }
}

export async function run({ E, dir, log }) {
  const quick = process.env.HOSTILE_QUICK === "1";
  const inputs = [];
  for (const entry of HOSTILE) {
    if (quick && !entry.quick) continue;
    const r = await measureInput(entry);
    inputs.push(r);
    console.info(
      `  ${entry.name}: +${r.growthMB.toFixed(0)} MB, ${r.answers.map((a) => `${a.tool} ${a.status} ${(a.ms / 1000).toFixed(2)} s`).join(", ")}`,
    );
  }
  const T = await import(await bundleFile(TOOLS_ENTRY));
  const corpus = await buildToolsCorpus(E, T, join(dir, "tools"));
  const heavy = await heavyAtOnce(corpus.photoPdf, 8);
  console.info(
    `  8 x compress ${heavy.inputMB.toFixed(1)} MB: +${heavy.growthMB.toFixed(0)} MB, ${heavy.results.map((r) => r.status).join(" ")}`,
  );

  const problems = [];
  for (const r of inputs) {
    if (r.growthMB > LIMIT_MB) problems.push(`${r.entry.name}: workerd grew ${r.growthMB.toFixed(0)} MB`);
    for (const a of r.answers) {
      if (a.status === "network" || a.status >= 500)
        problems.push(`${r.entry.name} -> ${a.tool}: ${a.status} ${a.error ?? ""}`);
      if (a.mustRefuse && !(a.status >= 400 && a.status < 500))
        problems.push(`${r.entry.name} -> ${a.tool}: ${a.status}, not refused`);
      if (a.ms > ANSWER_MS) problems.push(`${r.entry.name} -> ${a.tool}: answered after ${(a.ms / 1000).toFixed(1)} s`);
    }
  }
  if (heavy.growthMB > LIMIT_MB) problems.push(`8 heavy jobs: workerd grew ${heavy.growthMB.toFixed(0)} MB`);
  for (const [i, r] of heavy.results.entries())
    if (r.status !== 200) problems.push(`heavy job ${i + 1}: ${r.status} ${r.code ?? ""}`);
  for (const p of problems) console.error(`  PROBLEM ${p}`);
  if (problems.length > 0) process.exitCode = 1;

  const rows = [
    "| input | size | answers (tool: status, time) | workerd growth |",
    "|---|--:|---|--:|",
    ...inputs.map(
      (r) =>
        `| ${r.entry.name}: ${r.entry.what} | ${(r.bytes / MB).toFixed(2)} MB | ${r.answers
          .map((a) => `${a.tool}: ${a.status}${a.code ? ` ${a.code}` : ""}, ${(a.ms / 1000).toFixed(2)} s`)
          .join("; ")} | +${r.growthMB.toFixed(0)} MB |`,
    ),
  ];
  const heavyLines = [
    "",
    `Eight compressions of a ${heavy.inputMB.toFixed(1)} MB photo PDF sent at once: ${heavy.results.filter((r) => r.status === 200).length} of 8 succeeded in ${heavy.seconds.toFixed(1)} s (each: ${heavy.results.map((r) => `${r.status} ${(r.ms / 1000).toFixed(1)} s`).join(", ")}); workerd grew ${heavy.growthMB.toFixed(0)} MB over its warmed baseline of ${heavy.baselineMB.toFixed(0)} MB.`,
  ];
  const markdown = [
    ...rows,
    ...heavyLines,
    ...(problems.length ? ["", "Problems:", ...problems.map((p) => `- ${p}`)] : []),
  ].join("\n");
  log?.({ group: "hostile", tool: "summary", size: 0, seconds: heavy.seconds, peakMB: heavy.growthMB });
  return { rows: [], notes: problems, markdown, inputs: inputs.map((r) => ({ ...r, entry: r.entry.name })), heavy };
}
