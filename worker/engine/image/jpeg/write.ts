import { BitWriter, type HuffmanTable, optimalTable } from "./huffenc";
import { ZIGZAG } from "./markers";
import { CHUNK, type CoefStore } from "./store";
import { nbits } from "./tables";

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
  /**
   * AC symbol counts by table slot (luma, chroma) when the caller counted them as it made the
   * blocks: they hold for any orientation that does not transpose (mirrors flip signs, not sizes
   * or runs), and spare the writer its counting pass over the AC coefficients.
   */
  acCounts?: Uint32Array[];
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
  const store = input.store;
  const grids = store.grids;

  // Every block in scan order: where its record is, and its component.
  let total = 0;
  for (const c of comps) total += single ? 1 : c.h * c.v;
  total *= mcusX * mcusY;
  const order = new Uint32Array(total);
  const compOf = new Uint8Array(total);
  let n = 0;
  for (let my = 0; my < mcusY; my++) {
    for (let mx = 0; mx < mcusX; mx++) {
      for (let c = 0; c < comps.length; c++) {
        const hh = single ? 1 : comps[c].h;
        const vv = single ? 1 : comps[c].v;
        const g = grids[c];
        for (let y = 0; y < vv; y++) {
          for (let x = 0; x < hh; x++) {
            order[n] = store.record(c, blockSource(o, mx * hh + x, my * vv + y, g.blocksPerLine, g.blocksPerColumn));
            compOf[n++] = c;
          }
        }
      }
    }
  }

  const blocks = new BlockWalk(store, o);
  const slot = (c: number) => (c === 0 ? 0 : 1);
  const freqs = [0, 1, 2, 3].map(() => new Uint32Array(256));
  const counted = input.acCounts && !t ? input.acCounts : null;
  if (counted) for (const [i, f] of counted.entries()) freqs[2 + i].set(f);
  const dcFreq = comps.map((_, c) => freqs[slot(c)]);
  const acFreq = comps.map((_, c) => freqs[2 + slot(c)]);
  let pred = new Int32Array(comps.length);
  for (let b = 0; b < total; b++) {
    const c = compOf[b];
    const at = blocks.open(order[b]);
    const rec = blocks.rec;
    const dc = rec[at + 1];
    dcFreq[c][nbits(dc - pred[c])]++;
    pred[c] = dc;
    if (!counted) countAc(rec, at, acFreq[c]);
  }
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
  const dcTable = comps.map((_, c) => tables[slot(c)]);
  const acTable = comps.map((_, c) => tables[2 + slot(c)]);
  for (let b = 0; b < total; b++) {
    const c = compOf[b];
    const at = blocks.open(order[b]);
    const rec = blocks.rec;
    const dc = rec[at + 1];
    emit(out, dcTable[c], dc - pred[c]);
    pred[c] = dc;
    codeAc(out, rec, at, acTable[c]);
  }
  out.flush();
  out.raw(new Uint8Array([0xff, 0xd9]));
  return out.bytes().slice();
}

/**
 * Blocks as the writer codes them, in the store's sparse record form (count, DC, then
 * zig-zag index and value pairs): read in place when the orientation moves blocks only, or
 * rebuilt with signs flipped (mirrors) and coefficients transposed (quarter turns).
 */
class BlockWalk {
  rec: Int16Array;
  private readonly scratch = new Int16Array(2 + 63 * 2);
  private readonly dense = new Int16Array(64);
  private readonly sign = new Int8Array(64);
  private readonly plain: boolean;
  private readonly transposed: boolean;

  constructor(
    private readonly store: CoefStore,
    orientation: number,
  ) {
    this.rec = this.scratch;
    const [negX, negY] = NEGATE[orientation];
    for (let k = 0; k < 64; k++) {
      const n = ZIGZAG[k];
      this.sign[k] = (negX && n % 2 === 1) !== (negY && (n >> 3) % 2 === 1) ? -1 : 1;
    }
    this.transposed = TRANSPOSED.has(orientation);
    this.plain = !this.transposed && !negX && !negY;
  }

  /** Makes `rec` hold the block at store position `at`; returns the record's offset in `rec`. */
  open(at: number): number {
    const chunk = this.store.chunkOf(at);
    const start = at % CHUNK;
    if (this.plain) {
      this.rec = chunk;
      return start;
    }
    const out = this.scratch;
    const count = chunk[start];
    out[1] = chunk[start + 1];
    if (!this.transposed) {
      out[0] = count;
      for (let p = 0; p < count * 2; p += 2) {
        const k = chunk[start + 2 + p];
        out[2 + p] = k;
        out[3 + p] = chunk[start + 3 + p] * this.sign[k];
      }
    } else {
      const dense = this.dense;
      dense.fill(0);
      for (let p = 0; p < count * 2; p += 2) dense[TRANSPOSE_ZZ[chunk[start + 2 + p]]] = chunk[start + 3 + p];
      let m = 2;
      for (let k = 1; k < 64; k++) {
        if (dense[k] === 0) continue;
        out[m++] = k;
        out[m++] = dense[k] * this.sign[k];
      }
      out[0] = (m - 2) >> 1;
    }
    this.rec = out;
    return 0;
  }
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

function countAc(rec: Int16Array, at: number, freq: Uint32Array): void {
  const end = at + 2 + rec[at] * 2;
  let prev = 0;
  for (let p = at + 2; p < end; p += 2) {
    const k = rec[p];
    let run = k - prev - 1;
    while (run > 15) {
      freq[0xf0]++;
      run -= 16;
    }
    freq[(run << 4) | nbits(rec[p + 1])]++;
    prev = k;
  }
  if (prev < 63) freq[0]++;
}

/** A symbol's code and its value's bits, in one write when they fit. */
function put(out: BitWriter, table: HuffmanTable, sym: number, v: number, s: number): void {
  const len = table.size[sym];
  const extra = (v < 0 ? v - 1 : v) & ((1 << s) - 1);
  if (len + s <= 24) out.bits((table.code[sym] << s) | extra, len + s);
  else {
    out.bits(table.code[sym], len);
    out.bits(extra, s);
  }
}

function emit(out: BitWriter, table: HuffmanTable, v: number): void {
  const s = nbits(v);
  put(out, table, s, v, s);
}

function codeAc(out: BitWriter, rec: Int16Array, at: number, table: HuffmanTable): void {
  const end = at + 2 + rec[at] * 2;
  let prev = 0;
  for (let p = at + 2; p < end; p += 2) {
    const k = rec[p];
    const v = rec[p + 1];
    let run = k - prev - 1;
    while (run > 15) {
      out.bits(table.code[0xf0], table.size[0xf0]);
      run -= 16;
    }
    const s = nbits(v);
    put(out, table, (run << 4) | s, v, s);
    prev = k;
  }
  if (prev < 63) out.bits(table.code[0], table.size[0]);
}

/** An APPn segment (marker byte 0xE0-0xEF) around a payload. */
export function appSegment(marker: number, payload: Uint8Array): Uint8Array {
  return segment(marker, payload);
}
