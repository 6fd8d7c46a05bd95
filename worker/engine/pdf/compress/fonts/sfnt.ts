import { MAC_GLYPH_NAMES } from "./name-tables";

/**
 * The parts of a TrueType or OpenType file (an sfnt) a PDF reader uses to find a glyph: the table
 * directory, maxp's glyph count, the cmap subtables, the post table's glyph names. Every read is
 * bounds-checked: a damaged font gives null or nothing, never an exception.
 */

export type Sfnt = Map<string, Uint8Array>;

const TRUETYPE = 0x00010000;
const OPENTYPE = 0x4f54544f; // "OTTO"
const APPLE = 0x74727565; // "true"

function view(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

/** The tables of an sfnt, or null when the bytes are not one (a collection, Type 1 data, damage). */
export function readSfnt(bytes: Uint8Array): Sfnt | null {
  if (bytes.length < 12) return null;
  const v = view(bytes);
  const version = v.getUint32(0);
  if (version !== TRUETYPE && version !== OPENTYPE && version !== APPLE) return null;
  const count = v.getUint16(4);
  if (12 + count * 16 > bytes.length) return null;
  const tables: Sfnt = new Map();
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const name = String.fromCharCode(...bytes.subarray(at, at + 4));
    const offset = v.getUint32(at + 8);
    const length = v.getUint32(at + 12);
    if (offset + length > bytes.length) return null;
    tables.set(name, bytes.subarray(offset, offset + length));
  }
  return tables;
}

export function glyphCount(font: Sfnt): number {
  const maxp = font.get("maxp");
  return maxp && maxp.length >= 6 ? view(maxp).getUint16(4) : 0;
}

/** An sfnt holding `tables` (sorted by tag, 4-byte aligned; checksums are left 0, as readers ignore them). */
export function writeSfnt(tables: [string, Uint8Array][], opentype: boolean): Uint8Array {
  const sorted = [...tables].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const n = sorted.length;
  let size = 12 + 16 * n;
  for (const [, t] of sorted) size += (t.length + 3) & ~3;
  const out = new Uint8Array(size);
  const v = view(out);
  v.setUint32(0, opentype ? OPENTYPE : TRUETYPE);
  v.setUint16(4, n);
  let log = 0;
  while (2 << log <= n) log++;
  v.setUint16(6, 16 << log);
  v.setUint16(8, log);
  v.setUint16(10, n * 16 - (16 << log));
  let at = 12 + 16 * n;
  sorted.forEach(([name, t], i) => {
    for (let k = 0; k < 4; k++) out[12 + i * 16 + k] = name.charCodeAt(k);
    v.setUint32(12 + i * 16 + 8, at);
    v.setUint32(12 + i * 16 + 12, t.length);
    out.set(t, at);
    at += (t.length + 3) & ~3;
  });
  return out;
}

export interface CmapTable {
  platform: number;
  encoding: number;
  /** The glyph id for a character code, or 0. */
  glyph(code: number): number;
}

/** Format 4 segments are searched one by one: a damaged table must not cost more than this. */
const MAX_SEGMENTS = 8192;

function subtable(t: Uint8Array, at: number): ((code: number) => number) | null {
  if (at + 4 > t.length) return null;
  const v = view(t);
  const format = v.getUint16(at);
  const u16 = (o: number) => (o + 2 <= t.length ? v.getUint16(o) : 0);
  if (format === 0) return (c) => (c >= 0 && c < 256 && at + 6 + c < t.length ? t[at + 6 + c] : 0);
  if (format === 6) {
    const first = u16(at + 6);
    const n = u16(at + 8);
    return (c) => (c >= first && c < first + n ? u16(at + 10 + (c - first) * 2) : 0);
  }
  if (format === 4) {
    const segs = Math.min(MAX_SEGMENTS, u16(at + 6) >> 1);
    const ends = at + 14;
    const starts = ends + segs * 2 + 2;
    const deltas = starts + segs * 2;
    const ranges = deltas + segs * 2;
    return (c) => {
      if (c < 0 || c > 0xffff) return 0;
      for (let i = 0; i < segs; i++) {
        if (c > u16(ends + i * 2)) continue;
        const start = u16(starts + i * 2);
        if (c < start) return 0;
        const delta = u16(deltas + i * 2);
        const range = u16(ranges + i * 2);
        if (range === 0) return (c + delta) & 0xffff;
        const g = u16(ranges + i * 2 + range + (c - start) * 2);
        return g === 0 ? 0 : (g + delta) & 0xffff;
      }
      return 0;
    };
  }
  if (format === 12 && at + 16 <= t.length) {
    const n = Math.min(v.getUint32(at + 12), Math.floor((t.length - at - 16) / 12));
    return (c) => {
      for (let i = 0; i < n; i++) {
        const g = at + 16 + i * 12;
        const lo = v.getUint32(g);
        const hi = v.getUint32(g + 4);
        if (c >= lo && c <= hi) return v.getUint32(g + 8) + (c - lo);
      }
      return 0;
    };
  }
  return null;
}

/** The cmap's subtables whose format can be read (0, 4, 6 and 12). */
export function cmapTables(font: Sfnt): CmapTable[] {
  const t = font.get("cmap");
  if (!t || t.length < 4) return [];
  const v = view(t);
  const n = v.getUint16(2);
  const out: CmapTable[] = [];
  for (let i = 0; i < n && 4 + i * 8 + 8 <= t.length; i++) {
    const rec = 4 + i * 8;
    const glyph = subtable(t, v.getUint32(rec + 4));
    if (glyph) out.push({ platform: v.getUint16(rec), encoding: v.getUint16(rec + 2), glyph });
  }
  return out;
}

/** Glyph names to glyph ids from the post table (formats 1 and 2); empty when it has none. */
export function postNames(font: Sfnt): Map<string, number> {
  const names = new Map<string, number>();
  const t = font.get("post");
  if (!t || t.length < 32) return names;
  const v = view(t);
  const version = v.getUint32(0);
  if (version === 0x00010000) {
    MAC_GLYPH_NAMES.forEach((name, gid) => {
      names.set(name, gid);
    });
    return names;
  }
  if (version !== 0x00020000 || t.length < 34) return names;
  const count = Math.min(v.getUint16(32), (t.length - 34) >> 1);
  const extra: string[] = [];
  for (let at = 34 + count * 2; at < t.length; ) {
    const len = t[at];
    if (at + 1 + len > t.length) break;
    extra.push(String.fromCharCode(...t.subarray(at + 1, at + 1 + len)));
    at += 1 + len;
  }
  for (let gid = 0; gid < count; gid++) {
    const index = v.getUint16(34 + gid * 2);
    const name = index < MAC_GLYPH_NAMES.length ? MAC_GLYPH_NAMES[index] : extra[index - MAC_GLYPH_NAMES.length];
    if (name && !names.has(name)) names.set(name, gid);
  }
  return names;
}
