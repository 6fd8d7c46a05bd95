/**
 * Hand-made PDFs, byte by byte: objects in the order given, a classic cross-reference table or a
 * cross-reference stream, streams framed as the caller says (data straight before "endstream",
 * as pdfTeX and qpdf's QDF mode write it, or with an end of line of the writer's own).
 */

type Body = string | Uint8Array;
/** An object of a hand-made file: its number and body, in the order written. */
export type Obj = [number, Body];

export const latin1 = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));

/** A stream object's body: the data, then "endstream" straight after it unless `eol` is given. */
export function stream(dict: string, data: Body, eol = ""): Uint8Array {
  const d = typeof data === "string" ? latin1(data) : data;
  return Buffer.concat([latin1(`${dict}\nstream\n`), d, latin1(`${eol}endstream`)]);
}

const HEADER = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";

/** The header and objects of a file, and where each object and the end lie. */
function writeObjects(objects: Obj[]): { parts: Uint8Array[]; offsets: Map<number, number>; end: number } {
  const parts: Uint8Array[] = [latin1(HEADER)];
  let end = parts[0].length;
  const offsets = new Map<number, number>();
  for (const [n, body] of objects) {
    offsets.set(n, end);
    const chunk = Buffer.concat([
      latin1(`${n} 0 obj\n`),
      typeof body === "string" ? latin1(body) : body,
      latin1("\nendobj\n"),
    ]);
    parts.push(chunk);
    end += chunk.length;
  }
  return { parts, offsets, end };
}

/** A file of these objects with a classic cross-reference table. */
export function build(objects: Obj[], trailer: string): Uint8Array {
  const { parts, offsets, end } = writeObjects(objects);
  const size = Math.max(...offsets.keys()) + 1;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let n = 1; n < size; n++) {
    const o = offsets.get(n);
    xref += o === undefined ? "0000000000 00000 f \n" : `${String(o).padStart(10, "0")} 00000 n \n`;
  }
  parts.push(latin1(`${xref}trailer\n<< /Size ${size} ${trailer} >>\nstartxref\n${end}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

const entry = (type: number, field: number, gen: number) =>
  Buffer.from([type, field >>> 24, (field >>> 16) & 255, (field >>> 8) & 255, field & 255, gen >> 8, gen & 255]);

/**
 * A file of these objects and a cross-reference stream (`packed`: the objects kept in an object
 * stream, by number: which stream, which place); `trailer` is what it says besides /Size and /W.
 */
export function buildWithXrefStream(
  objects: Obj[],
  packed: Map<number, [number, number]>,
  trailer: string,
): Uint8Array {
  const { parts, offsets, end } = writeObjects(objects);
  const size = Math.max(...offsets.keys(), ...packed.keys()) + 2;
  const rows = [entry(0, 0, 65535)];
  for (let n = 1; n < size; n++) {
    const p = packed.get(n);
    rows.push(p ? entry(2, ...p) : entry(1, n === size - 1 ? end : (offsets.get(n) ?? 0), 0));
  }
  const table = Buffer.concat(rows);
  parts.push(
    latin1(`${size - 1} 0 obj\n`),
    stream(`<< /Type /XRef /Size ${size} /W [1 4 2] ${trailer} /Length ${table.length} >>`, table, "\n"),
    latin1(`\nendobj\nstartxref\n${end}\n%%EOF\n`),
  );
  return new Uint8Array(Buffer.concat(parts));
}

/** RC4 as ISO 32000 uses it (node's OpenSSL has none). */
export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Uint8Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    j = (j + s[i]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
    out[k] = data[k] ^ s[(s[i] + s[j]) & 255];
  }
  return out;
}
