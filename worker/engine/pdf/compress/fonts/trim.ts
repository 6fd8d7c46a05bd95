import { PDFArray, type PDFContext, type PDFDict, PDFName, PDFNumber, type PDFRawStream } from "@cantoo/pdf-lib";
import { type CMap, parseCMap } from "../../content/cmap";
import { MAX_CMAP_BYTES } from "../../content/font-info";
import { readStream } from "../../filters";
import { resolve } from "../../objects";
import { deflate } from "../streams";

/**
 * What a cut Type 0 font still says about glyphs it no longer has: its CIDFont's /W lists a
 * width for every glyph of the whole font, and its ToUnicode CMap the text of every code. Both
 * keep only the CIDs and codes the document shows (the others can never be drawn again), as
 * subsetting writers do. A ToUnicode stream is rewritten only if every font using it was cut,
 * and only when the new CMap, read back, gives each shown code exactly the text the old one gave.
 */

/** Keeps only the shown CIDs' entries in the CIDFont's /W. */
export function trimWidths(ctx: PDFContext, cidFont: PDFDict, cids: Set<number>): void {
  const w = resolve(ctx, cidFont.get(PDFName.of("W")));
  if (!(w instanceof PDFArray)) return;
  const single = new Map<number, PDFNumber>();
  const ranges: [number, number, PDFNumber][] = [];
  const items = w.asArray().map((x) => resolve(ctx, x));
  for (let i = 0; i < items.length; ) {
    const first = items[i];
    const next = items[i + 1];
    if (!(first instanceof PDFNumber)) return;
    const c = first.asNumber();
    if (next instanceof PDFArray) {
      next.asArray().forEach((v, k) => {
        const n = resolve(ctx, v);
        if (n instanceof PDFNumber && !single.has(c + k)) single.set(c + k, n);
      });
      i += 2;
    } else {
      const width = resolve(ctx, items[i + 2]);
      if (!(next instanceof PDFNumber) || !(width instanceof PDFNumber)) return;
      ranges.push([c, next.asNumber(), width]);
      i += 3;
    }
  }
  const widthOf = (cid: number) => {
    // The first entry for a CID is the one readers take.
    const s = single.get(cid);
    const r = ranges.find(([lo, hi]) => cid >= lo && cid <= hi);
    return s ?? r?.[2];
  };
  const kept = [...cids].filter((c) => widthOf(c) !== undefined).sort((a, b) => a - b);
  const out: (PDFNumber | PDFArray)[] = [];
  for (let i = 0; i < kept.length; ) {
    let j = i;
    while (j + 1 < kept.length && kept[j + 1] === kept[j] + 1) j++;
    out.push(PDFNumber.of(kept[i]), ctx.obj(kept.slice(i, j + 1).map((c) => widthOf(c)!)));
    i = j + 1;
  }
  const numbers = (list: unknown[]) => list.reduce<number>((n, x) => n + (x instanceof PDFArray ? x.size() : 1), 0);
  if (numbers(out) < numbers(items)) cidFont.set(PDFName.of("W"), ctx.obj(out));
}

const hex = (n: number, bytes: number) =>
  n
    .toString(16)
    .toUpperCase()
    .padStart(bytes * 2, "0");

function utf16(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) out += hex(text.charCodeAt(i), 2);
  return out;
}

/** A ToUnicode CMap with one bfchar entry per code that has text. */
function writeCMap(source: CMap, codes: number[]): Uint8Array {
  const lines: string[] = [];
  const entries = codes
    .map((key) => ({ code: Math.floor(key / 8), len: key % 8 }))
    .map((c) => ({ ...c, text: source.lookup(c.code, c.len) }))
    .filter((c): c is { code: number; len: number; text: string } => typeof c.text === "string");
  const space = source.codespace.length
    ? source.codespace.map((r) => `<${hex(bytes(r.lo), r.len)}> <${hex(bytes(r.hi), r.len)}>`)
    : [...new Set(entries.map((e) => e.len))].map((len) => `<${"00".repeat(len)}> <${"FF".repeat(len)}>`);
  lines.push(
    "/CIDInit /ProcSet findresource begin",
    "12 dict begin",
    "begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def",
    "/CMapType 2 def",
    `${space.length} begincodespacerange`,
    ...space,
    "endcodespacerange",
  );
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    lines.push(`${block.length} beginbfchar`);
    for (const e of block) lines.push(`<${hex(e.code, e.len)}> <${utf16(e.text)}>`);
    lines.push("endbfchar");
  }
  lines.push("endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end");
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

function bytes(b: Uint8Array): number {
  let n = 0;
  for (const x of b) n = n * 256 + x;
  return n;
}

/** Rewrites the ToUnicode stream to the shown codes (`code * 8 + length` keys); false when it was left. */
export function trimToUnicode(ctx: PDFContext, stream: PDFRawStream, codes: Set<number>): boolean {
  const data = readStream(ctx, stream, MAX_CMAP_BYTES);
  if (!data) return false;
  const source = parseCMap(data);
  if (source.base) return false;
  const list = [...codes].sort((a, b) => a - b);
  const written = writeCMap(source, list);
  // Read back: every shown code must give the same text as before, or the stream stays.
  const check = parseCMap(written);
  for (const key of list) {
    const code = Math.floor(key / 8);
    const len = key % 8;
    const before = source.lookup(code, len);
    if ((typeof before === "string" ? before : undefined) !== check.lookup(code, len)) return false;
  }
  const packed = deflate(written);
  if (packed.length >= stream.contents.length) return false;
  stream.updateContents(packed);
  stream.dict.set(PDFName.of("Filter"), PDFName.of("FlateDecode"));
  stream.dict.delete(PDFName.of("DecodeParms"));
  return true;
}
