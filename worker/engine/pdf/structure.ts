import { latin1 } from "../core/bytes";

/**
 * Whether a PDF's cross-reference data is where its trailer says. pdf-lib never reads the
 * cross-reference table (it scans the objects), so it opens truncated and damaged files that
 * other readers have to repair. Tools that may hand the input back unchanged (compress when
 * nothing got smaller, unlock when there is no password) check this first: a damaged file
 * goes back rewritten, which repairs it, never as it came.
 */
const TAIL = 2048;
const MAX_ENTRIES_CHECKED = 100_000;

const isObjectAt = (bytes: Uint8Array, offset: number) =>
  /^\s*\d+\s+\d+\s+obj\b/.test(latin1(bytes.subarray(offset, offset + 40)));

/** The last section's entries of a classic table each point at their object ("n 0 obj"). */
function tableEntriesHold(bytes: Uint8Array, offset: number): boolean {
  const head = latin1(bytes.subarray(offset, Math.min(bytes.length, offset + 64)));
  const section = /^\s*xref\s+(\d+)\s+(\d+)\s/.exec(head);
  if (!section) return false;
  const count = Math.min(Number(section[2]), MAX_ENTRIES_CHECKED);
  const text = latin1(bytes.subarray(offset + section[0].length, offset + section[0].length + count * 20 + 64));
  const entries = text.match(/(\d{10}) (\d{5}) ([nf])/g) ?? [];
  if (entries.length < count) return false;
  for (const entry of entries.slice(0, count)) {
    const [at, , kind] = entry.split(" ");
    if (kind === "n" && Number(at) > 0 && !isObjectAt(bytes, Number(at))) return false;
  }
  return true;
}

export function hasIntactXref(bytes: Uint8Array): boolean {
  const tail = latin1(bytes.subarray(Math.max(0, bytes.length - TAIL)));
  const m = /startxref\s+(\d+)\s+%%EOF/.exec(tail.slice(tail.lastIndexOf("startxref")));
  if (!m) return false;
  const offset = Number(m[1]);
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= bytes.length) return false;
  const at = latin1(bytes.subarray(offset, offset + 16));
  if (/^\s*xref/.test(at)) return tableEntriesHold(bytes, offset);
  // A cross-reference stream: its entries are compressed, so only its place is checked.
  return isObjectAt(bytes, offset);
}
