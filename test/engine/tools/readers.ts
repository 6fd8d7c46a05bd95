/**
 * Independent readers of tool outputs in Node (qpdf, poppler, libjpeg, libwebp, unzip), the same
 * ones the worker tests reach through their ORACLE binding and answering in the same shape: the
 * engine tests judge the bytes with exactly what the HTTP tests used to.
 */
import { expect } from "vitest";
import { oracleFetch } from "../../support/oracle";
import { corpus } from "../support/oracles";

export { corpus as corpusFile } from "../support/oracles";

export interface OracleResult {
  code: number;
  stdout: string;
  stderr: string;
  /** `{out}`'s bytes, base64-encoded (as the binding sends them). */
  out?: string;
}

/** Runs an independent reader (qpdf, pdftotext, ...) on the given bytes: `{in}` is a file holding them. */
export async function oracle(cmd: string, args: string[], input: Uint8Array | ArrayBuffer = new Uint8Array()) {
  const q = new URLSearchParams({ cmd });
  for (const a of args) q.append("arg", a);
  const res = await oracleFetch(new Request(`http://oracle/run?${q}`, { method: "POST", body: input }));
  if (!res.ok) throw new Error(`oracle: ${res.status} ${await res.text()}`);
  return (await res.json()) as OracleResult;
}

/**
 * qpdf reads the output without repairing it. Warnings about a stream's own data (carried over
 * from a damaged input) are tolerated; anything about the file's structure is a failure.
 */
export async function expectValidPdf(bytes: Uint8Array, label = "output"): Promise<void> {
  const check = await oracle("qpdf", ["--check", "{in}"], bytes);
  const report = check.stdout + check.stderr;
  // The whole report and the tool's name in the message: a failure here must be diagnosable from the log.
  expect([0, 3], `${label}: ${report}`).toContain(check.code);
  // The file's temporary path is left out of what is matched ("/tmp/oracle-xREf0g/in" once read as "xref").
  const findings = report.replaceAll(/\/tmp\/oracle-[^/\s]+\/in/g, "the file");
  expect(findings, `${label} (${bytes.length} bytes): ${report}`).not.toMatch(
    /file is damaged|reconstruct cross-reference|not found in file|expected \d+ \d+ obj|xref/i,
  );
}

export async function pageCount(bytes: Uint8Array): Promise<number> {
  const r = await oracle("qpdf", ["--show-npages", "{in}"], bytes);
  expect([0, 3], r.stderr).toContain(r.code);
  return Number(r.stdout.trim());
}

/** The pages qpdf actually finds walking the page tree (--show-npages trusts /Count). */
export async function walkedPageCount(bytes: Uint8Array): Promise<number | undefined> {
  const r = await oracle("qpdf", ["--json", "--json-key=pages", "{in}"], bytes);
  if (r.code !== 0 && r.code !== 3) return undefined;
  return JSON.parse(r.stdout).pages.length;
}

/** Each page's effective /Rotate as qpdf reads it (inherited values resolved). */
export async function pageRotations(bytes: Uint8Array): Promise<number[]> {
  const r = await oracle("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", "{in}"], bytes);
  const json = JSON.parse(r.stdout);
  const objects = json.qpdf[1];
  return json.pages.map((p: { object: string }) => {
    let obj = objects[`obj:${p.object}`].value;
    while (obj) {
      if (obj["/Rotate"] !== undefined) return obj["/Rotate"];
      obj = obj["/Parent"] ? objects[`obj:${obj["/Parent"]}`].value : undefined;
    }
    return 0;
  });
}

export async function pdfText(bytes: Uint8Array, extra: string[] = []): Promise<string> {
  const r = await oracle("pdftotext", [...extra, "{in}", "-"], bytes);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

export async function pdfInfo(bytes: Uint8Array): Promise<Record<string, string>> {
  const r = await oracle("pdfinfo", ["{in}"], bytes);
  expect(r.code, r.stderr).toBe(0);
  return Object.fromEntries(
    r.stdout
      .split(/\r?\n/)
      .map((l) => /^([^:]+):\s*(.*)$/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1], m[2]]),
  );
}

export interface Outline {
  title: string;
  page: number | null;
  kids: Outline[];
}

/** Bookmarks as qpdf reads them: title and the page number each points at. */
export async function outlines(bytes: Uint8Array): Promise<Outline[]> {
  const r = await oracle("qpdf", ["--json", "--json-key=outlines", "{in}"], bytes);
  expect([0, 3], r.stderr).toContain(r.code);
  type Raw = { title: string; destpageposfrom1: number | null; kids: Raw[] };
  const map = (l: Raw[]): Outline[] => l.map((o) => ({ title: o.title, page: o.destpageposfrom1, kids: map(o.kids) }));
  return map(JSON.parse(r.stdout).outlines);
}

export interface Raster {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

/** Parses binary PGM (P5) or PPM (P6) with maxval 255. */
export function parsePnm(bytes: Uint8Array): Raster {
  let at = 0;
  const token = () => {
    while (/\s/.test(String.fromCharCode(bytes[at]))) at++;
    let s = "";
    while (!/\s/.test(String.fromCharCode(bytes[at]))) s += String.fromCharCode(bytes[at++]);
    return s;
  };
  const magic = token();
  const width = Number(token());
  const height = Number(token());
  token();
  at++;
  const channels = magic === "P6" ? 3 : 1;
  return { width, height, channels, data: bytes.subarray(at, at + width * height * channels) };
}

/** One page rendered by poppler (pdftoppm), grey or RGB. */
export async function render(
  bytes: Uint8Array,
  opts: { page?: number; dpi?: number; gray?: boolean } = {},
): Promise<Raster> {
  const p = String(opts.page ?? 1);
  // -cropbox: what a reader shows (pdftoppm would otherwise render the whole media box).
  const args = [
    "-r",
    String(opts.dpi ?? 72),
    "-f",
    p,
    "-l",
    p,
    "-singlefile",
    "-cropbox",
    ...(opts.gray ? ["-gray"] : []),
  ];
  const r = await oracle("pdftoppm", [...args, "{in}", "{out}"], bytes);
  expect(r.code, r.stderr).toBe(0);
  expect(r.out).toBeDefined();
  return parsePnm(base64Bytes(r.out ?? ""));
}

export function base64Bytes(b64: string): Uint8Array {
  return new Uint8Array(Buffer.from(b64, "base64"));
}

/** Block averages (f x f pixels): comparisons then ignore resampling and edge antialiasing. */
export function blocks(r: Raster, f = 10): Raster {
  const width = Math.floor(r.width / f);
  const height = Math.floor(r.height / f);
  const data = new Uint8Array(width * height * r.channels);
  for (let by = 0; by < height; by++) {
    for (let bx = 0; bx < width; bx++) {
      for (let c = 0; c < r.channels; c++) {
        let sum = 0;
        for (let y = by * f; y < (by + 1) * f; y++) {
          for (let x = bx * f; x < (bx + 1) * f; x++) sum += r.data[(y * r.width + x) * r.channels + c];
        }
        data[(by * width + bx) * r.channels + c] = Math.round(sum / (f * f));
      }
    }
  }
  return { width, height, channels: r.channels, data };
}

/** Mean absolute difference per sample between two rasters of the same size. */
export function meanDiff(a: Raster, b: Raster): number {
  expect([a.width, a.height, a.channels]).toEqual([b.width, b.height, b.channels]);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i] - b.data[i]);
  return sum / a.data.length;
}

/** pdfimages -list rows: [type, width, height, color, comp, bpc, enc]. */
export async function imagesIn(pdf: Uint8Array): Promise<string[][]> {
  const r = await oracle("pdfimages", ["-list", "{in}"], pdf);
  expect(r.code).toBe(0);
  return r.stdout
    .trim()
    .split("\n")
    .slice(2)
    .map((l) => l.trim().split(/\s+/).slice(2, 9));
}

/** For each page (1-based), the pages its link annotations go to, as qpdf resolves them. */
export async function linkTargets(bytes: Uint8Array): Promise<(number | null)[][]> {
  const r = await oracle("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", "{in}"], bytes);
  expect([0, 3]).toContain(r.code);
  const json = JSON.parse(r.stdout);
  const objects = json.qpdf[1];
  const pageOf = new Map<string, number>(json.pages.map((p: { object: string }, i: number) => [p.object, i + 1]));
  const value = (o: unknown) => (typeof o === "string" && o.endsWith(" R") ? objects[`obj:${o}`]?.value : o);
  return json.pages.map((p: { object: string }) => {
    const annots = value(objects[`obj:${p.object}`].value["/Annots"]) ?? [];
    return annots
      .map(value)
      .filter((a: Record<string, unknown>) => a["/Subtype"] === "/Link")
      .map((a: Record<string, unknown>) => {
        const action = value(a["/A"]) as Record<string, unknown> | undefined;
        const dest = value(a["/Dest"] ?? action?.["/D"]);
        return Array.isArray(dest) ? (pageOf.get(dest[0]) ?? null) : null;
      });
  });
}

/** The JPEG's frame as libjpeg reports it. */
export async function jpegFrame(jpeg: Uint8Array): Promise<{ width: number; height: number; components: number }> {
  const r = await oracle("djpeg", ["-verbose", "-outfile", "/dev/null", "{in}"], jpeg);
  const m = /width=(\d+), height=(\d+), components=(\d+)/.exec(r.stderr);
  expect(m, r.stderr).toBeTruthy();
  return { width: Number(m?.[1]), height: Number(m?.[2]), components: Number(m?.[3]) };
}

export interface CorpusEntry {
  path: string;
  kind: string;
  password: string;
  expected: string;
  notes: string;
  bytes: number;
}

/** The corpus's INDEX.tsv, a row per file. */
export async function corpusIndex(): Promise<CorpusEntry[]> {
  const tsv = new TextDecoder().decode(await corpus("INDEX.tsv"));
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
