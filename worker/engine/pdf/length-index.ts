/**
 * Where a file defines its numbers: the values of `N G obj <number> endobj` objects, found by
 * one pass over the file the first time a stream's /Length refers to an object not yet parsed
 * (pdfTeX and qpdf's QDF mode write each stream's length just after the stream). pdf-lib reads
 * objects where they are and never the cross-reference table, so this does the same: the last
 * definition in the file wins, as it does in pdf-lib's context. Only objects whose body is a
 * number or a reference are kept, and what they cost is charged to the parse.
 */

/** References followed from one length to the next (a length is a number; a chain is damage). */
export const MAX_CHAIN = 8;
/** Whitespace and comments read between an object's header and its body. */
const MAX_GAP = 256;
/** Memory one kept entry costs, about (a Map entry, key and value). */
export const BYTES_PER_ENTRY = 64;

const isWhite = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0x00;
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
const isDelimiter = (b: number) =>
  b === 0x28 ||
  b === 0x29 ||
  b === 0x3c ||
  b === 0x3e ||
  b === 0x5b ||
  b === 0x5d ||
  b === 0x7b ||
  b === 0x7d ||
  b === 0x2f ||
  b === 0x25;

/** An object number and generation as one key (generations above 65535 are not valid). */
export const refKey = (num: number, gen: number) => num * 65536 + gen;

/** What an object's body holds, when it is a number or a reference; null for anything else. */
export type Body = { value: number } | { ref: number } | null;

/** Skips whitespace and comments from `at`, at most `max` bytes; -1 past that. */
export function skipGap(bytes: Uint8Array, at: number, max = MAX_GAP): number {
  const limit = Math.min(bytes.length, at + max);
  while (at < limit) {
    const b = bytes[at];
    if (isWhite(b)) at++;
    else if (b === 0x25) {
      while (at < limit && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at++;
    } else return at;
  }
  return at >= bytes.length ? at : -1;
}

/** Digits from `at`, at most `max` of them: [value, end], or null. */
function digits(bytes: Uint8Array, at: number, max: number): [number, number] | null {
  let n = 0;
  let i = at;
  while (i < bytes.length && i - at < max && isDigit(bytes[i])) n = n * 10 + bytes[i++] - 0x30;
  if (i === at || (i < bytes.length && isDigit(bytes[i]))) return null;
  return [n, i];
}

/** The number or reference at `at` (an object's body); reals and anything else are null. */
export function bodyAt(bytes: Uint8Array, at: number): Body {
  let i = at;
  const negative = bytes[i] === 0x2d;
  if (negative || bytes[i] === 0x2b) i++;
  const first = digits(bytes, i, 15);
  if (!first) return null;
  i = first[1];
  const next = bytes[i];
  if (next === 0x2e || (next !== undefined && !isWhite(next) && !isDelimiter(next))) return null;
  if (!negative) {
    // "12 0 R": a reference to another object.
    const g = skipGap(bytes, i);
    const gen = g > i ? digits(bytes, g, 5) : null;
    if (gen) {
      const r = skipGap(bytes, gen[1]);
      const after = bytes[r + 1];
      if (r > gen[1] && bytes[r] === 0x52 && (after === undefined || isWhite(after) || isDelimiter(after))) {
        return { ref: refKey(first[0], gen[0]) };
      }
    }
  }
  return { value: negative ? -first[0] : first[0] };
}

export class LengthIndex {
  /** Where each numeric object's body starts, by refKey. */
  private readonly bodies = new Map<number, number>();

  /** Builds the index of `bytes`; `charge` is told what the entries cost, in batches. */
  constructor(
    private readonly bytes: Uint8Array,
    charge: (bytes: number) => void,
  ) {
    const b = bytes;
    let unpaid = 0;
    // "obj" is found by its rarest letter.
    for (let j = b.indexOf(0x6a, 2); j !== -1; j = b.indexOf(0x6a, j + 1)) {
      if (b[j - 1] !== 0x62 || b[j - 2] !== 0x6f) continue;
      const key = headerBefore(b, j - 2);
      if (key === null) continue;
      const body = skipGap(b, j + 1);
      if (body < 0 || body >= b.length) continue;
      const c = b[body];
      if (!isDigit(c) && c !== 0x2d && c !== 0x2b) continue;
      if (!this.bodies.has(key) && ++unpaid === 1024) {
        charge(unpaid * BYTES_PER_ENTRY);
        unpaid = 0;
      }
      this.bodies.set(key, body);
    }
    if (unpaid > 0) charge(unpaid * BYTES_PER_ENTRY);
  }

  /** The body of the object `key` as the file last defines it; undefined when the file has none. */
  body(key: number): Body | undefined {
    const at = this.bodies.get(key);
    return at === undefined ? undefined : bodyAt(this.bytes, at);
  }
}

/** The refKey of the "N G " before the "obj" at `o`, or null when there is none. */
function headerBefore(b: Uint8Array, o: number): number | null {
  let i = o - 1;
  while (i >= 0 && o - i < 16 && isWhite(b[i])) i--;
  let gen = 0;
  let scale = 1;
  const genEnd = i;
  for (; i >= 0 && genEnd - i <= 5 && isDigit(b[i]); i--, scale *= 10) gen += (b[i] - 0x30) * scale;
  if (i === genEnd || gen > 65535 || !isWhite(b[i])) return null;
  while (i >= 0 && genEnd - i < 16 && isWhite(b[i])) i--;
  let num = 0;
  scale = 1;
  const numEnd = i;
  for (; i >= 0 && numEnd - i <= 10 && isDigit(b[i]); i--, scale *= 10) num += (b[i] - 0x30) * scale;
  if (i === numEnd || isDigit(b[i])) return null;
  return refKey(num, gen);
}
