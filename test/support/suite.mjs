#!/usr/bin/env node
/**
 * What `npm test` runs after the type checks and lint, on a 2-core machine:
 *
 *   lane 1: the worker tests (one workerd runtime, one file after another), printed as they go;
 *   lane 2: the engine and web tests, then the memory test's quick set, then the licence check
 *           (test/support/notices.mjs --check: what ships, and THIRD-PARTY-NOTICES.md current),
 *           then the site's build for the browser tests; printed when lane 1 is done;
 *   then:   the browser tests (Playwright, two workers), on the build lane 2 made.
 *
 * The worker tests took nine minutes with a core idle for the last five of them; the memory test
 * and the build now use that core instead of waiting. Stops when a lane fails.
 */
import { report, run, sequence, vitest } from "./lanes.mjs";

const [worker, rest] = await Promise.all([
  vitest(["worker"], [], { live: true }),
  sequence([
    () => vitest(["engine", "web"], []),
    () => run("node", ["test/memory/run.mjs", "--quick"]),
    () => run("node", ["test/support/notices.mjs", "--check"]),
    () => run("npm", ["run", "build"]),
  ]),
]);
for (const r of rest) report(r);
const failed = [worker, ...rest].filter((r) => r.code !== 0);
if (failed.length) {
  console.error(`\nnpm test: ${failed.map((r) => r.name).join(" and ")} failed`);
  process.exit(1);
}

const e2e = await run("npx", ["playwright", "test", "-c", "test/e2e/playwright.config.ts"], { live: true });
process.exit(e2e.code);
