/**
 * `npm run bench -- memory`: the whole memory test, every corpus file and every hostile input
 * through every tool, each in a fresh process (test/memory/run.mjs; `npm test` runs its quick set).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const name = "memory";

export async function run() {
  const script = fileURLToPath(new URL("../memory/run.mjs", import.meta.url));
  let failed = false;
  try {
    execFileSync(process.execPath, [script], { stdio: "inherit" });
  } catch {
    failed = true;
    process.exitCode = 1;
  }
  const markdown = readFileSync(fileURLToPath(new URL("./results/memory.md", import.meta.url)), "utf8").trim();
  // test/memory/run.mjs has written results/memory.{json,md} with every job in them.
  return { rows: [], notes: failed ? ["the memory test failed: see the table"] : [], markdown, ownFiles: true };
}
