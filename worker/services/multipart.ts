import { AppError, isAppError } from "../errors";

/**
 * multipart/form-data read into one buffer, with every file a view into it. The runtime's
 * formData() holds the body and then a copy of each file (File objects), and reading a File's
 * bytes makes a third: a 25 MB upload cost 50 to 75 MB of a 128 MB isolate before any work
 * began. Here the body is read once, into one buffer that grows as it arrives, never past `max`.
 */
export interface MultipartFile {
  field: string;
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface Multipart {
  files: MultipartFile[];
  fields: [string, string][];
  /** Bytes read. */
  size: number;
}

const unreadable = () => new AppError("bad_request", "The upload could not be read. Please try again.");

/** The boundary a multipart Content-Type names, or null. */
export function boundaryOf(contentType: string): string | null {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;,]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : null;
}

/** An ArrayBuffer that grows in place up to its maximum (ES2024; the types here are ES2023's). */
interface GrowableBuffer extends ArrayBuffer {
  resize(length: number): void;
  transferToFixedLength(length?: number): ArrayBuffer;
}
const Growable = ArrayBuffer as unknown as new (length: number, opts: { maxByteLength: number }) => GrowableBuffer;

export interface ReadOptions {
  /**
   * Called before the body grows to `bytes`: what holds the job's memory (services/admission.ts)
   * counts the upload as it arrives, and may make the read wait for room.
   */
  hold?(bytes: number): void | Promise<void>;
}

/**
 * The whole body in one buffer, refusing past `max` bytes. The buffer grows in place as bytes
 * arrive (address space is set aside for `max`, memory is taken only as it fills), so a client
 * that declares 25 MB and sends nothing costs nothing; at the end it becomes a plain ArrayBuffer
 * without a copy.
 */
async function readBody(req: Request, max: number, tooLarge: () => AppError, opts: ReadOptions): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > max) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const buf = new Growable(0, { maxByteLength: max });
  let n = 0;
  const reader = req.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (n + value.length > max) throw tooLarge();
      await opts.hold?.(n + value.length);
      buf.resize(n + value.length);
      new Uint8Array(buf, n, value.length).set(value);
      n += value.length;
    }
  } catch (err) {
    reader.cancel().catch(() => {});
    if (isAppError(err)) throw err;
    throw unreadable();
  }
  return new Uint8Array(buf.transferToFixedLength(n));
}

function indexOf(hay: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  const last = hay.length - needle.length;
  outer: for (let i = hay.indexOf(first, from); i !== -1 && i <= last; i = hay.indexOf(first, i + 1)) {
    for (let k = 1; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

const utf8 = new TextDecoder("utf-8");

/** A Content-Disposition parameter: quoted (browsers percent-encode `"` and line breaks in it) or bare. */
function param(disposition: string, key: string): string | null {
  const m = new RegExp(`;\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, "i").exec(disposition);
  if (!m) return null;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : m[2];
}

/** Header bytes are UTF-8 in every browser; the %22, %0D and %0A they write for `"` and line breaks are undone. */
function headerText(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

function unescapeName(name: string): string {
  return name.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
}

/** Reads and splits a multipart/form-data request. */
export async function readMultipart(
  req: Request,
  max: number,
  tooLarge: () => AppError,
  opts: ReadOptions = {},
): Promise<Multipart> {
  const boundary = boundaryOf(req.headers.get("content-type") ?? "");
  if (!boundary) throw unreadable();
  const body = await readBody(req, max, tooLarge, opts);
  const delimiter = new TextEncoder().encode(`--${boundary}`);
  const files: MultipartFile[] = [];
  const fields: [string, string][] = [];
  let at = indexOf(body, delimiter, 0);
  if (at < 0) throw unreadable();
  for (;;) {
    at += delimiter.length;
    // "--" after a delimiter closes the body.
    if (body[at] === 45 && body[at + 1] === 45) break;
    if (body[at] === 13 && body[at + 1] === 10) at += 2;
    else throw unreadable();
    const headEnd = indexOf(body, CRLFCRLF, at);
    if (headEnd < 0) throw unreadable();
    const headers = headerText(body.subarray(at, headEnd)).split("\r\n");
    const start = headEnd + 4;
    const next = indexOf(body, delimiter, start);
    if (next < 0 || next < start + 2 || body[next - 2] !== 13 || body[next - 1] !== 10) throw unreadable();
    const content = body.subarray(start, next - 2);
    let disposition = "";
    let type = "";
    for (const h of headers) {
      const colon = h.indexOf(":");
      // A line that is no header (a raw line break inside a file name split one): the part is broken.
      if (colon <= 0) throw unreadable();
      const key = h.slice(0, colon).trim().toLowerCase();
      if (key === "content-disposition") disposition = h.slice(colon + 1).trim();
      else if (key === "content-type") type = h.slice(colon + 1).trim();
    }
    const field = param(disposition, "name");
    if (field === null || !DISPOSITION.test(disposition)) throw unreadable();
    const filename = param(disposition, "filename");
    if (filename !== null)
      files.push({ field: unescapeName(field), name: unescapeName(filename), type, bytes: content });
    else fields.push([unescapeName(field), utf8.decode(content)]);
    at = next;
  }
  return { files, fields, size: body.length };
}

const CRLFCRLF = new Uint8Array([13, 10, 13, 10]);
/** form-data and its parameters, each quoted (and closed) or a bare token: nothing else. */
const DISPOSITION = /^form-data(?:\s*;\s*[\w*.-]+\s*=\s*(?:"(?:[^"\\\r\n]|\\.)*"|[^;\s"]+))*\s*;?\s*$/i;
