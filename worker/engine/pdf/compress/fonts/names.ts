import { type PDFContext, type PDFDict, PDFName, PDFRawStream, PDFString } from "@cantoo/pdf-lib";
import { deflate } from "../streams";
import type { Cut } from "./cut";
import type { FontProgram } from "./files";
import type { FontUsage } from "./usage";

/**
 * What a subset font's dictionaries say about it: its names carry a subset tag (six capital
 * letters and "+", as PDF asks of subset fonts), and a descriptor that lists the glyphs the
 * font holds (/CIDSet of a CIDFont, /CharSet of a Type 1 font, which PDF/A checks) lists the
 * ones it holds now.
 */

const TAGGED = /^[A-Z]{6}\+/;

/** Six letters from the glyphs kept and the program's size: the same subset gets the same tag. */
function subsetTag(glyphs: Set<number>, size: number): string {
  let h = 0x811c9dc5 ^ size;
  for (const g of [...glyphs].sort((a, b) => a - b)) h = Math.imul(h ^ g, 0x01000193);
  let tag = "";
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + ((h >>> 0) % 26));
    h = Math.imul(h ^ (h >>> 13), 0x5bd1e995);
  }
  return tag;
}

function tagName(dict: PDFDict, key: string, tag: string): void {
  const v = dict.get(PDFName.of(key));
  if (!(v instanceof PDFName)) return;
  const name = v.decodeText();
  if (!TAGGED.test(name)) dict.set(PDFName.of(key), PDFName.of(`${tag}+${name}`));
}

/** A bit per CID, the most significant bit of the first byte for CID 0. */
function cidSet(cids: Iterable<number>): Uint8Array {
  const list = [...cids];
  const out = new Uint8Array((list.reduce((m, c) => Math.max(m, c), 0) >> 3) + 1);
  for (const c of list) out[c >> 3] |= 0x80 >> (c & 7);
  return out;
}

/** Glyph names written as PDF names: "/A/B/quotedblleft". */
function charSet(names: string[]): string {
  const escaped = names
    .filter((n) => n && n !== ".notdef")
    .map((n) => n.replace(/[^!-~]|[#()<>[\]{}/%]/g, (c) => `#${c.charCodeAt(0).toString(16).padStart(2, "0")}`));
  return escaped.map((n) => `/${n}`).join("");
}

export function renameSubset(ctx: PDFContext, prog: FontProgram, cut: Cut, usage: FontUsage): void {
  const tag = subsetTag(cut.glyphs, cut.bytes.length);
  for (const user of prog.users) {
    tagName(user.descriptor, "FontName", tag);
    tagName(user.font, "BaseFont", tag);
    for (const top of user.selectedAs) if (top !== user.font) tagName(top, "BaseFont", tag);
    const d = user.descriptor;
    if (user.composite && d.get(PDFName.of("CIDSet"))) {
      const cids = new Set<number>([0]);
      for (const top of user.selectedAs) for (const c of usage.shown.get(top) ?? []) cids.add(c);
      const bits = deflate(cidSet(cids));
      d.set(PDFName.of("CIDSet"), ctx.register(PDFRawStream.of(ctx.obj({ Filter: "FlateDecode" }), bits)));
    }
    if (!user.composite && cut.glyphNames && d.get(PDFName.of("CharSet"))) {
      d.set(PDFName.of("CharSet"), PDFString.of(charSet(cut.glyphNames)));
    }
  }
}
