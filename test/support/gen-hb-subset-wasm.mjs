#!/usr/bin/env node
/**
 * Writes worker/engine/codecs/hb-subset.wasm: harfbuzzjs's hb-subset build (MIT) with one change,
 * its memory's limits. The package declares 1,040 pages (65 MB) as both the initial and the
 * largest size, so every instance would hold 65 MB of an isolate's 128 MB from the start. Here
 * it starts at 1 MB and may grow to 1 GB; its allocator (sbrk) reads the memory's current size
 * and fails cleanly past it, and our wrapper grows the exported memory by what each font needs,
 * charged to the job first. Workers cannot compile WebAssembly from bytes at run time, so the
 * patched module is a file in the repository. `node test/support/gen-hb-subset-wasm.mjs`; a test
 * checks the file still matches the installed package.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/** Pages of 64 KB: 1 MB to start (the data and the 64 KB stack end below 112,000), 1 GB at most. */
export const INITIAL_PAGES = 16;
export const MAX_PAGES = 16383;

function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  let b;
  do {
    b = bytes[at++];
    value |= (b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  return { value: value >>> 0, next: at };
}

/** A 2-byte LEB128 (padded when small), so the section keeps its length. */
function leb2(n) {
  if (n >= 1 << 14) throw new Error(`${n} does not fit two LEB128 bytes`);
  return [(n & 0x7f) | 0x80, n >> 7];
}

/** The package's module with the memory section's limits replaced. */
export function patchedWasm() {
  const bytes = new Uint8Array(readFileSync(require.resolve("harfbuzzjs/dist/harfbuzz-subset.wasm")));
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const { value: size, next } = leb(bytes, at + 1);
    if (id === 5) {
      // One memory, flags 1 (has a maximum), initial and maximum as two-byte LEB128s.
      const section = bytes.subarray(next, next + size);
      const initial = leb(section, 2);
      const maximum = leb(section, initial.next);
      if (section[0] !== 1 || section[1] !== 1 || initial.next !== 4 || maximum.next !== 6 || size !== 6) {
        throw new Error("harfbuzz-subset.wasm's memory section is not the one this patch knows");
      }
      section.set([...leb2(INITIAL_PAGES), ...leb2(MAX_PAGES)], 2);
      return bytes;
    }
    at = next + size;
  }
  throw new Error("harfbuzz-subset.wasm has no memory section");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = fileURLToPath(new URL("../../worker/engine/codecs/hb-subset.wasm", import.meta.url));
  writeFileSync(out, patchedWasm());
  const pkg = require.resolve("harfbuzzjs/dist/harfbuzz-subset.wasm").replace(/dist\/[^/]+$/, "package.json");
  const { version } = JSON.parse(readFileSync(pkg, "utf8"));
  console.info(`wrote ${out} from harfbuzzjs ${version}`);
}
