/**
 * The test oracle: independent readers (qpdf, poppler, image decoders) and the corpus, served
 * from Node to tests that run inside workerd, through a service binding named ORACLE.
 *
 *   POST /run?cmd=qpdf&arg=--check&arg={in}   body: the file   -> { code, stdout, stderr, out? }
 *   GET  /corpus/<path>                                          -> the corpus file's bytes
 *
 * `{in}` is replaced by a temp file holding the body, `{out}` by a temp path whose contents
 * come back base64-encoded as `out`.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const CORPUS_DIR = resolve(fileURLToPath(new URL("../fixtures/corpus", import.meta.url)));
export const FIXTURES_DIR = resolve(fileURLToPath(new URL("../fixtures", import.meta.url)));

const ALLOWED = new Set([
  "qpdf",
  "pdftotext",
  "pdfinfo",
  "pdftoppm",
  "pdfimages",
  "pdffonts",
  "pdfdetach",
  "djpeg",
  "dwebp",
  "webpmux",
  "unzip",
  // libpng's reading of a PNG (cwebp -lossless -exact), and a reference JPEG encoder for fixtures.
  "cwebp",
  "cjpeg",
]);

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  out?: string;
}

export function run(cmd: string, args: string[], timeoutMs = 60_000): Promise<RunResult> {
  return new Promise((done) => {
    execFile(
      cmd,
      args,
      { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : 127) : 0;
        done({ code, stdout, stderr: stderr || (err && typeof err.code !== "number" ? String(err.message) : "") });
      },
    );
  });
}

async function handleRun(url: URL, body: Uint8Array): Promise<Response> {
  const cmd = url.searchParams.get("cmd") ?? "";
  if (!ALLOWED.has(cmd)) return new Response(`command not allowed: ${cmd}`, { status: 400 });
  const dir = await mkdtemp(join(tmpdir(), "oracle-"));
  try {
    const input = join(dir, "in");
    const output = join(dir, "out");
    await writeFile(input, body);
    const args = url.searchParams.getAll("arg").map((a) => a.replaceAll("{in}", input).replaceAll("{out}", output));
    const result = await run(cmd, args);
    if (url.searchParams.getAll("arg").some((a) => a.includes("{out}"))) {
      // pdftoppm and pdftocairo append an extension to the name they are given (out.ppm);
      // pdfimages numbers what it writes (out-000.ppm): the first comes back.
      const written = (await readdir(dir))
        .sort()
        .find((f) => f === "out" || f.startsWith("out.") || f.startsWith("out-"));
      result.out = written
        ? await readFile(join(dir, written))
            .then((b) => b.toString("base64"))
            .catch(() => undefined)
        : undefined;
    }
    return Response.json(result);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function handleFile(base: string, rel: string): Promise<Response> {
  const path = normalize(join(base, decodeURIComponent(rel)));
  if (!path.startsWith(base)) return new Response("outside the fixtures", { status: 400 });
  try {
    return new Response(await readFile(path));
  } catch {
    return new Response("no such fixture", { status: 404 });
  }
}

export async function oracleFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/run" && request.method === "POST") {
    return handleRun(url, new Uint8Array(await request.arrayBuffer()));
  }
  if (url.pathname.startsWith("/corpus/")) return handleFile(CORPUS_DIR, url.pathname.slice("/corpus/".length));
  if (url.pathname.startsWith("/fixtures/")) return handleFile(FIXTURES_DIR, url.pathname.slice("/fixtures/".length));
  return new Response("unknown oracle path", { status: 404 });
}

/** Miniflare service bindings: functions run in Node, called from the worker under test. */
export function oracleBindings() {
  return { ORACLE: oracleFetch as never };
}
