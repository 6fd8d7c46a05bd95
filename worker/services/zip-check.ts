import type { Budget } from "../engine/core/budget";
import { EngineError } from "../engine/core/errors";
import { InflateDamaged, InflateLimit, Inflater } from "../engine/core/inflate";
import { crc32 } from "../engine/image/png/chunks";

/**
 * A ZIP as our tools make it (split, extract images, mail merge, PDF to image): entries end to
 * end from the file's start, then the central directory, then its end record, nothing else.
 * Everything is read from the directory and checked before anything is inflated: how many
 * entries, their names (a plain file name with the extension of what it holds: no folders to
 * climb out of, no page.pdf.exe), each within the file limit, all of them together, and how much
 * a deflated entry says it grows (a bomb is refused unopened). Then each entry is read (inflated
 * with the engine's bounded inflate, never past its stated size), its CRC-32 compared, and its
 * bytes handed to `checkEntry`, one at a time.
 */
export const MAX_ZIP_ENTRIES = 1000;
/** A deflated entry may grow this many times over 1 MB (PDFs and images barely compress; a bomb grows 1000:1). */
export const MAX_ZIP_RATIO = 20;
const RATIO_FLOOR = 1024 * 1024;

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const utf8 = new TextDecoder("utf-8");

function refuse(zip: string, why: string): EngineError {
  return new EngineError("invalid_file", `${zip} ${why} It was not stored.`);
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  /** Where its local header starts, and its data. */
  local: number;
  data: number;
}

/** The central directory's entries, each matched with its local header; the ZIP's layout checked. */
function directory(b: Uint8Array, zip: string): Entry[] {
  const damaged = () => refuse(zip, "is damaged or is not a ZIP made by our tools.");
  let eocd = -1;
  for (let p = b.length - 22; p >= Math.max(0, b.length - 22 - 0xffff); p--) {
    if (u32(b, p) === 0x06054b50 && p + 22 + u16(b, p + 20) === b.length) {
      eocd = p;
      break;
    }
  }
  if (eocd < 0 || u16(b, eocd + 4) !== 0 || u16(b, eocd + 6) !== 0) throw damaged();
  const count = u16(b, eocd + 10);
  const cdSize = u32(b, eocd + 12);
  const cdStart = u32(b, eocd + 16);
  if (u16(b, eocd + 8) !== count || cdStart + cdSize !== eocd) throw damaged();
  if (count === 0) throw refuse(zip, "is empty.");
  if (count > MAX_ZIP_ENTRIES) {
    throw refuse(
      zip,
      `holds ${count.toLocaleString("en-US")} files; a ZIP stored here may hold at most ${MAX_ZIP_ENTRIES.toLocaleString("en-US")}.`,
    );
  }
  const entries: Entry[] = [];
  for (let p = cdStart, i = 0; i < count; i++) {
    if (p + 46 > eocd || u32(b, p) !== 0x02014b50) throw damaged();
    const nameLength = u16(b, p + 28);
    const next = p + 46 + nameLength + u16(b, p + 30) + u16(b, p + 32);
    if (next > eocd) throw damaged();
    entries.push({
      name: utf8.decode(b.subarray(p + 46, p + 46 + nameLength)),
      flags: u16(b, p + 8),
      method: u16(b, p + 10),
      crc: u32(b, p + 16),
      compressed: u32(b, p + 20),
      size: u32(b, p + 24),
      local: u32(b, p + 42),
      data: 0,
    });
    p = next;
  }
  // Entries tile the file from its start to the directory: no bytes in between that no entry owns.
  let at = 0;
  for (const e of [...entries].sort((x, y) => x.local - y.local)) {
    if (e.local !== at || u32(b, at) !== 0x04034b50 || u16(b, at + 8) !== e.method) throw damaged();
    const data = at + 30 + u16(b, at + 26) + u16(b, at + 28);
    // A data descriptor (flag 8) follows the data: 12 bytes, or 16 with its signature.
    const descriptor = e.flags & 8 ? (u32(b, data + e.compressed) === 0x08074b50 ? 16 : 12) : 0;
    at = data + e.compressed + descriptor;
    if (at > cdStart) throw damaged();
    e.data = data;
  }
  if (at !== cdStart) throw damaged();
  return entries;
}

/** A plain file name: no folder, no way up or out, no control characters (bidirectional ones included). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const PLAIN_NAME = /^[^/\\:\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+$/;

function inflateRaw(data: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  const z = new Inflater((chunk) => {
    if (at + chunk.length > size) throw new InflateLimit(size);
    out.set(chunk, at);
    at += chunk.length;
  });
  // ZIP's deflate is raw: framed as zlib (a header, and four bytes where the checksum goes, which
  // is not checked: the entry's CRC-32 is) for the engine's one inflater.
  z.push(new Uint8Array([0x78, 0x01]), false);
  z.push(data, false);
  z.push(new Uint8Array(4), true);
  if (!z.complete || at !== size) throw new InflateDamaged("the data ends before its end mark");
  return out;
}

/**
 * Checks a ZIP's layout and every entry (see above); `maxEntryBytes` bounds each entry, and four
 * times it all of them together. Answers how many entries it holds.
 */
export async function checkZip(
  b: Uint8Array,
  zip: string,
  budget: Budget,
  maxEntryBytes: number,
  checkEntry: (entry: ZipEntry) => Promise<void>,
): Promise<number> {
  const entries = directory(b, zip);
  let total = 0;
  for (const e of entries) {
    if (!PLAIN_NAME.test(e.name) || e.name === "." || e.name === "..") {
      throw refuse(zip, `holds "${e.name}", which is not a plain file name.`);
    }
    if (e.flags & 1) throw refuse(zip, `holds ${e.name}, which is encrypted.`);
    if (e.method !== 0 && e.method !== 8)
      throw refuse(zip, `holds ${e.name}, compressed in a way our tools never use.`);
    if (e.method === 0 && e.compressed !== e.size) throw refuse(zip, "is damaged or is not a ZIP made by our tools.");
    if (e.size > maxEntryBytes) {
      throw new EngineError(
        "job_too_large",
        `${e.name} in ${zip} is ${(e.size / (1024 * 1024)).toFixed(1)} MB; each file in a ZIP stored here may be at most ${Math.round(maxEntryBytes / (1024 * 1024))} MB.`,
      );
    }
    if (e.size > RATIO_FLOOR && e.size > e.compressed * MAX_ZIP_RATIO) {
      throw refuse(
        zip,
        `holds ${e.name}, which would unpack from ${e.compressed.toLocaleString("en-US")} bytes to ${e.size.toLocaleString("en-US")}: more than any file our tools make grows.`,
      );
    }
    total += e.size;
  }
  if (total > 4 * maxEntryBytes) {
    throw new EngineError(
      "job_too_large",
      `${zip} would unpack to ${(total / (1024 * 1024)).toFixed(1)} MB; a ZIP stored here may hold at most ${Math.round((4 * maxEntryBytes) / (1024 * 1024))} MB.`,
    );
  }
  for (const e of entries) {
    budget.check();
    const raw = b.subarray(e.data, e.data + e.compressed);
    const held = e.method === 8 ? e.size : 0;
    budget.take(held, `${e.name} in ${zip}`);
    const before = budget.memoryHeld;
    try {
      let bytes: Uint8Array;
      try {
        bytes = e.method === 8 ? inflateRaw(raw, e.size) : raw;
      } catch (err) {
        if (err instanceof InflateLimit || err instanceof InflateDamaged) {
          throw refuse(zip, `holds ${e.name}, which is damaged or is not the size it says.`);
        }
        throw err;
      }
      if (crc32([bytes]) !== e.crc) throw refuse(zip, `holds ${e.name}, which is damaged: it fails its checksum.`);
      await checkEntry({ name: e.name, bytes });
    } finally {
      // What checking the entry held (a parsed PDF) goes with it.
      budget.give(budget.memoryHeld - before + held);
    }
  }
  return entries.length;
}
