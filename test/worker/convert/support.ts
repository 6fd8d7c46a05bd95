import { expect } from "vitest";
import { call, json, oracle } from "../helpers";

/** Shared by the conversion tests: requests, downloads and independent readers of the results. */

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

export function form(files: UploadFile[], fields: Record<string, string> = {}): FormData {
  const f = new FormData();
  for (const file of files) {
    f.append("files", new File([file.bytes], file.name, { type: file.type ?? "application/pdf" }));
  }
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

let next = 0;
/** A fresh documentation-range address per request, so the guest allowance (2 a day) never bites. */
export function freshIp(): string {
  next++;
  // A /64 of its own: the worker counts an IPv6 client by its network.
  return `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${next.toString(16)}::1`;
}

let accounts = 0;
/**
 * A new free account's authorization header: 10 conversions a day, for requests of more files
 * than a guest's 2 (each file converted counts as one).
 */
export async function freeAccount(): Promise<Record<string, string>> {
  const email = `convert${++accounts}-${Date.now()}@example.com`;
  const res = await call("/api/auth/register", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": freshIp() },
    body: JSON.stringify({
      firstName: "T",
      lastName: "U",
      email,
      password: "tulip-canyon-raft",
      confirmPassword: "tulip-canyon-raft",
    }),
  });
  const { sessionToken } = await json<{ sessionToken: string }>(res);
  expect(sessionToken, `registering ${email}`).toBeTruthy();
  return { authorization: `Bearer ${sessionToken}` };
}

export function post(path: string, body: FormData, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, { method: "POST", body, headers: { "cf-connecting-ip": freshIp(), ...headers } });
}

export interface ConvertedFile {
  originalName: string;
  convertedName?: string;
  downloadUrl?: string;
  size?: number;
  status: string;
  message?: string;
  error?: string;
  pageCount?: number;
  compressedSize?: number;
  compressionRatio?: string;
}

export interface ConvertBody {
  message: string;
  files: ConvertedFile[];
  file?: ConvertedFile;
}

/** Posts and expects a 200; returns the body. */
export async function convertOk(
  path: string,
  body: FormData,
  headers: Record<string, string> = {},
): Promise<ConvertBody> {
  const res = await post(path, body, headers);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as ConvertBody;
}

/** Posts and expects an error status; returns `{ error, code }`. */
export async function convertFails(path: string, body: FormData, status: number) {
  const res = await post(path, body);
  const parsed = await json<{ error: string; code: string }>(res);
  expect(res.status, JSON.stringify(parsed)).toBe(status);
  expect(typeof parsed.error).toBe("string");
  return parsed;
}

export async function download(file: ConvertedFile | undefined): Promise<Uint8Array> {
  expect(file?.downloadUrl).toMatch(/^\/api\/download\//);
  const res = await call(String(file?.downloadUrl));
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(bytes.byteLength).toBe(file?.size);
  return bytes;
}

/** qpdf --check passes (exit 0, or 3 for warnings qpdf could work around). */
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
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
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

/** A PNG of one colour, written by the test (test/engine/tools/inputs.ts). */
export { solidPng } from "../../engine/tools/inputs";

/** A stored result downloaded whole (the answer's size), and a PDF by its first bytes; its contents are judged in test/engine. */
export async function downloadPdf(file: ConvertedFile | undefined): Promise<Uint8Array> {
  const bytes = await download(file);
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
  return bytes;
}
