import { COLOUR_CHUNKS, chunkBytes, type PngChunk, type PngHeader } from "./chunks";
import type { RawRows } from "./decode";
import { PngWriter, packRow } from "./encode";
import { colourKey, readPalette, sample } from "./pixels";

/** What one pass over the pixels found: what the image really needs. */
interface Analysis {
  gray: boolean;
  opaque: boolean;
  /** 16-bit samples whose low byte always equals the high byte (really 8-bit). */
  fits8: boolean;
  /** Distinct RGBA colours (8-bit, packed), or null past 256. */
  colours: Map<number, number> | null;
  /** Smallest grey depth that holds every value exactly. */
  grayDepth: number;
}

/** The pixel at x of a raw row as 8-bit RGBA (16-bit: high byte), through palette and colour key. */
function rgbaAt(
  h: PngHeader,
  row: Uint8Array,
  x: number,
  pal: Uint8Array | null,
  key: number[] | null,
  out: Uint8Array,
) {
  const d = h.bitDepth;
  const ct = h.colorType;
  const spp = ct === 0 || ct === 3 ? 1 : ct === 4 ? 2 : ct === 2 ? 3 : 4;
  const to8 = (v: number) => (d === 16 ? v >> 8 : d === 8 ? v : (v * 255) / ((1 << d) - 1));
  if (pal) {
    const i = sample(row, x, 0, 1, d) * 4;
    out.set(pal.subarray(i, i + 4));
    return;
  }
  const s0 = sample(row, x, 0, spp, d);
  if (ct === 0 || ct === 4) {
    out[0] = out[1] = out[2] = to8(s0);
    out[3] = ct === 4 ? to8(sample(row, x, 1, spp, d)) : key && s0 === key[0] ? 0 : 255;
    return;
  }
  const s1 = sample(row, x, 1, spp, d);
  const s2 = sample(row, x, 2, spp, d);
  out[0] = to8(s0);
  out[1] = to8(s1);
  out[2] = to8(s2);
  out[3] = ct === 6 ? to8(sample(row, x, 3, spp, d)) : key && s0 === key[0] && s1 === key[1] && s2 === key[2] ? 0 : 255;
}

function analyse(raw: RawRows, chunks: PngChunk[], check?: () => void): Analysis {
  const h = raw.header;
  const pal = readPalette(h, chunks)?.rgba ?? null;
  const key = colourKey(h, chunks);
  const a: Analysis = { gray: true, opaque: true, fits8: true, colours: new Map(), grayDepth: 1 };
  const px = new Uint8Array(4);
  raw.rewind();
  for (let y = 0, row = raw.next(); row; y++, row = raw.next()) {
    if (h.bitDepth === 16 && a.fits8) {
      for (let i = 0; i < row.length; i += 2) if (row[i] !== row[i + 1]) a.fits8 = false;
    }
    for (let x = 0; x < h.width; x++) {
      rgbaAt(h, row, x, pal, key, px);
      if (px[0] !== px[1] || px[1] !== px[2]) a.gray = false;
      if (px[3] !== 255) a.opaque = false;
      if (a.gray && a.grayDepth < 8) {
        while (a.grayDepth < 8 && px[0] % (255 / ((1 << a.grayDepth) - 1)) !== 0) a.grayDepth *= 2;
      }
      if (a.colours) {
        const c = ((px[0] << 24) | (px[1] << 16) | (px[2] << 8) | px[3]) >>> 0;
        if (!a.colours.has(c)) {
          if (a.colours.size === 256) a.colours = null;
          else a.colours.set(c, a.colours.size);
        }
      }
    }
    if ((y & 63) === 0) check?.();
  }
  return a;
}

function depthFor(n: number): number {
  return n <= 2 ? 1 : n <= 4 ? 2 : n <= 16 ? 4 : 8;
}

/**
 * The same pixels in the smallest PNG form this encoder knows: colour type and depth reduced
 * to what the image uses (grey, palette, no alpha, 8 instead of 16 bits), re-filtered and
 * re-compressed. Keeps the chunks that affect colour; drops text, EXIF and timestamps.
 */
export async function losslessPng(raw: RawRows, chunks: PngChunk[], check?: () => void): Promise<Uint8Array> {
  const h = raw.header;
  const a = analyse(raw, chunks, check);
  const colour = chunks
    .filter((c) => COLOUR_CHUNKS.has(c.type) || c.type === "pHYs")
    .map((c) => chunkBytes(c.type, c.data));
  const key = colourKey(h, chunks);
  const pal = readPalette(h, chunks)?.rgba ?? null;
  const deep = h.bitDepth === 16 && !a.fits8;

  // A colour key or true 16-bit depth: keep the colour type, only re-filter and re-compress.
  if ((deep || key) && !(key && a.colours && !deep)) {
    const keep = chunks.filter((c) => c.type === "PLTE" || c.type === "tRNS").map((c) => chunkBytes(c.type, c.data));
    const w = new PngWriter({ ...h, interlace: 0 }, [...colour, ...keep]);
    raw.rewind();
    for (let row = raw.next(); row; row = raw.next()) await w.addRow(row);
    return await w.finish();
  }

  let target: PngHeader;
  const before = [...colour];
  let entries: number[] = [];
  if (a.gray && a.opaque) target = { ...h, colorType: 0, bitDepth: a.grayDepth, interlace: 0 };
  else if (a.colours) {
    // Transparent entries first keep tRNS short.
    entries = [...a.colours.keys()].sort((x, y) => (x & 255) - (y & 255));
    entries.sort((x, y) => Number((x & 255) === 255) - Number((y & 255) === 255));
    target = { ...h, colorType: 3, bitDepth: depthFor(entries.length), interlace: 0 };
    before.push(
      chunkBytes("PLTE", Uint8Array.from(entries.flatMap((c) => [c >>> 24, (c >>> 16) & 255, (c >>> 8) & 255]))),
    );
    const alphas = entries.map((c) => c & 255);
    const lastTransparent = alphas.findLastIndex((v) => v < 255);
    if (lastTransparent >= 0) before.push(chunkBytes("tRNS", Uint8Array.from(alphas.slice(0, lastTransparent + 1))));
  } else if (a.gray) target = { ...h, colorType: 4, bitDepth: 8, interlace: 0 };
  else target = { ...h, colorType: a.opaque ? 2 : 6, bitDepth: 8, interlace: 0 };

  const index = new Map(entries.map((c, i) => [c, i]));
  const w = new PngWriter(target, before);
  const spp =
    target.colorType === 0 || target.colorType === 3 ? 1 : target.colorType === 4 ? 2 : target.colorType === 2 ? 3 : 4;
  const values = new Uint8Array(h.width * spp);
  const out = new Uint8Array(Math.ceil((h.width * spp * target.bitDepth) / 8));
  const px = new Uint8Array(4);
  const scale = 255 / ((1 << target.bitDepth) - 1);
  raw.rewind();
  for (let y = 0, row = raw.next(); row; y++, row = raw.next()) {
    for (let x = 0; x < h.width; x++) {
      rgbaAt(h, row, x, pal, key, px);
      if (target.colorType === 3) values[x] = index.get(((px[0] << 24) | (px[1] << 16) | (px[2] << 8) | px[3]) >>> 0)!;
      else if (target.colorType === 0) values[x] = px[0] / scale;
      else if (target.colorType === 4) {
        values[x * 2] = px[0];
        values[x * 2 + 1] = px[3];
      } else for (let c = 0; c < spp; c++) values[x * spp + c] = px[c];
    }
    packRow(values, target.bitDepth, out);
    await w.addRow(out);
    if ((y & 63) === 0) check?.();
  }
  return await w.finish();
}
