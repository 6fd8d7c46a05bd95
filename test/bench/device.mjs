/**
 * The tools benchmark's jobs on the visitor's device: the site built once (vite, the repo's own
 * config) into a temporary directory, served from 127.0.0.1 with the bench's page beside it
 * (device-page.mjs), and each job run in Debian's Chromium by the built engine worker, the code a
 * visitor's browser runs when "Process on this device" is on.
 *
 * Memory is not measured here: performance.measureUserAgentSpecificMemory needs cross-origin
 * isolation and reports one moment, not a job's peak, and the worker does not report its budget.
 */
import { execFile } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { basename, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { unzipSync } from "fflate";
import { QUIET_CHROMIUM_FLAGS } from "../support/chromium.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** As test/e2e/playwright.config.ts launches it (the flags that work on this machine). */
const CHROMIUM_ARGS = ["--headless", ...QUIET_CHROMIUM_FLAGS];
const MIME = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".wasm": "application/wasm",
  ".ttf": "font/ttf",
  ".json": "application/json",
  ".css": "text/css",
};

function vite(outDir) {
  const bin = join(ROOT, "node_modules/.bin/vite");
  return new Promise((resolve, reject) => {
    execFile(bin, ["build", "--outDir", outDir, "--emptyOutDir"], { cwd: ROOT, maxBuffer: 1 << 26 }, (err, out, e) =>
      err ? reject(new Error(`vite build: ${e || out || err.message}`)) : resolve(),
    );
  });
}

/** The site as `npm run build` makes it; a failed build (someone mid-edit) is tried again in a minute. */
async function buildSite(outDir) {
  try {
    await vite(outDir);
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    await vite(outDir);
  }
  const worker = readdirSync(join(outDir, "assets")).find((n) => /^engine\.worker-.*\.js$/.test(n));
  if (!worker) throw new Error("the build has no engine worker");
  await build({
    entryPoints: [fileURLToPath(new URL("./device-page.mjs", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "browser",
    outfile: join(outDir, "bench/page.js"),
    logLevel: "error",
  });
  writeFileSync(join(outDir, "bench/index.html"), '<!doctype html><script type="module" src="./page.js"></script>\n');
  return `/assets/${worker}`;
}

/**
 * A static server: the built site, the job's inputs under /in/<n> (only the files registered for
 * the job), and PUT /out/<name> writing a made file into the job's output directory.
 */
function serve(site, state) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (req.method === "PUT" && path.startsWith("/out/")) {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        writeFileSync(join(state.outDir, `device-${basename(path)}`), Buffer.concat(chunks));
        res.end();
      });
      return;
    }
    const file = path.startsWith("/in/")
      ? state.inputs.get(path)
      : join(site, path.endsWith("/") ? `${path}index.html` : path);
    if (!file?.startsWith(path.startsWith("/in/") ? "/" : site) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": MIME[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** What a bench job (tools-jobs.mjs) sends the device's engine: its endpoint's slug and form fields. */
export function deviceRequest(job) {
  const o = job.options ?? {};
  const pages = (list) => JSON.stringify(list);
  switch (job.id) {
    case "merge":
      return { slug: "merge-pdf", fields: {} };
    case "split":
      return {
        slug: "split-pages",
        fields: { selectedPages: pages(Array.from({ length: o.pageCount }, (_, i) => i + 1)) },
      };
    case "extract":
      return { slug: "extract-pages", fields: { selectedPages: pages(o.pages) } };
    case "rotate":
      return { slug: "rotate-pdf", fields: { angle: "90" } };
    case "organize": {
      const n = o.pageCount ?? 200;
      return {
        slug: "organize-pdf",
        fields: { plan: JSON.stringify(Array.from({ length: n }, (_, i) => ({ file: 0, page: n - i }))) },
      };
    }
    case "remove":
      return { slug: "remove-pages", fields: { pages: pages(o.pages) } };
    case "watermark":
      return { slug: "watermark-pdf", fields: { watermarkText: "CONFIDENTIAL", opacity: "0.3" } };
    case "watermark-logo":
      return {
        slug: "watermark-pdf",
        fields: { opacity: "0.3", position: "center", scale: "40", rotation: "0" },
        attachments: { watermarkImage: o.logo },
      };
    case "flatten":
      return { slug: "flatten-pdf", fields: { forms: "true", annotations: "true" } };
    case "protect":
      return { slug: "protect-pdf", fields: { password: o.password } };
    case "unlock":
      return { slug: "unlock-pdf", fields: { password: o.password } };
    case "jpg-to-pdf":
      return { slug: "jpg-to-pdf", fields: {} };
    default:
      return null;
  }
}

/**
 * Starts the site, its server and Chromium; `run(job, outDir, runs)` then runs one job `runs`
 * times on the device (the first cold) and answers `{ ms: [...], outputs, files }` or `{ error }`.
 * Answers null when Chromium is not installed.
 */
export async function startDevice() {
  if (!existsSync(CHROMIUM)) return null;
  const { chromium } = await import("@playwright/test");
  const site = await mkdtemp(join(tmpdir(), "bench-site-"));
  mkdirSync(join(site, "bench"), { recursive: true });
  const workerUrl = await buildSite(site);
  const state = { outDir: site, inputs: new Map() };
  const server = await serve(site, state);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${origin}/bench/`);
  await page.waitForFunction(() => typeof globalThis.benchDevice === "function");
  const version = browser.version();
  const url = (p) => {
    const key = `/in/${state.inputs.size}/${encodeURIComponent(basename(p))}`;
    state.inputs.set(decodeURIComponent(key), p);
    return key;
  };
  return {
    browser: `Chromium ${version}`,
    async run(job, outDir, runs) {
      const request = deviceRequest(job);
      if (!request) return { error: `no device request for job ${job.id}` };
      state.outDir = outDir;
      state.inputs.clear();
      const arg = {
        workerUrl,
        slug: request.slug,
        inputs: job.inputs.map(url),
        fields: request.fields,
        attachments: Object.fromEntries(Object.entries(request.attachments ?? {}).map(([k, p]) => [k, url(p)])),
        runs,
      };
      const answer = await page.evaluate((a) => globalThis.benchDevice(a), arg);
      if (errors.length) answer.error ??= errors.splice(0).join("; ");
      return answer;
    },
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      rmSync(site, { recursive: true, force: true });
    },
  };
}

/** The made PDFs of a device run, in order; a ZIP (split's answer) is opened into its pages, as the edge's size counts them. */
export function devicePdfs(answer, outDir) {
  const paths = [];
  for (const o of answer.outputs) {
    const path = join(outDir, `device-${o.name}`);
    if (o.contentType === "application/zip") {
      const pages = Object.entries(unzipSync(readFileSync(path))).sort(([a], [b]) =>
        a.localeCompare(b, "en", { numeric: true }),
      );
      for (const [i, [, bytes]] of pages.entries()) {
        const page = join(outDir, `device-page-${i + 1}.pdf`);
        writeFileSync(page, bytes);
        paths.push(page);
      }
    } else if (!answer.outputs.some((x) => x.contentType === "application/zip")) paths.push(path);
  }
  return paths;
}
