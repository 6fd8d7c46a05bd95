/**
 * Bundles worker engine code for Node, so the benchmark runs the very code the Worker runs.
 * Each imported .wasm becomes a compiled WebAssembly.Module and each .ttf an ArrayBuffer, as
 * wrangler makes them.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";

const wasmAsModule = {
  name: "wasm-as-module",
  setup(b) {
    b.onLoad({ filter: /\.wasm$/ }, (args) => ({
      contents: `import { readFileSync } from "node:fs";\nexport default new WebAssembly.Module(readFileSync(${JSON.stringify(args.path)}));`,
      loader: "js",
    }));
    // wrangler.toml's Data rule: the font's bytes as an ArrayBuffer.
    b.onLoad({ filter: /\.ttf$/ }, (args) => ({
      contents: `import { readFileSync } from "node:fs";\nconst b = readFileSync(${JSON.stringify(args.path)});\nexport default b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);`,
      loader: "js",
    }));
  },
};

/** Bundles `entry` (a module importing TypeScript) into a temporary .mjs file; returns its path. */
export async function bundleFile(entry) {
  const dir = await mkdtemp(join(tmpdir(), "bench-"));
  const outfile = join(dir, "engine.mjs");
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node22",
    outfile,
    logLevel: "error",
    plugins: [wasmAsModule],
  });
  return outfile;
}

/** Bundles `entry` and imports it. */
export async function importBundled(entry) {
  return import(await bundleFile(entry));
}
