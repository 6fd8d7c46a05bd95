/**
 * `npm run bench -- walk`: the whole corpus walk (test/engine/tools/corpus-walk.test.ts, the
 * engine's job pipeline in Node): every corpus PDF through every PDF tool, every corpus image
 * through JPG to PDF; and every corpus PDF through the tools that do not change content, each stream judged by qpdf
 * (test/engine/pdf/stream-bytes-corpus.test.ts); every corpus image and valid PDF through compress
 * (test/engine/compress/corpus.test.ts). `npm test` walks a representative subset
 * (every kind of file, the regressions found so far); this walks all of them (CORPUS_WALK=all),
 * and fails the group when any file does. Writes results/walk.{json,md}.
 */
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const name = "walk";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export async function run() {
  const report = join(tmpdir(), `corpus-walk-${process.pid}.json`);
  const started = performance.now();
  const code = await new Promise((resolve) => {
    const child = spawn(
      "npx",
      [
        "vitest",
        "run",
        "--project",
        "engine",
        "test/engine/tools/corpus-walk.test.ts",
        "test/engine/pdf/stream-bytes-corpus.test.ts",
        "test/engine/compress/corpus.test.ts",
        "--reporter=dot",
        "--reporter=json",
        `--outputFile.json=${report}`,
      ],
      {
        cwd: ROOT,
        stdio: "inherit",
        env: {
          ...process.env,
          CORPUS_WALK: "all",
          WRANGLER_SEND_METRICS: "false",
          CLOUDFLARE_CF_FETCH_ENABLED: "false",
        },
      },
    );
    child.on("exit", (c) => resolve(c ?? 1));
  });
  const seconds = (performance.now() - started) / 1000;
  const results = JSON.parse(readFileSync(report, "utf8"));
  rmSync(report, { force: true });
  // The stream judge names its tests by file too: its rows say which walk they are from.
  const walkOf = (f) =>
    f.endsWith("stream-bytes-corpus.test.ts")
      ? "stream bytes: "
      : f.endsWith("corpus.test.ts") && f.includes("compress")
        ? "compress: "
        : "";
  const rows = results.testResults.flatMap((f) =>
    f.assertionResults.map((t) => ({
      file: `${walkOf(f.name)}${t.title}`,
      status: t.status,
      seconds: (t.duration ?? 0) / 1000,
    })),
  );
  const failed = rows.filter((r) => r.status === "failed");
  const slowest = [...rows].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  const markdown = [
    `Corpus walk, every file: ${rows.length} tests, ${failed.length} failed, ${seconds.toFixed(0)} s (vitest exit ${code}).`,
    "",
    "| slowest files | time |",
    "|---|--:|",
    ...slowest.map((r) => `| ${r.file} | ${r.seconds.toFixed(1)} s |`),
    ...(failed.length ? ["", "| failed |", "|---|", ...failed.map((r) => `| ${r.file} |`)] : []),
  ].join("\n");
  if (code !== 0) process.exitCode = 1;
  return { rows, notes: failed.map((r) => `failed: ${r.file}`), markdown };
}
