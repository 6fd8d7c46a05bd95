import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The engine runs in two homes (the Worker and the browser), so it stands on its own, in layers
 * whose imports only go down:
 *
 *   jobs/  ->  tools/  ->  pdf/  ->  image/  ->  codecs/, core/
 *
 * (jobs/ is the job pipeline both homes run: files checked, options read, the tool run, the answer
 * made; pdf/content, pdf/crypto, pdf/compress, pdf/embed and pdf/redact are parts of pdf/;
 * image/jpeg, png, webp and compress parts of image/). Nothing under engine/ imports from the
 * rest of worker/, from Hono, or from Cloudflare's bindings (only schema/'s pure modules: the
 * tools' options and catalogue, the answers' shapes and statuses, shared with the pages), and no
 * files import each other in a circle.
 */
const ENGINE = fileURLToPath(new URL("../../worker/engine", import.meta.url));

/**
 * The shared, pure modules the engine may read: the tools' options, the catalogue, the answers'
 * shapes and statuses, and the watermark's layout (the page previews it).
 */
const SHARED = [
  "options.ts",
  "option-fields.ts",
  "form-options.ts",
  "csv.ts",
  "watermark-layout.ts",
  "tools.ts",
  "api.ts",
].map((f) => fileURLToPath(new URL(`../../schema/${f}`, import.meta.url)));

const RANK: Record<string, number> = { jobs: 5, tools: 4, pdf: 3, image: 2, codecs: 1, core: 0 };

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.ts$/.test(name) && !name.endsWith(".d.ts") ? [p] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^"'`;]*?\bfrom\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s*["']([^"']+)["']/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
}

function resolveRelative(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

const layerOf = (file: string) => relative(ENGINE, file).split("/")[0];

const files = sources(ENGINE);
const graph = new Map(
  files.map((f) => [
    f,
    importsOf(f)
      .filter((s) => s.startsWith("."))
      .map((s) => resolveRelative(f, s)),
  ]),
);

describe("the engine's layers", () => {
  it("has every file in a known layer", () => {
    for (const f of files) expect(Object.keys(RANK), relative(ENGINE, f)).toContain(layerOf(f));
  });

  it("imports nothing from the rest of worker/, from Hono or from Cloudflare's bindings, only the shared options and layout", () => {
    const wrong: string[] = [];
    for (const f of files) {
      for (const spec of importsOf(f)) {
        const target = spec.startsWith(".") ? resolveRelative(f, spec) : "";
        const leaves = target !== "" && !target.startsWith(`${ENGINE}/`) && !SHARED.includes(target);
        if (leaves || /^(hono|cloudflare:|drizzle-orm|stripe)/.test(spec))
          wrong.push(`${relative(ENGINE, f)} -> ${spec}`);
      }
      // Bindings reach code only as Env or the Workers runtime's types.
      if (/\b(Env|R2Bucket|D1Database|KVNamespace|ExecutionContext)\b/.test(readFileSync(f, "utf8")))
        wrong.push(`${relative(ENGINE, f)} names a binding type`);
    }
    expect(wrong).toEqual([]);
  });

  it("imports only downward (or within its own layer)", () => {
    const upward: string[] = [];
    for (const [f, targets] of graph) {
      for (const t of targets) {
        if (RANK[layerOf(t)] > RANK[layerOf(f)]) upward.push(`${relative(ENGINE, f)} -> ${relative(ENGINE, t)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it("has no circles", () => {
    const state = new Map<string, "open" | "done">();
    const circles: string[] = [];
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === "done") return;
      if (state.get(f) === "open") {
        circles.push([...path.slice(path.indexOf(f)), f].map((p) => relative(ENGINE, p)).join(" -> "));
        return;
      }
      state.set(f, "open");
      for (const t of graph.get(f) ?? []) visit(t, [...path, f]);
      state.set(f, "done");
    };
    for (const f of files) visit(f, []);
    expect(circles).toEqual([]);
  });
});
