#!/usr/bin/env node
/**
 * `npm run bench`: benchmarks, never part of `npm test`. Each group of jobs is a module with
 * `name` and `run({ E, bundle, dir, log })` returning `{ rows, notes, tools, markdown? }`; this
 * runner bundles the engine once, runs the groups, prints a table per group (the group's own
 * markdown when it gives one) and writes test/bench/results/<group>.json (and .md).
 * `npm run bench -- compress` runs one group (compress, documents, gray, tools, startup, memory, hostile,
 * first-paint, lighthouse, walk); BENCH_ROWS="text PDF" also narrows the compress and documents groups
 * to the inputs so named (results not written).
 * After the groups, docs/benchmarks.md is made again from the results (report.mjs);
 * `npm run bench -- report` only does that.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleFile } from "./bundle.mjs";
import * as compress from "./compress.mjs";
import * as documents from "./documents.mjs";
import * as firstPaint from "./first-paint.mjs";
import * as gray from "./gray-corpus.mjs";
import * as hostile from "./hostile.mjs";
import * as lighthouse from "./lighthouse.mjs";
import { machine } from "./machine.mjs";
import * as memory from "./memory.mjs";
import { markdown, writeReport } from "./report.mjs";
import * as startup from "./startup.mjs";
import * as tools from "./tools.mjs";
import * as walk from "./walk.mjs";

const GROUPS = [compress, documents, gray, tools, startup, memory, hostile, firstPaint, lighthouse, walk];
const wanted = process.argv.slice(2);
const here = (p) => fileURLToPath(new URL(p, import.meta.url));

if (wanted.length === 1 && wanted[0] === "report") {
  console.info(`written: ${writeReport()}`);
  process.exit(0);
}

const bundle = await bundleFile(here("./engine-entry.mjs"));
const E = await import(bundle);
const dir = join(tmpdir(), "pdftools-bench");
mkdirSync(dir, { recursive: true });
mkdirSync(here("./results"), { recursive: true });

const fmtBytes = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} MB` : `${(n / 1e3).toFixed(1)} KB`);

for (const group of GROUPS) {
  if (wanted.length && !wanted.includes(group.name)) continue;
  console.info(`\n## ${group.name}\n`);
  const result = await group.run({
    E,
    bundle,
    dir,
    log: (r) =>
      console.info(
        `  ${r.group}: ${r.tool}: ${fmtBytes(r.size)} in ${r.seconds.toFixed(2)} s, ${r.peakMB.toFixed(0)} MB`,
      ),
  });
  const table = result.markdown ?? markdown(result.rows);
  console.info(`\n${table}\n`);
  for (const n of result.notes) console.info(`note: ${n}`);
  // A group that writes its own result files (the memory test) keeps them as it wrote them; a
  // run of some rows only (BENCH_ROWS) does not replace the whole group's results.
  if (result.ownFiles) continue;
  if (process.env.BENCH_ROWS) {
    console.info(`not written: BENCH_ROWS=${process.env.BENCH_ROWS} ran some rows only`);
    continue;
  }
  const file = here(`./results/${group.name}.json`);
  const doc = { date: new Date().toISOString(), node: process.version, machine: machine(), ...result };
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  writeFileSync(here(`./results/${group.name}.md`), `${table}\n`);
  console.info(`written: ${file}`);
}
console.info(`written: ${writeReport()}`);
