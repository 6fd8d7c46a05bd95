import { BitWriter, category, type HuffmanTable, optimalTable } from "./huffenc";
import { ZIGZAG } from "./markers";
import type { CoefStore } from "./store";

/**
 * Writes a baseline JPEG from stored quantized blocks, with Huffman tables fitted to this image
 * (two passes: count, then code) and EXIF orientation applied losslessly by reordering and
 * transposing blocks, as jpegtran does. The encoder placed any padding where the orientation
 * moves it to the right and bottom edges, so no partial block ever shows.
 */
export interface WriteInput {
  /** Source (unrotated) size. */
  width: number;
  height: number;
  components: { id: number; h: number; v: number; tq: number }[];
  /** Quantization tables by slot, zig-zag order. */
  quant: Uint16Array[];
  store: CoefStore;
  /** EXIF orientation to apply, 1-8. */
  orientation: number;
  /** Complete APPn segments (marker, length, payload) written after SOI. */
  segments: Uint8Array[];
}

const TRANSPOSED = new Set([5, 6, 7, 8]);
/** Per orientation, after any transpose: negate odd columns (x), odd rows (y). */
const NEGATE: Record<number, [boolean, boolean]> = {
  1: [false, false],
  2: [true, false],
  3: [true, true],
  4: [false, true],
  5: [false, false],
  6: [true, false],
  7: [true, true],
  8: [false, true],
};

/** zig-zag index -> zig-zag index of the transposed coefficient. */
const TRANSPOSE_ZZ = (() => {
  const natToZz = new Uint8Array(64);
  for (let k = 0; k < 64; k++) natToZz[ZIGZAG[k]] = k;
  const t = new Uint8Array(64);
  for (let k = 0; k < 64; k++) {
    const n = ZIGZAG[k];
    t[k] = natToZz[(n % 8) * 8 + (n >> 3)];
  }
  return t;
})();

function blockSource(o: number, bx: number, by: number, bw: number, bh: number): number {
  switch (o) {
    case 2:
      return by * bw + (bw - 1 - bx);
    case 3:
      return (bh - 1 - by) * bw + (bw - 1 - bx);
    case 4:
      return (bh - 1 - by) * bw + bx;
    case 5:
      return bx * bw + by;
    case 6:
      return (bh - 1 - bx) * bw + by;
    case 7:
      return (bh - 1 - bx) * bw + (bw - 1 - by);
    case 8:
      return bx * bw + (bw - 1 - by);
    default:
      return by * bw + bx;
  }
}

export function writeJpeg(input: WriteInput): Uint8Array {
  const o = input.orientation;
  const t = TRANSPOSED.has(o);
  const width = t ? input.height : input.width;
  const height = t ? input.width : input.height;
  const comps = input.components.map((c) => (t ? { ...c, h: c.v, v: c.h } : c));
  const hmax = Math.max(...comps.map((c) => c.h));
  const vmax = Math.max(...comps.map((c) => c.v));
  const single = comps.length === 1;
  const mcusX = single ? Math.ceil(width / 8) : Math.ceil(width / (8 * hmax));
  const mcusY = single ? Math.ceil(height / 8) : Math.ceil(height / (8 * vmax));
  const grids = input.store.grids;
  const [negX, negY] = NEGATE[o];
  const sign = new Int8Array(64);
  for (let k = 0; k < 64; k++) {
    const n = ZIGZAG[k];
    sign[k] = (negX && n % 2 === 1) !== (negY && (n >> 3) % 2 === 1) ? -1 : 1;
  }
  const src = new Int16Array(64);
  const blk = new Int16Array(64);

  /** Visits every block in scan order with its coefficients (zig-zag) in blk. */
  const walk = (visit: (c: number) => void) => {
    for (let my = 0; my < mcusY; my++) {
      for (let mx = 0; mx < mcusX; mx++) {
        for (let c = 0; c < comps.length; c++) {
          const { h, v } = comps[c];
          const hh = single ? 1 : h;
          const vv = single ? 1 : v;
          const g = grids[c];
          for (let y = 0; y < vv; y++) {
            for (let x = 0; x < hh; x++) {
              input.store.read(c, blockSource(o, mx * hh + x, my * vv + y, g.blocksPerLine, g.blocksPerColumn), src);
              if (t) for (let k = 0; k < 64; k++) blk[TRANSPOSE_ZZ[k]] = src[k];
              else blk.set(src);
              for (let k = 1; k < 64; k++) if (sign[k] < 0) blk[k] = -blk[k];
              visit(c);
            }
          }
        }
      }
    }
  };

  const slot = (c: number) => (c === 0 ? 0 : 1);
  const freqs = [0, 1, 2, 3].map(() => new Uint32Array(256));
  let pred = new Int32Array(comps.length);
  walk((c) => {
    const diff = blk[0] - pred[c];
    pred[c] = blk[0];
    freqs[slot(c)][category(diff)]++;
    countAc(blk, freqs[2 + slot(c)]);
  });
  const used = comps.length > 1 ? 2 : 1;
  const tables = freqs.map((f) => optimalTable(f));

  const out = new BitWriter(1 << 20);
  out.raw(new Uint8Array([0xff, 0xd8]));
  for (const s of input.segments) out.raw(s);
  for (const [i, q] of input.quant.entries()) {
    if (!q || !comps.some((c) => c.tq === i)) continue;
    const wide = q.some((v) => v > 255);
    out.raw(segment(0xdb, [wide ? 0x10 | i : i, ...(wide ? [...q].flatMap((v) => [v >> 8, v & 255]) : q)]));
  }
  out.raw(
    segment(0xc0 + (input.quant.some((q) => q?.some((v) => v > 255)) ? 1 : 0), [
      8,
      height >> 8,
      height & 255,
      width >> 8,
      width & 255,
      comps.length,
      ...comps.flatMap((c) => [c.id, (c.h << 4) | c.v, c.tq]),
    ]),
  );
  for (let s = 0; s < used; s++) {
    out.raw(segment(0xc4, [s, ...tables[s].bits, ...tables[s].values]));
    out.raw(segment(0xc4, [0x10 | s, ...tables[2 + s].bits, ...tables[2 + s].values]));
  }
  out.raw(segment(0xda, [comps.length, ...comps.flatMap((c, i) => [c.id, (slot(i) << 4) | slot(i)]), 0, 63, 0]));
  pred = new Int32Array(comps.length);
  walk((c) => {
    const diff = blk[0] - pred[c];
    pred[c] = blk[0];
    emit(out, tables[slot(c)], diff);
    codeAc(out, blk, tables[2 + slot(c)]);
  });
  out.flush();
  out.raw(new Uint8Array([0xff, 0xd9]));
  return out.bytes().slice();
}

function segment(marker: number, payload: ArrayLike<number>): Uint8Array {
  const s = new Uint8Array(payload.length + 4);
  s[0] = 0xff;
  s[1] = marker;
  s[2] = (payload.length + 2) >> 8;
  s[3] = (payload.length + 2) & 255;
  s.set(payload, 4);
  return s;
}

function countAc(blk: Int16Array, freq: Uint32Array): void {
  let run = 0;
  for (let k = 1; k < 64; k++) {
    const v = blk[k];
    if (v === 0) {
      run++;
      continue;
    }
    while (run > 15) {
      freq[0xf0]++;
      run -= 16;
    }
    freq[(run << 4) | category(v)]++;
    run = 0;
  }
  if (run > 0) freq[0]++;
}

function emit(out: BitWriter, table: HuffmanTable, v: number): void {
  const s = category(v);
  out.bits(table.code[s], table.size[s]);
  if (s) out.bits(v < 0 ? v - 1 : v, s);
}

function codeAc(out: BitWriter, blk: Int16Array, table: HuffmanTable): void {
  let run = 0;
  for (let k = 1; k < 64; k++) {
    const v = blk[k];
    if (v === 0) {
      run++;
      continue;
    }
    while (run > 15) {
      out.bits(table.code[0xf0], table.size[0xf0]);
      run -= 16;
    }
    const s = category(v);
    const sym = (run << 4) | s;
    out.bits(table.code[sym], table.size[sym]);
    out.bits(v < 0 ? v - 1 : v, s);
    run = 0;
  }
  if (run > 0) out.bits(table.code[0], table.size[0]);
}

/** An APPn segment (marker byte 0xE0-0xEF) around a payload. */
export function appSegment(marker: number, payload: Uint8Array): Uint8Array {
  return segment(marker, payload);
}
