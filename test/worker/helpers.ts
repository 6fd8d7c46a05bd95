import { env, exports } from "cloudflare:workers";

export const BASE = "http://localhost";

/** A request to the real worker (the same fetch handler wrangler serves). */
export function call(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(`${BASE}${path}`, init));
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export interface OracleResult {
  code: number;
  stdout: string;
  stderr: string;
  out?: string;
}

/** Runs an independent reader (qpdf, pdftotext, ...) in Node on the given bytes. */
export async function oracle(cmd: string, args: string[], input: Uint8Array | ArrayBuffer = new Uint8Array()) {
  const q = new URLSearchParams({ cmd });
  for (const a of args) q.append("arg", a);
  const res = await env.ORACLE.fetch(`http://oracle/run?${q}`, { method: "POST", body: input });
  if (!res.ok) throw new Error(`oracle: ${res.status} ${await res.text()}`);
  return (await res.json()) as OracleResult;
}

/** A file from the shared corpus (test/fixtures/corpus), by its INDEX.tsv path. */
export async function corpusFile(path: string): Promise<Uint8Array> {
  const res = await env.ORACLE.fetch(`http://oracle/corpus/${path}`);
  if (!res.ok) throw new Error(`corpus file ${path}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

export interface CorpusEntry {
  path: string;
  kind: string;
  password: string;
  expected: string;
  notes: string;
  bytes: number;
}

export async function corpusIndex(): Promise<CorpusEntry[]> {
  const tsv = new TextDecoder().decode(await corpusFile("INDEX.tsv"));
  const [header, ...rows] = tsv.trim().split("\n");
  const cols = header.split("\t");
  const at = (name: string) => cols.indexOf(name);
  return rows.map((r) => {
    const c = r.split("\t");
    return {
      path: c[at("path")],
      kind: c[at("kind")],
      password: c[at("password")] ?? "",
      expected: c[at("expected_behaviour")] ?? "",
      notes: c[at("notes")] ?? "",
      bytes: Number(c[at("bytes")]),
    };
  });
}

/** Moves a stored result's expiry into the past (its row in `results` is what every read checks). */
export async function expireResult(downloadUrl: string, at = Date.now() - 1000): Promise<void> {
  const id = downloadUrl.split("/").pop();
  const res = await env.DB.prepare("UPDATE results SET expiresAt = ?1 WHERE id = ?2").bind(at, id).run();
  if (!res.meta.changes) throw new Error(`no stored result ${id}`);
}

/**
 * Waits, when the current window is nearly over, for the next one to start. Some limits count per
 * window of the wall clock: Cloudflare's rate limits per minute, refused jobs per UTC hour. A test
 * that fills such a window and expects the next request to be refused must make all its requests
 * inside one window. Otherwise the count starts again halfway through (CI saw 201 for 429 once).
 */
export async function inOneWindow(periodMs: number, needMs: number): Promise<void> {
  const left = periodMs - (Date.now() % periodMs);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 100));
}
