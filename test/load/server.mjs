/**
 * The server `npm run load` drives: the built site and the worker under `wrangler dev` on
 * 127.0.0.1, with migrations applied to a fresh state directory, in its own process group so
 * that stopping it stops workerd too.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = new URL("../../", import.meta.url).pathname;
const WRANGLER = join(ROOT, "node_modules/.bin/wrangler");
const quiet = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

async function waitUntilUp(url, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the server at ${url} did not come up within ${ms / 1000} s`);
}

/**
 * Starts the server; returns its URL, its state directory, how long it took, its process group
 * (wrangler and workerd), and stop(). `vars` are passed to wrangler dev as --var.
 */
export async function startServer(port, vars = {}, { inspectorPort } = {}) {
  const env = { ...process.env, ...quiet, PATH: `${join(ROOT, "node_modules/.bin")}:${process.env.PATH}` };
  if (!existsSync(join(ROOT, "dist/web/index.html"))) {
    console.info("building the site (dist/web is missing)");
    execFileSync("npm", ["run", "build"], { cwd: ROOT, env, stdio: "inherit" });
  }
  const state = mkdtempSync(join(tmpdir(), "pdftools-load-"));
  execFileSync(WRANGLER, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const args = ["dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state];
  for (const [k, v] of Object.entries(vars)) args.push("--var", `${k}:${v}`);
  if (inspectorPort) args.push("--inspector-port", String(inspectorPort));
  const child = spawn(WRANGLER, [...args, "--show-interactive-dev-session=false", "--log-level", "warn"], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const spawnedAt = performance.now();
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  try {
    await waitUntilUp(url, 60_000);
  } catch (err) {
    stop();
    throw err;
  }
  /** From spawning wrangler to the first answer of /api/health (bundling and workerd start included). */
  const upMs = performance.now() - spawnedAt;
  return { url, state, stop, upMs, pgid: child.pid };
}

/** How many objects R2 holds in a wrangler state directory (blobs on disk). */
export function r2Objects(state) {
  const root = join(state, "v3/r2");
  if (!existsSync(root)) return 0;
  let n = 0;
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (dir.endsWith("blobs")) n++;
    }
  };
  walk(root);
  return n;
}
