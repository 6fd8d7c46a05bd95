import { EngineError } from "../../core/errors";

/**
 * A content-stream (and CMap) lexer: operands and operators with their byte ranges, so the
 * rewriter can copy every operation it keeps exactly as it was written. Inline images are one
 * "BI" operation spanning BI ... EI, their data skipped whatever bytes it holds.
 */

export interface PdfName {
  kind: "name";
  name: string;
}
export interface PdfStr {
  kind: "str";
  bytes: Uint8Array;
  hex: boolean;
}
export interface PdfDictOperand {
  kind: "dict";
  map: Map<string, Operand>;
}
export type Operand = number | boolean | null | PdfName | PdfStr | PdfDictOperand | Operand[];

export interface Op {
  op: string;
  args: Operand[];
  /** Byte range of the whole operation, operands included. */
  start: number;
  end: number;
  /** An inline image's data (between ID and EI). */
  data?: { start: number; end: number };
}

/** The content nests arrays or dicts deeper than any real file: read as damage. */
export class LexError extends Error {}

/**
 * One operation longer than this (a string of megabytes, operands no operator takes) is not read:
 * lexing one holds several times its bytes (every operand an object: 1 MB of numbers is half a
 * million), and real operations are a few KB. An inline image's data is skipped, not held, so it
 * does not count.
 */
export const MAX_OPERATION = 1024 * 1024;

export class OperationTooLarge extends LexError {
  constructor() {
    super(`one operation of its content is longer than ${MAX_OPERATION / (1024 * 1024)} MB`);
  }
}

const MAX_DEPTH = 64;
const WHITE = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WHITE[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of "()<>[]{}/%") DELIM[c.charCodeAt(0)] = 1;

const isName = (o: Operand | undefined): o is PdfName =>
  typeof o === "object" && o !== null && "kind" in o && o.kind === "name";
export const asName = (o: Operand | undefined): string | null => (isName(o) ? o.name : null);
export const asStr = (o: Operand | undefined): PdfStr | null =>
  typeof o === "object" && o !== null && !Array.isArray(o) && o.kind === "str" ? o : null;
export const asNum = (o: Operand | undefined): number | null => (typeof o === "number" ? o : null);
export const asDict = (o: Operand | undefined): PdfDictOperand | null =>
  typeof o === "object" && o !== null && !Array.isArray(o) && o.kind === "dict" ? o : null;

const KEYWORD = Symbol("keyword");
type Token = Operand | { [KEYWORD]: string } | undefined;

export class Lexer {
  pos = 0;
  private imageData = { start: 0, end: 0 };
  constructor(readonly s: Uint8Array) {}

  private skipSpace(): void {
    const s = this.s;
    while (this.pos < s.length) {
      const c = s[this.pos];
      if (WHITE[c]) this.pos++;
      else if (c === 37) while (this.pos < s.length && s[this.pos] !== 10 && s[this.pos] !== 13) this.pos++;
      else break;
    }
  }

  /** The next operation, or null at the end. */
  next(): Op | null {
    const args: Operand[] = [];
    let start = -1;
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.s.length) return null;
      if (start < 0) start = this.pos;
      const t = this.token(0);
      if (t === undefined) continue;
      if (typeof t === "object" && t !== null && KEYWORD in t) {
        const op = t[KEYWORD];
        if (op === "BI") {
          args.push(this.inlineImage());
          return { op, args, start, end: this.pos, data: this.imageData };
        }
        return { op, args, start, end: this.pos };
      }
      args.push(t as Operand);
      if (this.pos - start > MAX_OPERATION) throw new OperationTooLarge();
    }
  }

  private token(depth: number): Token {
    if (depth > MAX_DEPTH) throw new LexError(`its content nests arrays or dictionaries more than ${MAX_DEPTH} deep`);
    const s = this.s;
    const c = s[this.pos];
    if (c === 40) return this.literal();
    if (c === 60) {
      if (s[this.pos + 1] === 60) {
        this.pos += 2;
        return this.dict(depth);
      }
      return this.hex();
    }
    if (c === 91) {
      const from = this.pos++;
      const items: Operand[] = [];
      for (;;) {
        if (this.pos - from > MAX_OPERATION) throw new OperationTooLarge();
        this.skipSpace();
        if (this.pos >= s.length) return items;
        if (s[this.pos] === 93) {
          this.pos++;
          return items;
        }
        const t = this.token(depth + 1);
        if (t === undefined) continue;
        if (typeof t === "object" && t !== null && KEYWORD in t) continue;
        items.push(t as Operand);
      }
    }
    if (c === 47) return this.name();
    if (DELIM[c]) {
      // A stray ")", ">", "]", "{" or "}": nothing an operator can use.
      this.pos++;
      return undefined;
    }
    const from = this.pos;
    while (this.pos < s.length && !WHITE[s[this.pos]] && !DELIM[s[this.pos]]) this.pos++;
    const text = ascii(s, from, this.pos);
    const first = s[from];
    if ((first >= 48 && first <= 57) || first === 43 || first === 45 || first === 46) {
      const n = Number(text);
      return Number.isFinite(n) ? n : lenientNumber(text);
    }
    if (text === "true") return true;
    if (text === "false") return false;
    if (text === "null") return null;
    return { [KEYWORD]: text };
  }

  private dict(depth: number): PdfDictOperand {
    const map = new Map<string, Operand>();
    const s = this.s;
    const from = this.pos;
    let key: string | null = null;
    for (;;) {
      if (this.pos - from > MAX_OPERATION) throw new OperationTooLarge();
      this.skipSpace();
      if (this.pos >= s.length) break;
      if (s[this.pos] === 62 && s[this.pos + 1] === 62) {
        this.pos += 2;
        break;
      }
      const t = this.token(depth + 1);
      if (t === undefined || (typeof t === "object" && t !== null && KEYWORD in t)) continue;
      if (key === null) key = asName(t as Operand);
      else {
        map.set(key, t as Operand);
        key = null;
      }
    }
    return { kind: "dict", map };
  }

  private name(): PdfName {
    const s = this.s;
    const from = ++this.pos;
    while (this.pos < s.length && !WHITE[s[this.pos]] && !DELIM[s[this.pos]]) this.pos++;
    const raw = ascii(s, from, this.pos);
    return {
      kind: "name",
      name: raw.includes("#") ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))) : raw,
    };
  }

  private hex(): PdfStr {
    const s = this.s;
    this.pos++;
    // At most half the digits up to ">" (rounded up): written once into an array of that length.
    let close = s.indexOf(62, this.pos);
    if (close < 0) close = s.length;
    if (close - this.pos > MAX_OPERATION) throw new OperationTooLarge();
    const out = new Uint8Array(Math.ceil((close - this.pos) / 2));
    let n = 0;
    let hi = -1;
    while (this.pos < s.length && s[this.pos] !== 62) {
      const v = hexValue(s[this.pos++]);
      if (v < 0) continue;
      if (hi < 0) hi = v;
      else {
        out[n++] = hi * 16 + v;
        hi = -1;
      }
    }
    if (hi >= 0) out[n++] = hi * 16;
    this.pos++;
    return { kind: "str", bytes: n === out.length ? out : out.slice(0, n), hex: true };
  }

  private literal(): PdfStr {
    const s = this.s;
    this.pos++;
    // Where the string ends, first: its bytes (never more than it spans) are then written once
    // into an array of that length, not pushed one by one (a 24 MB string took gigabytes so).
    let end = this.pos;
    for (let depth = 1; end < s.length; ) {
      const c = s[end++];
      if (c === 92) end++;
      else if (c === 40) depth++;
      else if (c === 41 && --depth === 0) {
        end--;
        break;
      }
    }
    if (end - this.pos > MAX_OPERATION) throw new OperationTooLarge();
    const out = new Uint8Array(Math.max(0, Math.min(end, s.length) - this.pos));
    let n = 0;
    let depth = 1;
    while (this.pos < s.length) {
      const c = s[this.pos++];
      if (c === 40) depth++;
      else if (c === 41 && --depth === 0) break;
      if (c !== 92) {
        out[n++] = c;
        continue;
      }
      const e = s[this.pos++];
      if (e === undefined) break;
      const simple = ESCAPES[e];
      if (simple !== undefined) out[n++] = simple;
      else if (e >= 48 && e <= 55) {
        let v = e - 48;
        for (let k = 0; k < 2 && s[this.pos] >= 48 && s[this.pos] <= 55; k++) v = v * 8 + s[this.pos++] - 48;
        out[n++] = v & 255;
      } else if (e === 13) {
        if (s[this.pos] === 10) this.pos++;
      } else if (e !== 10) out[n++] = e;
    }
    return { kind: "str", bytes: n === out.length ? out : out.slice(0, n), hex: false };
  }

  /** After "BI": the image's dictionary up to ID, then its data skipped up to EI. */
  private inlineImage(): PdfDictOperand {
    const map = new Map<string, Operand>();
    const s = this.s;
    this.imageData = { start: s.length, end: s.length };
    let key: string | null = null;
    for (;;) {
      this.skipSpace();
      if (this.pos >= s.length) return { kind: "dict", map };
      const t = this.token(1);
      if (t === undefined) continue;
      if (typeof t === "object" && t !== null && KEYWORD in t) {
        if (t[KEYWORD] === "ID") break;
        continue;
      }
      if (key === null) key = asName(t as Operand);
      else {
        map.set(key, t as Operand);
        key = null;
      }
    }
    // One white-space byte ends "ID"; the data follows.
    this.pos++;
    let i = this.pos;
    const dataStart = this.pos;
    while (i < s.length) {
      if (
        s[i] === 69 &&
        s[i + 1] === 73 &&
        WHITE[s[i - 1]] &&
        (i + 2 >= s.length || WHITE[s[i + 2]] || DELIM[s[i + 2]])
      )
        break;
      i++;
    }
    this.pos = Math.min(s.length, i + 2);
    // The white space before EI ends the data.
    this.imageData = { start: Math.min(dataStart, i), end: Math.max(Math.min(dataStart, i), i - 1) };
    return { kind: "dict", map };
  }
}

const ESCAPES: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12, 40: 40, 41: 41, 92: 92 };

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

function ascii(s: Uint8Array, from: number, to: number): string {
  let out = "";
  for (let i = from; i < to && i - from < 256; i++) out += String.fromCharCode(s[i]);
  return out;
}

/** Numbers as readers take them when written oddly ("--5", "1.2.3"): the leading valid part. */
function lenientNumber(text: string): number {
  const m = /^[+-]*(\d*\.?\d*)/.exec(text);
  const n = Number(m?.[1] ?? "");
  const v = Number.isFinite(n) ? n : 0;
  return text.startsWith("-") ? -v : v;
}

/**
 * Every operation of the content, in order; nesting past any real file's is damage. One
 * operation past MAX_OPERATION is OperationTooLarge, for the reader to say what it cannot read.
 */
export function* operations(content: Uint8Array): Generator<Op> {
  const lexer = new Lexer(content);
  for (;;) {
    let op: Op | null;
    try {
      op = lexer.next();
    } catch (err) {
      if (err instanceof LexError && !(err instanceof OperationTooLarge)) {
        throw new EngineError(
          "pdf_damaged",
          "This PDF is damaged: a page's content nests arrays or dictionaries without end.",
        );
      }
      throw err;
    }
    if (!op) return;
    yield op;
  }
}
