/**
 * qpdf's reading of a PDF's streams, for judging what a tool gave back: every stream decoded
 * (`--json=2 --json-stream-data=inline --decode-level=generalized`), the pages' content streams,
 * and what qpdf warned about while reading and checking the file. Object numbers change when a
 * tool rewrites a file, so streams are compared by their bytes: a page's content streams in
 * order, the multiset of streams a page reaches, the multiset of all the document's streams.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface QpdfObject {
  value?: Json;
  stream?: { dict: Record<string, Json>; data?: string };
}

export interface PageStreams {
  /** The page's content streams, decoded, as digests, in order. */
  contents: string[];
  /** Every stream the page reaches (contents, resources, annotations...), as sorted digests. */
  reached: string[];
}

export interface StreamView {
  pages: PageStreams[];
  /** Every stream the trailer reaches, as digests: how many of each. */
  all: Map<string, number>;
  /** The digest of the catalog's /Metadata stream, if any. */
  metadata?: string;
  /** What qpdf warned about while decoding every stream, and while checking the file. */
  warnings: string[];
}

const REF = /^\d+ \d+ R$/;
/** A bomb's streams take qpdf long to decode; past this the file is not judged. */
const QPDF_TIMEOUT_MS = 120_000;

const digest = (data: Buffer) => `${data.length}:${createHash("sha256").update(data).digest("hex").slice(0, 24)}`;

async function qpdf(args: string[], input: Uint8Array): Promise<{ code: number; stdout: string; stderr: string }> {
  const dir = await mkdtemp(join(tmpdir(), "stream-judge-"));
  try {
    const file = join(dir, "in.pdf");
    await writeFile(file, input);
    return await new Promise((done) =>
      execFile(
        "qpdf",
        [...args, file],
        { maxBuffer: 1024 * 1024 * 1024, encoding: "utf8", timeout: QPDF_TIMEOUT_MS },
        (err, stdout, stderr) => {
          const code = err ? (typeof err.code === "number" ? err.code : -1) : 0;
          done({ code, stdout, stderr: stderr.replaceAll(file, "in.pdf") });
        },
      ),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const lines = (text: string) => text.split("\n").filter((l) => l.trim() !== "");

/**
 * The password as qpdf must be given it: qpdf takes the text as typed, where the standard (and
 * our engine) prepares it first (SASLprep: compatibility forms folded, soft hyphens dropped).
 */
const prepared = (password: string) => `--password=${password.normalize("NFKC").replaceAll("\u00ad", "")}`;

/** qpdf's view of `bytes` (opened with `password`); null when qpdf cannot read it at all. */
export async function qpdfStreams(bytes: Uint8Array, password = ""): Promise<StreamView | null> {
  const pw = prepared(password);
  const args = ["--json=2", "--json-stream-data=inline", "--decode-level=generalized", "--json-key=qpdf"];
  const json = await qpdf([...args, "--json-key=pages", pw], bytes);
  if (json.code !== 0 && json.code !== 3) return null;
  const check = await qpdf(["--check", pw], bytes);
  const parsed = JSON.parse(json.stdout) as {
    qpdf: [unknown, Record<string, QpdfObject>];
    pages: { object: string; contents: string[] }[];
  };
  const objects = parsed.qpdf[1];
  const lookup = (ref: string) => objects[`obj:${ref}`];
  const data = new Map<string, string>();
  for (const [key, o] of Object.entries(objects)) {
    if (o.stream) data.set(key.slice(4), digest(Buffer.from(o.stream.data ?? "", "base64")));
  }
  const trailer = (objects.trailer?.value ?? {}) as Record<string, Json>;
  const all = new Map<string, number>();
  for (const d of reached([trailer["/Root"], trailer["/Info"]], lookup, data, () => false)) {
    all.set(d, (all.get(d) ?? 0) + 1);
  }
  const root = typeof trailer["/Root"] === "string" ? lookup(trailer["/Root"])?.value : undefined;
  const meta = (root as Record<string, Json> | undefined)?.["/Metadata"];
  // Another page, the page tree or the catalog (a signature's reference data) belong to no page.
  const elsewhere = (o: Json) => {
    const type = (o as Record<string, Json> | null)?.["/Type"];
    return type === "/Page" || type === "/Pages" || type === "/Catalog";
  };
  return {
    pages: parsed.pages.map((p) => ({
      contents: p.contents.map((c) => data.get(c) ?? "missing"),
      reached: reached([lookup(p.object)?.value ?? null], lookup, data, elsewhere, "/Parent").sort(),
    })),
    all,
    metadata: typeof meta === "string" ? data.get(meta) : undefined,
    warnings: [...lines(json.stderr), ...lines(check.stderr), ...(check.code === 2 ? ["qpdf --check failed"] : [])],
  };
}

/** The digests of the streams reachable from `from`, not through `skip` nor into objects `stop` says belong elsewhere. */
function reached(
  from: Json[],
  lookup: (ref: string) => QpdfObject | undefined,
  data: Map<string, string>,
  stop: (o: Json) => boolean,
  skip?: string,
): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const stack: Json[] = [...from];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (!REF.test(v) || seen.has(v)) continue;
      seen.add(v);
      const o = lookup(v);
      if (o?.stream) {
        found.push(data.get(v) ?? "missing");
        stack.push(o.stream.dict);
      } else if (o && !stop(o.value ?? null)) stack.push(o.value ?? null);
    } else if (Array.isArray(v)) {
      stack.push(...v);
    } else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) if (k !== skip) stack.push(x);
    }
  }
  return found;
}

/** Every stream's data as qpdf reads it from the file (decrypted, not decoded), by "n g". */
export async function qpdfRawStreams(bytes: Uint8Array, password = ""): Promise<Map<string, Buffer>> {
  const args = ["--json=2", "--json-stream-data=inline", "--decode-level=none", "--json-key=qpdf"];
  const r = await qpdf([...args, prepared(password)], bytes);
  if (r.code !== 0 && r.code !== 3) throw new Error(`qpdf cannot read the file: ${r.stderr}`);
  const objects = (JSON.parse(r.stdout) as { qpdf: [unknown, Record<string, QpdfObject>] }).qpdf[1];
  const out = new Map<string, Buffer>();
  for (const [key, o] of Object.entries(objects)) {
    if (o.stream) out.set(key.slice(4, -2), Buffer.from(o.stream.data ?? "", "base64"));
  }
  return out;
}

/** What of `expected` (a multiset of digests) `actual` lacks. */
export function missingFrom(actual: Map<string, number>, expected: Map<string, number>): string[] {
  const lacking: string[] = [];
  for (const [d, n] of expected) if ((actual.get(d) ?? 0) < n) lacking.push(d);
  return lacking;
}

/** Whether qpdf had to guess where a stream of the file ends (a /Length wrong, missing or not a number). */
export function guessedStreamLength(view: StreamView): boolean {
  return view.warnings.some((w) => /recover(ed)? stream length|expected endstream|\/Length key/.test(w));
}
