/**
 * What a first visit downloads before the page is on screen: the built site (dist/web) served as
 * the Worker serves it (files, else index.html), a page opened in Chromium, and every same-origin
 * script and language catalog it fetched summed, raw and gzip (level 9, as Cloudflare compresses at least that well).
 * `npm run bench -- first-paint`, or `node test/bench/first-paint.mjs [dist] [path...]` alone
 * (the language work compares the English home page before and after; see README, Languages).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { QUIET_CHROMIUM_FLAGS } from "../support/chromium.ts";

export const name = "first-paint";

const TYPES = {
  ".js": "text/javascript",
  ".css": "text/css",
  ".html": "text/html",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".webmanifest": "application/manifest+json",
};

function serve(dist) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    let file = join(dist, path);
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, "index.html");
    res.setHeader("Content-Type", TYPES[extname(file)] ?? "application/octet-stream");
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server)));
}

/** The scripts a page fetched until the network went quiet, with their sizes. */
export async function measure(dist, paths = ["/"], { locale = "en-US" } = {}) {
  const { chromium } = await import("@playwright/test");
  const server = await serve(resolve(dist));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", ...QUIET_CHROMIUM_FLAGS],
  });
  const rows = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext({ serviceWorkers: "block", locale });
      const page = await context.newPage();
      // The API is not served here: the page's calls fail fast, as for a visitor whose calls are slow.
      await page.route("**/api/**", (r) => r.abort());
      const scripts = new Set();
      page.on("pageerror", (e) => console.error("page error:", e.message));
      page.on("console", (m) => m.type() === "error" && console.error("console:", m.text()));
      page.on("request", (r) => {
        const u = new URL(r.url());
        if (u.origin === origin && (u.pathname.endsWith(".js") || u.pathname.startsWith("/assets/i18n/"))) {
          scripts.add(u.pathname);
        }
      });
      await page.goto(origin + path, { waitUntil: "networkidle" });
      // On screen: the page's own heading, then whatever it still fetched for it.
      await page.locator("main h1").first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState("networkidle");
      let raw = 0;
      let gzip = 0;
      for (const s of scripts) {
        const bytes = readFileSync(join(dist, s));
        raw += bytes.length;
        gzip += gzipSync(bytes, { level: 9 }).length;
      }
      rows.push({ path, locale, scripts: [...scripts].sort(), raw, gzip });
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return rows;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

export async function run() {
  const dist = fileURLToPath(new URL("../../dist/web", import.meta.url));
  const rows = await measure(dist, ["/", "/merge-pdf", "/de", "/ar/merge-pdf"]);
  const lines = ["| page | scripts | raw | gzip |", "|---|--:|--:|--:|"];
  for (const r of rows) lines.push(`| ${r.path} | ${r.scripts.length} | ${kb(r.raw)} | ${kb(r.gzip)} |`);
  return {
    rows,
    notes: ["sizes of the built site in dist/web: run `npm run build` first"],
    tools: [],
    markdown: lines.join("\n"),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dist = "dist/web", ...paths] = process.argv.slice(2);
  const rows = await measure(dist, paths.length ? paths : ["/"]);
  for (const r of rows) {
    console.info(`${r.path}: ${r.scripts.length} scripts, ${kb(r.raw)} raw, ${kb(r.gzip)} gzip`);
    for (const s of r.scripts) console.info(`  ${s} ${kb(gzipSync(readFileSync(join(dist, s)), { level: 9 }).length)}`);
  }
}
