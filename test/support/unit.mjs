#!/usr/bin/env node
/**
 * `npm run test:unit`: the worker tests (inside workerd, one file after another) and the engine
 * and web tests (Node and jsdom) as two vitest runs side by side. In one run vitest finished the
 * Node projects before it started workerd's, leaving a core idle for three minutes. The worker
 * run prints as it goes; the other's output follows when it is done. Fails if either fails.
 * Arguments go to both runs (e.g. a file filter).
 */
import { report, vitest } from "./lanes.mjs";

const args = process.argv.slice(2);
const [worker, node] = await Promise.all([vitest(["worker"], args, { live: true }), vitest(["engine", "web"], args)]);
report(node);
const failed = [worker.code && "worker", node.code && "engine/web"].filter(Boolean);
if (failed.length) console.error(`\ntest:unit: ${failed.join(" and ")} failed`);
process.exit(worker.code || node.code ? 1 : 0);
