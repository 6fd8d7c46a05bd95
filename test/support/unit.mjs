#!/usr/bin/env node
/**
 * `npm run test:unit`: the worker tests (inside workerd, one file after another) and the engine
 * and web tests (Node and jsdom) as two vitest runs side by side. In one run vitest finished the
 * Node projects before it started workerd's, leaving a core idle for three minutes. The worker
 * run prints as it goes; the other's output follows when it is done. Fails if either fails.
 * Arguments go to both runs (e.g. a file filter).
 */
import { spawn } from "node:child_process";

const args = process.argv.slice(2);
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

function vitest(projects, live) {
  const child = spawn("npx", ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), ...args], {
    env,
    stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  const out = [];
  if (!live) {
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
  }
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code: code ?? 1, signal, out })));
}

const [worker, node] = await Promise.all([vitest(["worker"], true), vitest(["engine", "web"], false)]);
process.stdout.write(`\n── engine and web ──\n`);
process.stdout.write(Buffer.concat(node.out));
const failed = [worker.code && "worker", node.code && "engine/web"].filter(Boolean);
if (failed.length) console.error(`\ntest:unit: ${failed.join(" and ")} failed`);
process.exit(worker.code || node.code ? 1 : 0);
