/**
 * The Worker itself: bundle size as `wrangler deploy --dry-run` reports it (gzip, the figure
 * Cloudflare's 3 MB free-plan limit applies to), the startup phase's CPU time from
 * `wrangler check startup`, and time to first byte from a cold start: workerd started from
 * the deploy bundle, then its first request, against the same request warm.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "../load/server.mjs";
import { median } from "./tools-measure.mjs";

export const name = "startup";

const ROOT = new URL("../../", import.meta.url).pathname;
const WRANGLER = join(ROOT, "node_modules/.bin/wrangler");
const BUNDLE_LIMIT_MB = 3;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

function wrangler(args) {
  return execFileSync(WRANGLER, args, { cwd: ROOT, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function kib(text, label) {
  const m = new RegExp(`${label}: ([\\d.]+) KiB / gzip: ([\\d.]+) KiB`).exec(text);
  if (!m) throw new Error(`no "${label}" line in wrangler's output`);
  return { raw: Number(m[1]) * 1024, gzip: Number(m[2]) * 1024 };
}

async function timed(url, init) {
  const started = performance.now();
  const res = await fetch(url, init);
  const ttfb = performance.now() - started;
  await res.arrayBuffer();
  return { ttfb, status: res.status };
}

/** One cold start under wrangler dev: process to first byte, then a conversion cold and warm. */
async function coldStart(port, pdf, n) {
  const server = await startServer(port);
  try {
    const rotate = () => {
      const body = new FormData();
      body.append("files", new File([pdf], "a.pdf", { type: "application/pdf" }));
      return {
        method: "POST",
        body,
        headers: { "cf-connecting-ip": `2001:db8::${n}:${Math.random().toString(16).slice(2, 6)}` },
      };
    };
    const health = await timed(`${server.url}/api/health`);
    const cold = await timed(`${server.url}/api/convert/rotate-pdf`, rotate());
    const warm = await timed(`${server.url}/api/convert/rotate-pdf`, rotate());
    return { upMs: server.upMs, health: health.ttfb, cold: cold.ttfb, warm: warm.ttfb, status: cold.status };
  } finally {
    server.stop();
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function run({ log }) {
  const outdir = mkdtempSync(join(tmpdir(), "pdftools-deploy-"));
  const bundle = kib(wrangler(["deploy", "--dry-run", "--outdir", outdir]), "Total Upload");
  const startupText = wrangler(["check", "startup", "--outfile", join(outdir, "startup.cpuprofile")]);
  const active = Number(/Active: ([\d.]+) ms/.exec(startupText)?.[1]);
  const pdf = readFileSync(join(ROOT, "test/fixtures/corpus/pdf/valid/pysample__minimal-document.pdf"));
  const port = Number(process.env.BENCH_PORT) || 8796;
  const samples = [];
  for (let i = 0; i < Math.max(3, Number(process.env.BENCH_RUNS) || 3); i++)
    samples.push(await coldStart(port, pdf, i));
  const starts = {
    processToFirstByteMs: median(samples.map((s) => s.upMs)),
    healthWarmMs: median(samples.map((s) => s.health)),
    rotateColdMs: median(samples.map((s) => s.cold)),
    rotateWarmMs: median(samples.map((s) => s.warm)),
    status: samples[0].status,
  };
  log({ group: "cold start", tool: "first conversion", seconds: starts.rotateColdMs / 1000, peakMB: 0, size: 0 });
  const summary = {
    bundle: {
      ...bundle,
      limitBytes: BUNDLE_LIMIT_MB * 1024 * 1024,
      underLimit: bundle.gzip < BUNDLE_LIMIT_MB * 1024 * 1024,
    },
    startupCpuMs: active,
    starts,
  };
  return { rows: [], notes: [], summary, markdown: startupMarkdown(summary), tools: {} };
}

export function startupMarkdown(s) {
  const mb = (b) => `${(b / 1024 / 1024).toFixed(2)} MB`;
  const ms = (v) => `${v.toFixed(0)} ms`;
  const r = s.starts;
  return [
    `Bundle (wrangler deploy --dry-run): ${mb(s.bundle.raw)}, **${mb(s.bundle.gzip)} gzip** (limit ${mb(s.bundle.limitBytes)}: ${s.bundle.underLimit ? "met" : "**not met**"}).`,
    `Startup phase (wrangler check startup, the script's top-level evaluation): **${ms(s.startupCpuMs)}** of CPU.`,
    "",
    "| cold start under wrangler dev (median) | time |",
    "|---|--:|",
    `| process start to first byte (bundling and workerd start included) | ${ms(r.processToFirstByteMs)} |`,
    `| first conversion in the fresh isolate (rotate, 1 page): time to first byte | ${ms(r.rotateColdMs)} |`,
    `| the same conversion warm | ${ms(r.rotateWarmMs)} |`,
  ].join("\n");
}
