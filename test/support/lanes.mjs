/**
 * Running test commands side by side on a 2-core machine: one lane prints as it goes, the others
 * keep their output and print it, under a heading, when they are done.
 */
import { spawn } from "node:child_process";

export const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

/** Runs a command; `live` prints as it goes, otherwise the output is kept. */
export function run(cmd, args, { live = false, extraEnv = {} } = {}) {
  const started = Date.now();
  const child = spawn(cmd, args, {
    env: { ...env, ...extraEnv },
    stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  const out = [];
  if (!live) {
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
  }
  return new Promise((resolve) =>
    child.on("exit", (code, signal) =>
      resolve({ name: [cmd, ...args].join(" "), code: code ?? 1, signal, out, seconds: (Date.now() - started) / 1000 }),
    ),
  );
}

/** vitest on some projects; extra arguments (a file filter) follow. */
export function vitest(projects, args, options) {
  return run("npx", ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), ...args], options);
}

/** Runs steps one after another, stopping at the first that fails. */
export async function sequence(steps) {
  const done = [];
  for (const step of steps) {
    const r = await step();
    done.push(r);
    if (r.code !== 0) break;
  }
  return done;
}

/** Prints a kept result under a heading. */
export function report(r) {
  process.stdout.write(`\n── ${r.name} (${Math.round(r.seconds)} s) ──\n`);
  process.stdout.write(Buffer.concat(r.out));
}
