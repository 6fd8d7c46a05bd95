/**
 * Lighthouse (the npm package, driving Debian's Chromium through CHROME_PATH) against the product
 * as `npm start` serves it: the built site and the Worker under wrangler dev. Lighthouse's default
 * mobile profile (a mid-range phone: 4x slower CPU, simulated slow 4G), on the home page and two
 * tool pages, three runs each in a fresh Chromium; the table shows the run of median Performance.
 * Beside the scores: when the page was drawn (FCP, LCP), how much moved (CLS), and its script as
 * transferred: what the first paint waits for (none when the page's HTML already holds it) and
 * all the page loads. A bench, never a test: the scores move with the machine's load, which is
 * noted beside them. `npm run bench -- lighthouse` (build first: `npm run build`); BENCH_RUNS=1
 * for a quick look, BENCH_PAGES=/,/de to choose the pages.
 */

import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { startServer } from "../load/server.mjs";
import { QUIET_CHROMIUM_FLAGS } from "../support/chromium.ts";

export const name = "lighthouse";

export const PAGES = ["/", "/compress-pdf", "/de/merge-pdf"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// As the browser tests run it; chrome-launcher adds its own quiet flags beside these.
const FLAGS = ["--headless=new", ...QUIET_CHROMIUM_FLAGS, "--lang=en-US"];

const ms = (audit) => audit?.numericValue ?? null;

/**
 * One Lighthouse report reduced to the figures the table shows. `drawn`: the page's HTML holds the
 * page (its <main> has its <h1>), so its first paint waits for no script; otherwise it waited for
 * the scripts asked for before it (what this browser saw, not the simulation).
 */
export function figures(lhr, drawn) {
  const audits = lhr.audits;
  const metrics = audits.metrics?.details?.items?.[0] ?? {};
  const requests = audits["network-requests"]?.details?.items ?? [];
  const firstPaint = metrics.observedFirstContentfulPaint ?? Number.POSITIVE_INFINITY;
  const scripts = requests.filter((r) => r.resourceType === "Script");
  const sum = (list) => list.reduce((n, r) => n + (r.transferSize ?? 0), 0);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const failed = CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
      .map((ref) => ref.id),
  );
  const contrast = (audits["color-contrast"]?.details?.items ?? []).map((i) => i.node?.snippet);
  return {
    scores,
    fcpMs: ms(audits["first-contentful-paint"]),
    lcpMs: ms(audits["largest-contentful-paint"]),
    tbtMs: ms(audits["total-blocking-time"]),
    cls: ms(audits["cumulative-layout-shift"]),
    speedIndexMs: ms(audits["speed-index"]),
    observedFcpMs: Number.isFinite(firstPaint) ? firstPaint : null,
    scriptBeforePaint: drawn ? 0 : sum(scripts.filter((r) => r.networkRequestTime < firstPaint)),
    scriptTotal: sum(scripts),
    documentBytes: sum(requests.filter((r) => r.resourceType === "Document")),
    failed,
    contrast,
  };
}

/**
 * One run, in a Chromium of its own (a fresh profile: no cache, no service worker left by the run
 * before, which made Lighthouse lose the navigation's start, NO_NAVSTART). Lighthouse's own advice
 * for a trace it could not record is to run again.
 */
async function audit(url, tries = 3) {
  const { default: lighthouse } = await import("lighthouse");
  const { launch } = await import("chrome-launcher");
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  let result;
  try {
    result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
  } finally {
    await chrome.kill();
  }
  const error = result ? result.lhr.runtimeError : { code: "NO_RESULT", message: "no result" };
  if (!error) return result.lhr;
  if (tries > 1) {
    console.info(`  ${url}: ${error.code}, running again`);
    return audit(url, tries - 1);
  }
  throw new Error(`${url}: ${error.message}`);
}

const median = (runs) => [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[(runs.length - 1) >> 1];

async function drawnInHtml(url) {
  const html = await (await fetch(url, { headers: { accept: "text/html" } })).text();
  return /<main\b[^>]*>[\s\S]*?<h1\b/.test(html);
}

export async function run() {
  const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
  const pages = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : PAGES;
  const load = [loadavg()[0]];
  const server = await startServer(Number(process.env.BENCH_PORT) || 8797);
  const rows = [];
  try {
    for (const path of pages) {
      const drawn = await drawnInHtml(`${server.url}${path}`);
      const samples = [];
      for (let i = 0; i < runs; i++) {
        samples.push(figures(await audit(`${server.url}${path}`), drawn));
        console.info(`  ${path} run ${i + 1}: performance ${samples.at(-1).scores.performance}`);
      }
      rows.push({ path, drawn, runs: samples.map((s) => s.scores.performance), ...median(samples) });
    }
  } finally {
    server.stop();
  }
  load.push(loadavg()[0]);
  const version = JSON.parse(
    readFileSync(new URL("../../node_modules/lighthouse/package.json", import.meta.url)),
  ).version;
  const below = (r) => [...r.failed, ...r.contrast.map((s) => `color-contrast on \`${s}\``)].join(", ");
  return {
    rows,
    notes: [
      `the machine's load average (1 min) was ${load.map((l) => l.toFixed(1)).join(" at the start, ")} at the end: Lighthouse's CPU figures (TBT above all) grow with it`,
      ...rows.filter((r) => r.failed.length).map((r) => `${r.path} below full marks: ${below(r)}`),
      "the built site in dist/web: run `npm run build` first",
    ],
    tools: { lighthouse: `Lighthouse ${version}`, chromium: CHROMIUM },
    markdown: lighthouseMarkdown({ rows }),
  };
}

const s = (v) => (v === null ? "–" : `${(v / 1000).toFixed(1)} s`);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

export function lighthouseMarkdown({ rows }) {
  const lines = [
    "| page | Performance (runs) | Accessibility | Best Practices | SEO | FCP | LCP | TBT | CLS | script before first paint | script in all | HTML |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.path} | ${r.scores.performance} (${r.runs.join(", ")}) | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${s(r.fcpMs)} | ${s(r.lcpMs)} | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${kb(r.scriptBeforePaint)} | ${kb(r.scriptTotal)} | ${kb(r.documentBytes)} |`,
    );
  }
  return lines.join("\n");
}
