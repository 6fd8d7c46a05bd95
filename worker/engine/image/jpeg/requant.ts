import { type SsimReference, ssimAgainst, ssimReference } from "../ssim";
import type { JpegReader } from "./decode";
import { optimalTable } from "./huffenc";
import { idctBlock, idctMultipliers } from "./idct";
import { ZIGZAG } from "./markers";
import { isYcc } from "./pixels";
import { SparseRow } from "./sparse";
import { CHUNK, CoefStore } from "./store";
import { nbits, qualityTable } from "./tables";
import { newCounts, type RateModel, rateModel, type SymbolCounts, Trellis } from "./trellis";

/**
 * Re-encoding a JPEG without leaving the DCT domain: the original's quantized coefficients are
 * dequantized and quantized again, with trellis quantization, at a coarser table. No inverse
 * DCT, colour conversion, resampling or forward DCT touches the image, so nothing is lost to a
 * decode and re-encode round trip, and a 12-megapixel photo costs one pass over its entropy
 * data. It applies where the output keeps the input's layout: greyscale, or YCbCr with 4:2:0
 * chroma (what cameras and phones write); other files take the pixel path.
 *
 * The one pass keeps the coefficients sparse (only nonzero ones), counts the symbols the
 * lossless rewrite would code (so its size is known without writing it), and cuts sample
 * tiles: each quality the search tries requantizes only the tiles' luma, decodes it and
 * measures SSIM against the original tiles.
 */

const TILE = 128;
const CANDIDATES_X = 8;
const CANDIDATES_Y = 6;
const PICK = 12;
/** One MCU row in this many is kept to fit the trellis's rate model to the whole image. */
const RATE_SAMPLE = 8;

/** Whether this file can be requantized (and the search measure it). */
export function requantizable(reader: JpegReader): boolean {
  const f = reader.frame;
  const c = f.components;
  if (c.length === 1) return f.width >= 16 && f.height >= 16;
  if (c.length !== 3 || !isYcc(reader)) return false;
  const is420 = c[0].h === 2 && c[0].v === 2 && [1, 2].every((i) => c[i].h === 1 && c[i].v === 1);
  return is420 && f.width >= 32 && f.height >= 32;
}

export interface RequantPlan {
  /** Mean SSIM of the sample tiles requantized at `quality`. */
  score(quality: number): number;
  /** Size of the lossless rewrite (the original's coefficients, fitted tables), estimated. */
  losslessBytes: number;
  /** The original's coefficients, when they were kept (the lossless rewrite writes these). */
  original: CoefStore | null;
  /** The whole image requantized at `quality`. */
  encode(quality: number): Requantized;
}

export interface Requantized {
  store: CoefStore;
  quant: Uint16Array[];
  components: { id: number; h: number; v: number; tq: number }[];
  /** AC symbol counts by table slot, counted as the blocks were made (the writer's first pass, saved). */
  acCounts: Uint32Array[];
}

interface Tile {
  /** Position in MCUs. */
  mx: number;
  my: number;
  /** Per component, the tile's blocks in raster order (dense, natural order). */
  blocks: Int16Array[];
  /** Luma variance, from the coefficients (Parseval). */
  score: number;
  sum: number;
  squares: number;
  variances: number;
  count: number;
}

/** Table slot per component: luma 0, chroma 1. */
const slot = (c: number) => (c === 0 ? 0 : 1);

/**
 * Reads the file once and prepares the search and the encoder. The original's coefficients
 * are kept while they take at most `keepBytes` (about 17 MB for a 12-megapixel photo at
 * quality 92); past that, encoding decodes the file a second time instead.
 */
export function planRequant(reader: JpegReader, opts: { keepBytes: number; check?: () => void }): RequantPlan {
  const f = reader.frame;
  const comps = f.components;
  const single = comps.length === 1;
  const grids = comps.map((c) =>
    single
      ? { blocksPerLine: c.dataBlocksPerLine, blocksPerColumn: c.dataBlocksPerColumn }
      : { blocksPerLine: c.blocksPerLine, blocksPerColumn: c.blocksPerColumn },
  );
  const mcuRows = single ? comps[0].dataBlocksPerColumn : f.mcusPerColumn;
  const mcuCols = single ? comps[0].dataBlocksPerLine : f.mcusPerLine;
  const mcusX = Math.min(TILE / (8 * f.hmax), Math.floor(f.width / (8 * f.hmax)));
  const mcusY = Math.min(TILE / (8 * f.vmax), Math.floor(f.height / (8 * f.vmax)));
  const tiles = candidateTiles(reader, mcusX, mcusY);
  const isSampled = sampledRow(mcuRows);
  const sampledRows = Array.from({ length: mcuRows }, (_, m) => m).filter(isSampled);
  const sample = new CoefStore(
    grids.map((g, c) => ({ blocksPerLine: g.blocksPerLine, blocksPerColumn: sampledRows.length * comps[c].v })),
  );
  // A progressive file's coefficients are already held (dense) by the reader.
  let original: CoefStore | null = reader.streamed ? new CoefStore(grids) : null;
  const rows = comps.map((c) => new SparseRow(c.blocksPerLine * c.v));
  const counts = [newCounts(), newCounts()];
  const pred = new Int32Array(comps.length);
  reader.rewind();
  for (let m = 0; m < mcuRows; m++) {
    reader.readMcuRowSparse(m, rows);
    // The symbols of the original's own coefficients, in scan order.
    for (let mx = 0; mx < mcuCols; mx++) {
      for (let c = 0; c < comps.length; c++) {
        const { h, v, blocksPerLine } = comps[c];
        for (let by = 0; by < v; by++) {
          for (let bx = 0; bx < h; bx++) {
            pred[c] = countSparse(rows[c], by * blocksPerLine + mx * h + bx, pred[c], counts[slot(c)]);
          }
        }
      }
    }
    const sampled = isSampled(m);
    for (let c = 0; c < comps.length; c++) {
      const r = rows[c];
      const perLine = grids[c].blocksPerLine;
      for (let by = 0; by < comps[c].v; by++) {
        const from = by * comps[c].blocksPerLine;
        for (let b = from; b < from + perLine; b++) {
          original?.appendSparse(c, r.dc[b], r.pos, r.val, b * 63, r.count[b]);
          if (sampled) sample.appendSparse(c, r.dc[b], r.pos, r.val, b * 63, r.count[b]);
        }
      }
    }
    if (original && original.bytes > opts.keepBytes) original = null;
    for (const t of tiles) if (m >= t.my && m < t.my + mcusY) cutTile(t, m, rows, reader, mcusX);
    if ((m & 15) === 0) opts.check?.();
  }
  const chosen = pickTiles(tiles);
  const rates = rateModels(sample, reader.quant);
  const search = tileSearch(reader, chosen, mcusX, mcusY, rates, opts.check);
  return {
    score: search,
    losslessBytes: estimateBytes(counts.slice(0, single ? 1 : 2)),
    original,
    encode: (quality) => encodeAll(reader, grids, original, quality, rates(quality), opts.check),
  };
}

/** Every RATE_SAMPLE-th MCU row (at least one). */
function sampledRow(rows: number): (m: number) => boolean {
  return (m) => m % RATE_SAMPLE === RATE_SAMPLE >> 1 || (rows <= RATE_SAMPLE >> 1 && m === 0);
}

function candidateTiles(reader: JpegReader, mcusX: number, mcusY: number): Tile[] {
  const f = reader.frame;
  const xs = new Set<number>();
  const ys = new Set<number>();
  const place = (i: number, n: number, total: number, size: number) =>
    Math.max(0, Math.min(Math.floor((i + 0.5) * (total / n) - size / 2), total - size));
  for (let i = 0; i < CANDIDATES_X; i++) xs.add(place(i, CANDIDATES_X, f.mcusPerLine, mcusX));
  for (let i = 0; i < CANDIDATES_Y; i++) ys.add(place(i, CANDIDATES_Y, f.mcusPerColumn, mcusY));
  return [...ys].flatMap((my) =>
    [...xs].map((mx) => ({
      mx,
      my,
      blocks: f.components.map((c) => new Int16Array(mcusX * c.h * mcusY * c.v * 64)),
      score: 0,
      sum: 0,
      squares: 0,
      variances: 0,
      count: 0,
    })),
  );
}

/** Copies MCU row m's part of a tile, and adds its luma blocks to the tile's statistics. */
function cutTile(t: Tile, m: number, rows: SparseRow[], reader: JpegReader, mcusX: number): void {
  const comps = reader.frame.components;
  for (let c = 0; c < comps.length; c++) {
    const { h, v, blocksPerLine } = comps[c];
    const per = mcusX * h;
    for (let by = 0; by < v; by++) {
      for (let bx = 0; bx < per; bx++) {
        const to = (((m - t.my) * v + by) * per + bx) * 64;
        rows[c].toDense(by * blocksPerLine + t.mx * h + bx, t.blocks[c], to);
      }
    }
  }
  // A block's mean is its DC / 8 and its variance its AC energy / 64 (the DCT is orthonormal).
  const q = reader.quant[0];
  const y = t.blocks[0];
  const per = mcusX * comps[0].h;
  const first = (m - t.my) * comps[0].v * per;
  for (let b = first; b < first + comps[0].v * per; b++) {
    const mean = (y[b * 64] * q[0]) / 8;
    let ac = 0;
    for (let k = 1; k < 64; k++) {
      const v = y[b * 64 + k] * q[k];
      ac += v * v;
    }
    t.sum += mean;
    t.squares += mean * mean;
    t.variances += ac / 64;
    t.count++;
  }
}

/** A spread of tiles from flat to busy; flat ones (sky, paper) say little about artefacts. */
function pickTiles(tiles: Tile[]): Tile[] {
  for (const t of tiles) {
    const mean = t.sum / t.count;
    t.score = t.variances / t.count + t.squares / t.count - mean * mean;
  }
  tiles.sort((a, b) => a.score - b.score);
  const useful = tiles.filter((t) => t.score > 4);
  const pool = useful.length >= 3 ? useful : tiles;
  const n = Math.min(PICK, pool.length);
  return Array.from({ length: n }, (_, i) => pool[Math.floor(((i + 0.5) * pool.length) / n)]);
}

/** Counts the symbols of sparse block b; returns its DC for the next prediction. */
function countSparse(row: SparseRow, b: number, pred: number, counts: SymbolCounts): number {
  const dc = row.dc[b];
  counts.dc[nbits(dc - pred)]++;
  countAc(row, b, counts.ac);
  return dc;
}

/** Bytes of entropy-coded data the counts code to with fitted tables (stuffing estimated). */
function estimateBytes(counts: SymbolCounts[]): number {
  let bits = 0;
  for (const c of counts) {
    const dc = optimalTable(c.dc).size;
    const ac = optimalTable(c.ac).size;
    for (let s = 0; s < 256; s++) {
      bits += c.dc[s] * (dc[s] + s);
      bits += c.ac[s] * (ac[s] + (s & 15));
    }
  }
  return Math.ceil((bits / 8) * (1 + 1 / 256));
}

/**
 * Rate models (per table slot) for a quality, fitted to the sampled rows quantized plainly at
 * that quality's table, as mozjpeg fits the tables its trellis pass prices with. Cached.
 */
function rateModels(sample: CoefStore, quant: Uint16Array[]): (quality: number) => RateModel[] {
  const cache = new Map<number, RateModel[]>();
  const comps = quant.length;
  return (quality) => {
    const cached = cache.get(quality);
    if (cached) return cached;
    const table = qualityTable(quality);
    const counts = [newCounts(), newCounts()];
    const ratio = new Float64Array(64);
    for (let c = 0; c < comps; c++) {
      for (let k = 0; k < 64; k++) ratio[k] = quant[c][ZIGZAG[k]] / table[ZIGZAG[k]];
      const to = counts[slot(c)];
      const n = sample.grids[c].blocksPerLine * sample.grids[c].blocksPerColumn;
      let pred = 0;
      for (let i = 0; i < n; i++) {
        const at = sample.record(c, i);
        const rec = sample.chunkOf(at);
        const start = at % CHUNK;
        const dc = Math.round(rec[start + 1] * ratio[0]);
        to.dc[nbits(dc - pred)]++;
        pred = dc;
        let prev = 0;
        for (let p = start + 2; p < start + 2 + rec[start] * 2; p += 2) {
          const k = rec[p];
          const v = Math.round(rec[p + 1] * ratio[k]);
          if (v === 0) continue;
          let run = k - prev - 1;
          while (run > 15) {
            to.ac[0xf0]++;
            run -= 16;
          }
          to.ac[(run << 4) | nbits(v)]++;
          prev = k;
        }
        if (prev < 63) to.ac[0]++;
      }
    }
    const models = counts.slice(0, comps === 1 ? 1 : 2).map(rateModel);
    cache.set(quality, models);
    return models;
  };
}

/**
 * The search's measure: requantize the tiles' luma at a quality, decode it, and take the mean
 * SSIM against the original tiles' luma. Luma is what the metric compares, so chroma is
 * neither requantized nor decoded here.
 */
function tileSearch(
  reader: JpegReader,
  tiles: Tile[],
  mcusX: number,
  mcusY: number,
  rates: (quality: number) => RateModel[],
  check?: () => void,
): (quality: number) => number {
  const y = reader.frame.components[0];
  const perLine = mcusX * y.h;
  const rowsPerTile = mcusY * y.v;
  const original = concat(tiles.map((t) => t.blocks[0]));
  const rows = rowsPerTile * tiles.length;
  const w = perLine * 8;
  const h = rowsPerTile * 8;
  const px = w * h;
  const reference = lumaPlane(original, perLine, rows, reader.quant[0]);
  const refs: SsimReference[] = tiles.map((_, i) => ssimReference(reference.subarray(i * px, (i + 1) * px), w, h));
  const candidate = new Int16Array(original.length);
  const input = new SparseRow(perLine);
  const output = new SparseRow(perLine);
  const quantizer = new RowQuantizer(perLine);
  return (quality) => {
    check?.();
    const table = qualityTable(quality);
    const trellis = new Trellis(table, rates(quality)[0]);
    let pred = 0;
    for (let row = 0; row < rows; row++) {
      const at = row * perLine * 64;
      for (let b = 0; b < perLine; b++) input.fromDense(b, original, at + b * 64);
      pred = quantizer.quantize(trellis, input, 0, perLine, reader.quant[0], output, pred);
      for (let b = 0; b < perLine; b++) output.toDense(b, candidate, at + b * 64);
    }
    const decoded = lumaPlane(candidate, perLine, rows, table);
    let sum = 0;
    for (let i = 0; i < tiles.length; i++) sum += ssimAgainst(refs[i], decoded.subarray(i * px, (i + 1) * px));
    return sum / tiles.length;
  };
}

/** One component's blocks (raster order) decoded to samples, as a luma plane. */
function lumaPlane(blocks: Int16Array, perLine: number, rows: number, quant: Uint16Array): Float32Array {
  const w = perLine * 8;
  const samples = new Uint8Array(w * rows * 8);
  const mult = idctMultipliers(quant);
  for (let r = 0; r < rows; r++) {
    for (let b = 0; b < perLine; b++) idctBlock(blocks, (r * perLine + b) * 64, mult, samples, r * 8 * w + b * 8, w);
  }
  return Float32Array.from(samples);
}

function concat(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Requantizes block rows: dequantizes in place (x 8, as libjpeg's forward DCT scales), then the trellis. */
class RowQuantizer {
  private readonly lambda: Float64Array;
  private readonly dcIn: Int32Array;
  private readonly scale = new Int32Array(64);

  constructor(maxBlocks: number) {
    this.lambda = new Float64Array(maxBlocks);
    this.dcIn = new Int32Array(maxBlocks);
  }

  /**
   * Blocks `from .. from + n` of `input` (quantized with `qin`, natural order) requantized into
   * the same blocks of `output`; returns the last DC, the next row's prediction. `input`'s
   * values are dequantized in place.
   */
  quantize(
    trellis: Trellis,
    input: SparseRow,
    from: number,
    n: number,
    qin: Uint16Array,
    output: SparseRow,
    pred: number,
  ): number {
    const scale = this.scale;
    for (let k = 0; k < 64; k++) scale[k] = qin[ZIGZAG[k]] * 8;
    const { pos, val, count, dc } = input;
    for (let i = 0; i < n; i++) {
      const b = from + i;
      let norm = 0;
      for (let t = b * 63; t < b * 63 + count[b]; t++) {
        const v = val[t] * scale[pos[t]];
        val[t] = v;
        norm += v * v;
      }
      this.dcIn[i] = dc[b] * scale[0];
      this.lambda[i] = trellis.ac(input, output, b, norm);
    }
    return trellis.dcRow(n, this.dcIn, this.lambda, output.dc, pred, from);
  }
}

/**
 * The whole image requantized at `quality` into a coefficient store for the writer: from the
 * kept coefficients, or by decoding the file again.
 */
function encodeAll(
  reader: JpegReader,
  grids: { blocksPerLine: number; blocksPerColumn: number }[],
  original: CoefStore | null,
  quality: number,
  rates: RateModel[],
  check?: () => void,
): Requantized {
  const f = reader.frame;
  const comps = f.components;
  const single = comps.length === 1;
  const store = new CoefStore(grids);
  const table = qualityTable(quality);
  const trellis = [new Trellis(table, rates[0]), new Trellis(table, rates[1] ?? rates[0])];
  const rows = comps.map((c) => new SparseRow(c.blocksPerLine * c.v));
  const out = comps.map((c) => new SparseRow(c.blocksPerLine * c.v));
  const quantizer = new RowQuantizer(Math.max(...comps.map((c) => c.blocksPerLine * c.v)));
  const pred = new Int32Array(comps.length);
  const acCounts = [new Uint32Array(256), new Uint32Array(256)];
  const mcuRows = single ? comps[0].dataBlocksPerColumn : f.mcusPerColumn;
  if (!original) reader.rewind();
  for (let m = 0; m < mcuRows; m++) {
    if (original) {
      for (let c = 0; c < comps.length; c++) {
        const perLine = grids[c].blocksPerLine;
        for (let by = 0; by < comps[c].v; by++) {
          for (let bx = 0; bx < perLine; bx++) {
            original.readSparse(c, (m * comps[c].v + by) * perLine + bx, rows[c], by * comps[c].blocksPerLine + bx);
          }
        }
      }
    } else reader.readMcuRowSparse(m, rows);
    for (let c = 0; c < comps.length; c++) {
      const perLine = grids[c].blocksPerLine;
      for (let by = 0; by < comps[c].v; by++) {
        const from = by * comps[c].blocksPerLine;
        pred[c] = quantizer.quantize(trellis[slot(c)], rows[c], from, perLine, reader.quant[c], out[c], pred[c]);
        const o = out[c];
        const counts = acCounts[slot(c)];
        for (let b = from; b < from + perLine; b++) {
          store.appendSparse(c, o.dc[b], o.pos, o.val, b * 63, o.count[b]);
          countAc(o, b, counts);
        }
      }
    }
    if ((m & 15) === 0) check?.();
  }
  if (!store.isComplete()) throw new Error("JPEG requantization did not cover the image");
  const zz = new Uint16Array(64);
  for (let k = 0; k < 64; k++) zz[k] = table[ZIGZAG[k]];
  return {
    store,
    quant: single ? [zz] : [zz, zz.slice()],
    components: comps.map(({ id, h, v }, i) => ({ id, h, v, tq: slot(i) })),
    acCounts: acCounts.slice(0, single ? 1 : 2),
  };
}

/** Counts the AC symbols of sparse block b. */
function countAc(row: SparseRow, b: number, ac: Uint32Array): void {
  let prev = 0;
  const end = b * 63 + row.count[b];
  for (let t = b * 63; t < end; t++) {
    const k = row.pos[t];
    let run = k - prev - 1;
    while (run > 15) {
      ac[0xf0]++;
      run -= 16;
    }
    ac[(run << 4) | nbits(row.val[t])]++;
    prev = k;
  }
  if (prev < 63) ac[0]++;
}
