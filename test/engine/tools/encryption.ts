/** The corpus's encrypted files and qpdf's readings of encryption, in Node (as test/worker/security/support.ts has them in workerd). */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "vitest";
import { CORPUS } from "../support/oracles";
import { base64Bytes, oracle } from "./readers";

/** INDEX.tsv's rows: path, kind, password column and notes. */
async function corpusIndex(): Promise<{ path: string; kind: string; password: string; notes: string }[]> {
  const [header, ...rows] = (await readFile(join(CORPUS, "INDEX.tsv"), "utf8")).trim().split("\n");
  const cols = header.split("\t");
  const at = (name: string) => cols.indexOf(name);
  return rows.map((r) => {
    const c = r.split("\t");
    return { path: c[at("path")], kind: c[at("kind")], password: c[at("password")] ?? "", notes: c[at("notes")] ?? "" };
  });
}

/** An encrypted corpus file and the passwords INDEX.tsv documents for it. */
export interface EncryptedSample {
  path: string;
  name: string;
  /** "" for an empty user password; null when unknown. */
  user: string | null;
  owner: string | null;
  /** What qpdf, which does not apply SASLprep, needs to be given. */
  forQpdf: string | null;
  notes: string;
}

function field(column: string, key: string): string | null {
  const m = new RegExp(`(?:^|; )${key}=([^;]*)`).exec(column);
  if (!m) return null;
  const value = m[1].replace(/ \(.*$/, "");
  if (value === "(empty)") return "";
  return value === "unknown" ? null : value;
}

export async function encryptedSamples(): Promise<EncryptedSample[]> {
  const index = await corpusIndex();
  return index
    .filter((e) => e.kind === "pdf-encrypted")
    .map((e) => {
      const user = field(e.password, "user");
      const owner = field(e.password, "owner");
      const normalised = /SASLprep-normalised form: ([^)\s]+)/.exec(e.password)?.[1] ?? null;
      return {
        path: e.path,
        name: e.path.split("/").pop() ?? e.path,
        user,
        owner,
        forQpdf: normalised ?? user ?? owner,
        notes: e.notes,
      };
    });
}

/** qpdf's reading of the file: every object, strings decoded and streams fully decoded. */
export async function qpdfObjects(bytes: Uint8Array, password?: string): Promise<Record<string, unknown>> {
  const args = ["--json=2", "--json-key=qpdf", "--json-stream-data=inline", "--decode-level=generalized"];
  if (password !== undefined) args.push(`--password=${password}`);
  const r = await oracle("qpdf", [...args, "{in}"], bytes);
  expect([0, 3], r.stderr).toContain(r.code);
  return JSON.parse(r.stdout).qpdf[1];
}

/** Keys a writer may legitimately change: lengths, compression, our producer and date. */
const REWRITTEN = new Set(["/Length", "/Filter", "/DecodeParms", "/Producer", "/ModDate"]);

export function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !REWRITTEN.has(k))
        .map(([k, v]) => [k, comparable(v)]),
    );
  }
  return value;
}

/** The plain copy qpdf makes of an encrypted file (the reference for text and objects). */
export async function qpdfDecrypt(bytes: Uint8Array, password: string): Promise<Uint8Array> {
  const r = await oracle("qpdf", ["--decrypt", `--password=${password}`, "{in}", "{out}"], bytes);
  expect([0, 3], r.stderr).toContain(r.code);
  return base64Bytes(r.out ?? "");
}

export async function encryptionOf(bytes: Uint8Array, password?: string): Promise<string> {
  const args = ["--show-encryption", ...(password !== undefined ? [`--password=${password}`] : []), "{in}"];
  const r = await oracle("qpdf", args, bytes);
  return r.stdout + r.stderr;
}
