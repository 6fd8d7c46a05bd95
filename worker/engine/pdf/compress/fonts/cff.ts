import { STANDARD } from "../../content/encodings";
import { CFF_STANDARD_STRINGS } from "./name-tables";

/**
 * What a PDF reader uses of a CFF font program (FontFile3 Type1C or CIDFontType0C, or the CFF
 * table of an OpenType font) to find a glyph: its glyph count, the charset (glyph id to glyph
 * name, or to CID in a CID-keyed font) and its built-in encoding. Every read is bounds-checked;
 * anything unexpected gives null, and the font is then left as it is.
 */

export interface CffInfo {
  glyphCount: number;
  /** A CID-keyed font (its Top DICT has ROS): the charset maps glyph ids to CIDs. */
  cidKeyed: boolean;
  gidOfName(name: string): number | undefined;
  gidOfCid(cid: number): number | undefined;
  /** The glyph the font's own encoding gives a code, if any. */
  builtIn(code: number): number | undefined;
  /** Every glyph's name, by glyph id (empty for a CID-keyed font). */
  glyphNames: string[];
}

/** Glyphs a CFF font may have (an INDEX count is 16 bits). */
const MAX_GLYPHS = 65535;

class Reader {
  constructor(readonly b: Uint8Array) {}
  u8(at: number): number {
    if (at >= this.b.length) throw new RangeError("past the end");
    return this.b[at];
  }
  u16(at: number): number {
    return (this.u8(at) << 8) | this.u8(at + 1);
  }
  offset(at: number, size: number): number {
    let v = 0;
    for (let i = 0; i < size; i++) v = v * 256 + this.u8(at + i);
    return v;
  }
  /** An INDEX at `at`: its items' ranges and where it ends. */
  index(at: number): { items: [number, number][]; end: number } {
    const count = this.u16(at);
    if (count === 0) return { items: [], end: at + 2 };
    const size = this.u8(at + 2);
    if (size < 1 || size > 4) throw new RangeError("bad offset size");
    const base = at + 2 + 1 + (count + 1) * size - 1;
    const items: [number, number][] = [];
    let prev = this.offset(at + 3, size);
    for (let i = 1; i <= count; i++) {
      const next = this.offset(at + 3 + i * size, size);
      if (next < prev) throw new RangeError("offsets go backwards");
      items.push([base + prev, base + next]);
      prev = next;
    }
    if (base + prev > this.b.length) throw new RangeError("index past the end");
    return { items, end: base + prev };
  }
}

/** A DICT's operators with their operands (two-byte operators as 1200 + second byte). */
function dict(r: Reader, from: number, to: number): Map<number, number[]> {
  const out = new Map<number, number[]>();
  let operands: number[] = [];
  for (let at = from; at < to; ) {
    const b0 = r.u8(at);
    if (b0 <= 21) {
      const op = b0 === 12 ? 1200 + r.u8(at + 1) : b0;
      at += b0 === 12 ? 2 : 1;
      out.set(op, operands);
      operands = [];
    } else if (b0 === 28) {
      operands.push((r.u16(at + 1) << 16) >> 16);
      at += 3;
    } else if (b0 === 29) {
      operands.push(r.offset(at + 1, 4) | 0);
      at += 5;
    } else if (b0 === 30) {
      // A real number: nibbles up to 0xf. Only offsets and counts are read here, so its value is not needed.
      at++;
      while (at < to && (r.u8(at) & 0x0f) !== 0x0f && (r.u8(at) & 0xf0) !== 0xf0) at++;
      at++;
      operands.push(0);
    } else if (b0 >= 32 && b0 <= 246) {
      operands.push(b0 - 139);
      at++;
    } else if (b0 >= 247 && b0 <= 250) {
      operands.push((b0 - 247) * 256 + r.u8(at + 1) + 108);
      at += 2;
    } else if (b0 >= 251 && b0 <= 254) {
      operands.push(-(b0 - 251) * 256 - r.u8(at + 1) - 108);
      at += 2;
    } else throw new RangeError("bad DICT byte");
  }
  return out;
}

/** Glyph id to string id (or CID), for every glyph. */
function charset(r: Reader, at: number, n: number): number[] | null {
  const sids = [0];
  if (at === 0) {
    // ISOAdobe: string ids 1 to 228 in order.
    for (let g = 1; g < n; g++) sids.push(g <= 228 ? g : 0);
    return sids;
  }
  if (at < 3) return null; // Expert and ExpertSubset: not in PDFs we could check.
  const format = r.u8(at);
  let p = at + 1;
  if (format === 0) {
    for (let g = 1; g < n; g++, p += 2) sids.push(r.u16(p));
  } else if (format === 1 || format === 2) {
    while (sids.length < n) {
      const first = r.u16(p);
      const left = format === 1 ? r.u8(p + 2) : r.u16(p + 2);
      p += format === 1 ? 3 : 4;
      for (let k = 0; k <= left && sids.length < n; k++) sids.push(first + k);
    }
  } else return null;
  return sids;
}

/** Code to glyph id from the font's own Encoding (0: Standard, by name; a table of codes otherwise). */
function encoding(
  r: Reader,
  at: number,
  n: number,
  byName: (name: string) => number | undefined,
): { codes: Map<number, number>; supplements: number } {
  const codes = new Map<number, number>();
  if (at === 0) {
    STANDARD.forEach((name, code) => {
      const g = name ? byName(name) : undefined;
      if (g !== undefined) codes.set(code, g);
    });
    return { codes, supplements: 0 };
  }
  // Expert encoding: its names are not kept here; readers fall back to the PDF's encoding.
  if (at === 1) return { codes, supplements: 0 };
  const format = r.u8(at);
  let p = at + 1;
  if ((format & 0x7f) === 0) {
    const count = r.u8(p++);
    for (let g = 1; g <= count && g < n; g++) codes.set(r.u8(p++), g);
  } else if ((format & 0x7f) === 1) {
    const ranges = r.u8(p++);
    let g = 1;
    for (let i = 0; i < ranges; i++, p += 2) {
      const first = r.u8(p);
      for (let k = 0; k <= r.u8(p + 1) && g < n; k++) codes.set(first + k, g++);
    }
  }
  return { codes, supplements: format & 0x80 ? p : 0 };
}

/** Reads the CFF data's first font; null when it is not CFF or is damaged. */
export function readCff(bytes: Uint8Array): CffInfo | null {
  try {
    const r = new Reader(bytes);
    if (r.u8(0) !== 1) return null;
    const names = r.index(r.u8(2));
    const tops = r.index(names.end);
    const strings = r.index(tops.end);
    if (tops.items.length === 0) return null;
    const top = dict(r, ...tops.items[0]);
    const charStrings = top.get(17)?.[0];
    if (charStrings === undefined) return null;
    const glyphCount = r.u16(charStrings);
    if (glyphCount === 0 || glyphCount > MAX_GLYPHS) return null;
    const cidKeyed = top.has(1230);
    const sids = charset(r, top.get(15)?.[0] ?? 0, glyphCount);
    if (!sids) return null;
    const stringOf = (sid: number) => {
      if (sid < CFF_STANDARD_STRINGS.length) return CFF_STANDARD_STRINGS[sid];
      const item = strings.items[sid - CFF_STANDARD_STRINGS.length];
      return item ? String.fromCharCode(...bytes.subarray(item[0], item[1])) : "";
    };
    const byName = new Map<string, number>();
    const byCid = new Map<number, number>();
    const glyphNames: string[] = [];
    sids.forEach((sid, gid) => {
      if (cidKeyed) {
        if (!byCid.has(sid)) byCid.set(sid, gid);
      } else {
        const name = stringOf(sid);
        glyphNames.push(name);
        if (name && !byName.has(name)) byName.set(name, gid);
      }
    });
    let builtIn = new Map<number, number>();
    if (!cidKeyed) {
      const enc = encoding(r, top.get(16)?.[0] ?? 0, glyphCount, (n) => byName.get(n));
      builtIn = enc.codes;
      if (enc.supplements) {
        // Supplements: more codes for glyphs named by string id.
        const count = r.u8(enc.supplements);
        for (let i = 0, p = enc.supplements + 1; i < count; i++, p += 3) {
          const g = byName.get(stringOf(r.u16(p + 1)));
          if (g !== undefined) builtIn.set(r.u8(p), g);
        }
      }
    }
    return {
      glyphCount,
      cidKeyed,
      gidOfName: (name) => byName.get(name),
      gidOfCid: (cid) => (cidKeyed ? byCid.get(cid) : cid < glyphCount ? cid : undefined),
      builtIn: (code) => builtIn.get(code),
      glyphNames,
    };
  } catch (err) {
    if (err instanceof RangeError) return null;
    throw err;
  }
}
