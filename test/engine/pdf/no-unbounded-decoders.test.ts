import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const WORKER = fileURLToPath(new URL("../../../worker", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [p] : [];
  });
}

/**
 * Everything that expands goes through the engine's bounded decoders: one inflate
 * (engine/core/inflate.ts, fed in slices) and the PDF filters in engine/core/decode.ts. These
 * are the ways around them.
 */
/** fflate's inflaters, streaming and one-shot: only engine/core/inflate.ts may import one. */
const FFLATE_INFLATERS = new Set([
  "Inflate",
  "Unzlib",
  "Gunzip",
  "Decompress",
  "Unzip",
  "UnzipInflate",
  "AsyncInflate",
  "AsyncUnzlib",
  "AsyncGunzip",
  "AsyncDecompress",
  "AsyncUnzipInflate",
  "inflate",
  "inflateSync",
  "unzlib",
  "unzlibSync",
  "gunzip",
  "gunzipSync",
  "decompress",
  "decompressSync",
  "unzip",
  "unzipSync",
]);

const FORBIDDEN: [RegExp, string][] = [
  [/\bdecodePDFRawStream\b/, "pdf-lib's unbounded stream decoder"],
  [/\bDecompressionStream\b/, "the runtime's unbounded DecompressionStream"],
  // TextDecoder.decode(bytes) is fine; pdf-lib's stream.decode() asks for everything.
  [/\.decode\(\)/, "a pdf-lib decoder asked for everything"],
];

describe("no unbounded decoder anywhere in worker/", () => {
  it("only engine/core/inflate.ts inflates, and nothing calls pdf-lib's decoders", () => {
    const found: string[] = [];
    for (const file of sources(WORKER)) {
      const rel = relative(WORKER, file);
      if (rel === "worker-configuration.d.ts") continue;
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"fflate"/g)) {
        const names = m[1].split(",").map((n) =>
          n
            .trim()
            .split(/\s+as\s+/)[0]
            .replace(/^type\s+/, ""),
        );
        for (const n of names)
          if (FFLATE_INFLATERS.has(n) && rel !== "engine/core/inflate.ts") found.push(`${rel}: fflate's ${n}`);
      }
      if (/from\s*"fflate"/.test(text) && /import\s*\*\s*as\s*\w+\s*from\s*"fflate"/.test(text))
        found.push(`${rel}: all of fflate`);
      for (const [pattern, what] of FORBIDDEN) if (pattern.test(text)) found.push(`${rel}: ${what}`);
    }
    expect(found).toEqual([]);
  });
});
