#!/usr/bin/env node
/**
 * What `npm test` runs after the preflight, as four lanes side by side on a 2-core machine:
 *
 *   types, lint:  one `tsc -b` over the project references (npm run typecheck), then Biome;
 *   worker:       the worker tests (one workerd runtime, one file after another: the HTTP
 *                 contract), then the memory test's quick set, then the licence check
 *                 (test/support/notices.mjs --check);
 *   engine, web:  the engine tests (Node, two files at a time: the tools' outputs judged by qpdf,
 *                 poppler, libjpeg...) and the web tests (jsdom);
 *   browser:      the site's build, then the browser tests (Playwright), printed as they go.
 *
 * The browser tests are the longest lane (Chromium takes most of their CPU time), so they start at
 * once and the other lanes fill the cores around them, niced: the browser tests' waits have
 * timeouts, the other lanes' work only takes longer. Each lane's output is printed when it is done; at the end, a table of
 * each step's wall time and CPU time (what its processes used, children included: a busy machine
 * stretches the first, not the second). Fails when any step fails; the browser tests need the
 * build, so that lane stops at its first failure, the others run every step.
 */
import { cpuSeconds, report, run, sequence, vitest } from "./lanes.mjs";

const started = Date.now();
const batch = { nice: 10 };

const lanes = {
  "types, lint": () =>
    sequence(
      [() => run("npx", ["tsc", "-b", "tsconfig.all.json"], batch), () => run("npx", ["biome", "check", "."], batch)],
      { keepGoing: true },
    ),
  worker: () =>
    sequence(
      [
        () => vitest(["worker"], [], batch),
        () => run("node", ["test/memory/run.mjs", "--quick"], batch),
        () => run("node", ["test/support/notices.mjs", "--check"], batch),
      ],
      { keepGoing: true },
    ),
  "engine, web": () => sequence([() => vitest(["engine", "web"], [], batch)]),
  browser: () =>
    sequence([
      () => run("npm", ["run", "build"]),
      () => run("npx", ["playwright", "test", "-c", "test/e2e/playwright.config.ts"], { live: true }),
    ]),
};

const results = await Promise.all(
  Object.entries(lanes).map(async ([lane, go]) => {
    const steps = await go();
    const seconds = (Date.now() - started) / 1000;
    for (const r of steps) if (r.out.length) report(r);
    return { lane, steps, seconds };
  }),
);

// CI keeps only the end of the log: each failed step's last lines are repeated above the table.
const TAIL = 40;
for (const { steps } of results) {
  for (const s of steps.filter((s) => s.code !== 0)) {
    const lines = Buffer.concat(s.out).toString("utf8").trimEnd().split("\n");
    const shown = s.out.length ? lines.slice(-TAIL).join("\n") : "(printed above as it ran)";
    process.stdout.write(
      `\n── why ${s.name} failed (exit ${s.code}${s.signal ? `, ${s.signal}` : ""}): its last lines ──\n${shown}\n`,
    );
  }
}

const wall = (Date.now() - started) / 1000;
const rows = [];
let cpuAll = 0;
for (const { lane, steps, seconds } of results) {
  const cpus = steps.map(cpuSeconds);
  const cpu = cpus.reduce((a, b) => a + b, 0);
  cpuAll += cpu;
  const failed = steps.some((s) => s.code !== 0);
  rows.push([lane, seconds, cpu, failed ? "FAILED" : "ok"]);
  steps.forEach((s, i) => {
    rows.push([`  ${s.name.replace(/^npx /, "").slice(0, 44)}`, s.seconds, cpus[i], s.code === 0 ? "ok" : "FAILED"]);
  });
}
rows.push(["all lanes", wall, cpuAll, results.some((r) => r.steps.some((s) => s.code !== 0)) ? "FAILED" : "ok"]);
const cell = (v) => String(typeof v === "number" ? Math.round(v) : v).padStart(6);
const line = ([name, w, c, result]) => `${String(name).padEnd(48)} ${cell(w)} ${cell(c)}  ${result}`;
console.info(`\nnpm test: each lane's time (a lane's wall time runs from the start)\n`);
console.info(line(["lane / step", "wall s", "cpu s", ""]).trimEnd());
for (const row of rows) console.info(line(row));

const failed = results.filter((r) => r.steps.some((s) => s.code !== 0)).map((r) => r.lane);
if (failed.length) {
  console.error(`\nnpm test: ${failed.join(", ")} failed`);
  process.exit(1);
}
