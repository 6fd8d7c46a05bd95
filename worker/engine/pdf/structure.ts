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

/**
 * A classic table read strictly, subsection by subsection up to its trailer: every header two
 * numbers, every entry "offset generation n|f" of 10 and 5 digits, and every entry in use
 * pointing at its object ("n 0 obj"). Past MAX_ENTRIES_CHECKED entries the rest is trusted.
 */
function tableEntriesHold(bytes: Uint8Array, offset: number): boolean {
  let at = offset + (latin1(bytes.subarray(offset, offset + 16)).indexOf("xref") + 4);
  let checked = 0;
  const window = () => latin1(bytes.subarray(at, Math.min(bytes.length, at + 64)));
  for (;;) {
    const head = window();
    if (/^\s*trailer\b/.test(head)) return true;
    const section = /^\s*(\d{1,10})[ \t]+(\d{1,10})[ \t]*\r?\n/.exec(head);
    if (!section) return false;
    const count = Number(section[2]);
    at += section[0].length;
    for (let i = 0; i < count; i++) {
      if (checked++ >= MAX_ENTRIES_CHECKED) return true;
      const entry = /^(\d{10}) (\d{5}) ([nf])(?: \r| \n|\r\n)/.exec(latin1(bytes.subarray(at, at + 20)));
      if (!entry) return false;
      if (entry[3] === "n" && Number(entry[1]) > 0 && !isObjectAt(bytes, Number(entry[1]))) return false;
      at += 20;
    }
  }
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
