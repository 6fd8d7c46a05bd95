import { asName, asNum, asStr, LexError, Lexer, type Operand } from "./lexer";

/**
 * CMaps: the codespace that splits a composite font's string into codes, codes to CIDs, and
 * ToUnicode's codes to text. Read with the content lexer (CMaps are PostScript-like: operands
 * before "endcodespacerange", "endbfrange", ...). Large ranges are kept as ranges.
 */

export interface CodeRange {
  len: number;
  lo: Uint8Array;
  hi: Uint8Array;
}

interface ValueRange {
  lo: number;
  hi: number;
  len: number;
  map: (code: number) => string | number;
}

export class CMap {
  codespace: CodeRange[] = [];
  vertical = false;
  /** A predefined CMap this one builds on ("usecmap"). */
  base: string | null = null;
  private readonly single = new Map<number, string | number>();
  private readonly ranges: ValueRange[] = [];

  static key(code: number, len: number): number {
    return code * 8 + len;
  }

  set(code: number, len: number, value: string | number): void {
    this.single.set(CMap.key(code, len), value);
  }

  addRange(lo: number, hi: number, len: number, map: (code: number) => string | number): void {
    if (hi < lo) return;
    if (hi - lo < 256) for (let c = lo; c <= hi; c++) this.set(c, len, map(c));
    else this.ranges.push({ lo, hi, len, map });
  }

  lookup(code: number, len: number): string | number | undefined {
    const v = this.single.get(CMap.key(code, len));
    if (v !== undefined) return v;
    for (let i = this.ranges.length - 1; i >= 0; i--) {
      const r = this.ranges[i];
      if (r.len === len && code >= r.lo && code <= r.hi) return r.map(code);
    }
    return undefined;
  }

  get size(): number {
    return this.single.size + this.ranges.length;
  }
}

function bytesToNumber(b: Uint8Array): number {
  let n = 0;
  for (const x of b) n = n * 256 + x;
  return n;
}

/** UTF-16BE text (ToUnicode destinations), lone bytes as Latin-1. */
export function utf16be(b: Uint8Array): string {
  if (b.length === 1) return String.fromCharCode(b[0]);
  let s = "";
  for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode((b[i] << 8) | b[i + 1]);
  return s;
}

/** The destination `offset` codes after `dst` (the last UTF-16 unit counts up). */
function shifted(dst: Uint8Array, offset: number): string {
  const s = utf16be(dst);
  if (!s) return s;
  return s.slice(0, -1) + String.fromCharCode(s.charCodeAt(s.length - 1) + offset);
}

/** Reads a CMap's codespace, cid and bf mappings; "toUnicode" maps destinations to text. */
export function parseCMap(data: Uint8Array, check?: () => void): CMap {
  const cmap = new CMap();
  const lexer = new Lexer(data);
  let count = 0;
  for (;;) {
    let op: ReturnType<Lexer["next"]>;
    try {
      op = lexer.next();
    } catch (err) {
      if (err instanceof LexError) break;
      throw err;
    }
    if (!op) break;
    if (++count % 4096 === 0) check?.();
    const a = op.args;
    switch (op.op) {
      case "endcodespacerange":
        for (let i = 0; i + 1 < a.length; i += 2) {
          const lo = asStr(a[i]);
          const hi = asStr(a[i + 1]);
          if (lo && hi && lo.bytes.length === hi.bytes.length && lo.bytes.length >= 1 && lo.bytes.length <= 4)
            cmap.codespace.push({ len: lo.bytes.length, lo: lo.bytes, hi: hi.bytes });
        }
        break;
      case "endcidchar":
      case "endbfchar":
        for (let i = 0; i + 1 < a.length; i += 2) {
          const src = asStr(a[i]);
          if (!src) continue;
          const v = destination(a[i + 1], 0);
          if (v !== undefined) cmap.set(bytesToNumber(src.bytes), src.bytes.length, v);
        }
        break;
      case "endcidrange":
      case "endbfrange":
        for (let i = 0; i + 2 < a.length; i += 3) {
          const lo = asStr(a[i]);
          const hi = asStr(a[i + 1]);
          if (!lo || !hi) continue;
          const l = bytesToNumber(lo.bytes);
          const h = bytesToNumber(hi.bytes);
          const dst = a[i + 2];
          if (Array.isArray(dst)) {
            cmap.addRange(l, Math.min(h, l + dst.length - 1), lo.bytes.length, (c) => destination(dst[c - l], 0) ?? "");
          } else if (destination(dst, 0) !== undefined) {
            cmap.addRange(l, h, lo.bytes.length, (c) => destination(dst, c - l) ?? "");
          }
        }
        break;
      case "usecmap": {
        const n = asName(a[a.length - 1]);
        if (n) cmap.base = n;
        break;
      }
      case "def":
        if (asName(a[0]) === "WMode" && asNum(a[1]) === 1) cmap.vertical = true;
        break;
    }
  }
  return cmap;
}

function destination(o: Operand | undefined, offset: number): string | number | undefined {
  if (typeof o === "number") return o + offset;
  const s = asStr(o);
  if (s) return shifted(s.bytes, offset);
  const n = asName(o);
  return n === null ? undefined : n;
}

/**
 * The codespace of a predefined CMap we do not ship, from its name: Identity and UCS-2/UTF-16
 * are two bytes; the CJK encodings mix one-byte ASCII with two-byte codes. Good enough to split
 * strings into glyphs; their widths then come from /DW.
 */
export function predefinedCodespace(name: string): CodeRange[] {
  const r = (len: number, lo: number[], hi: number[]): CodeRange => ({
    len,
    lo: Uint8Array.from(lo),
    hi: Uint8Array.from(hi),
  });
  if (/RKSJ/.test(name))
    return [
      r(1, [0], [0x80]),
      r(1, [0xa0], [0xdf]),
      r(2, [0x81, 0x40], [0x9f, 0xfc]),
      r(2, [0xe0, 0x40], [0xfc, 0xfc]),
    ];
  if (/EUC|GBK|GBpc|GBT|B5|HKscs|UHC|KSC|CNS|ETen|HKm|HKdla|HKgccs/.test(name) && !/UCS|UTF/.test(name))
    return [r(1, [0], [0x80]), r(2, [0x81, 0x40], [0xfe, 0xfe])];
  return [r(2, [0, 0], [0xff, 0xff])];
}
