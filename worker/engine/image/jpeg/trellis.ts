import { optimalTable } from "./huffenc";
import { ZIGZAG } from "./markers";
import type { SparseRow } from "./sparse";
import { nbits } from "./tables";

/**
 * Trellis quantization, as mozjpeg does it (jcdctmgr.c, its default settings for baseline
 * output): for each block, the coefficient values that minimise rate + lambda * distortion,
 * where the rate is counted in the Huffman code lengths the image will be written with and
 * lambda follows the block's own energy (busy blocks hide more error). DC values are chosen
 * along each block row, where their differences are what gets coded.
 *
 * Coefficients come in as DCT values scaled by 8 (libjpeg's forward DCT output), natural order.
 */

const LAMBDA_1 = 2 ** 14.75;
const LAMBDA_2 = 2 ** 16.5;
/** Largest quantized magnitude baseline 8-bit JPEG codes. */
const MAX_COEF = 1023;

/** Code lengths per symbol, as the rate model sees them: every symbol a block may need has one. */
export interface RateModel {
  dc: Uint8Array;
  ac: Uint8Array;
}

/** Symbol counts of one table pair (DC categories, AC run/size symbols). */
export interface SymbolCounts {
  dc: Uint32Array;
  ac: Uint32Array;
}

export function newCounts(): SymbolCounts {
  return { dc: new Uint32Array(256), ac: new Uint32Array(256) };
}

/**
 * Code lengths from counts. Every symbol baseline coding can use gets at least a count of one,
 * so the trellis can always price a choice (the written file uses its own fitted tables).
 */
export function rateModel(counts: SymbolCounts): RateModel {
  const dc = counts.dc.slice();
  const ac = counts.ac.slice();
  for (let s = 0; s <= 11; s++) dc[s]++;
  ac[0]++;
  ac[0xf0]++;
  for (let r = 0; r < 16; r++) for (let s = 1; s <= 10; s++) ac[(r << 4) | s]++;
  return { dc: optimalTable(dc).size, ac: optimalTable(ac).size };
}

/** Counts the symbols one block (natural order) is coded with; returns its DC for the next prediction. */
export function countBlock(block: Int16Array, off: number, pred: number, counts: SymbolCounts): number {
  const dc = block[off];
  counts.dc[nbits(dc - pred)]++;
  let run = 0;
  for (let k = 1; k < 64; k++) {
    const v = block[off + ZIGZAG[k]];
    if (v === 0) {
      run++;
      continue;
    }
    while (run > 15) {
      counts.ac[0xf0]++;
      run -= 16;
    }
    counts.ac[(run << 4) | nbits(v)]++;
    run = 0;
  }
  if (run > 0) counts.ac[0]++;
  return dc;
}

/** A trellis quantizer for one quantization table and rate model. */
export class Trellis {
  /** 8 x the quantizer, and the distortion weight 1/q^2, by zig-zag index. */
  private readonly q8 = new Int32Array(64);
  private readonly weight = new Float64Array(64);
  /** Distortion of zeroing the input entries before entry t (prefix sums). */
  private readonly prefix = new Float64Array(65);
  /** The trellis nodes: the start, then each entry that may stay nonzero. */
  private readonly nodePos = new Int32Array(64);
  private readonly nodeAfter = new Float64Array(64);
  private readonly nodeCost = new Float64Array(64);
  private readonly nodeBack = new Int32Array(64);
  private readonly nodeValue = new Int32Array(64);
  private readonly candValue = new Int32Array(16);
  private readonly candCost = new Float64Array(16);
  private readonly candSize = new Int32Array(16);
  private dcCand = new Int32Array(0);
  private dcCost = new Float64Array(0);
  private dcBack = new Int8Array(0);

  constructor(
    quant: Uint16Array,
    private readonly rates: RateModel,
  ) {
    for (let k = 0; k < 64; k++) {
      const q = quant[ZIGZAG[k]];
      this.q8[k] = 8 * q;
      this.weight[k] = 1 / (q * q);
    }
  }

  /**
   * Quantizes block `b` of `input` (unquantized AC values x 8) into block `b` of `output`.
   * `norm` is the sum of the squares of the block's AC values. Returns the block's lambda, which
   * the DC step needs.
   */
  ac(input: SparseRow, output: SparseRow, b: number, norm: number): number {
    const { q8, weight, prefix, nodePos, nodeAfter, nodeCost, nodeBack, nodeValue, candValue, candCost, candSize } =
      this;
    const acLen = this.rates.ac;
    const lambda = LAMBDA_1 / (LAMBDA_2 + norm / 63);
    const zrl = acLen[0xf0];
    const base0 = b * 63;
    const n = input.count[b];
    const inPos = input.pos;
    const inVal = input.val;
    nodePos[0] = 0;
    nodeAfter[0] = 0;
    nodeCost[0] = 0;
    let nodes = 1;
    prefix[0] = 0;
    for (let t = 0; t < n; t++) {
      const p = inPos[base0 + t];
      const s = inVal[base0 + t];
      const x = s < 0 ? -s : s;
      const q = q8[p];
      const wl = lambda * weight[p];
      const before = prefix[t];
      prefix[t + 1] = before + x * x * wl;
      let qval = ((x + (q >> 1)) / q) | 0;
      if (qval === 0) continue;
      if (qval > MAX_COEF) qval = MAX_COEF;
      // Candidates: the largest value of each smaller magnitude category, and the rounded value.
      // A symbol's code costs 1 to 16 bits, so a candidate whose own cost is more than 15 over
      // the cheapest loses to it after every predecessor: only the rest are tried (usually one or
      // two). Below the rounded value the error only grows, so the search down stops there.
      const bits = 32 - Math.clz32(qval);
      let cheapest = Number.POSITIVE_INFINITY;
      let lowest = bits;
      for (let k = bits - 1; k >= 0; k--) {
        const v = k < bits - 1 ? (2 << k) - 1 : qval;
        const d = v * q - x;
        const error = d * d * wl;
        if (error + 1 > cheapest + 15) break;
        const c = error + k + 1;
        candCost[k] = c;
        if (c < cheapest) cheapest = c;
        lowest = k;
      }
      let nc = 0;
      for (let k = lowest; k < bits; k++) {
        if (candCost[k] > cheapest + 15) continue;
        candValue[nc] = k < bits - 1 ? (2 << k) - 1 : qval;
        candCost[nc] = candCost[k];
        candSize[nc++] = k + 1;
      }
      // The node before decides the run of zeros in between (everything there is zeroed).
      let best = Number.POSITIVE_INFINITY;
      let bestValue = 0;
      let bestFrom = 0;
      for (let j = nodes - 1; j >= 0; j--) {
        const zd = before - nodeAfter[j];
        // Zeroing more coefficients only adds distortion: nothing further back can win.
        if (zd + cheapest + 1 >= best) break;
        let run = p - 1 - nodePos[j];
        let base = zd + nodeCost[j];
        if (run > 15) {
          if (zrl === 0) continue;
          base += (run >> 4) * zrl;
          run &= 15;
        }
        const row = run << 4;
        for (let k = 0; k < nc; k++) {
          const len = acLen[row + candSize[k]];
          if (len === 0) continue;
          const c = base + len + candCost[k];
          if (c < best) {
            best = c;
            bestValue = candValue[k];
            bestFrom = j;
          }
        }
      }
      nodePos[nodes] = p;
      nodeAfter[nodes] = prefix[t + 1];
      nodeCost[nodes] = best;
      nodeBack[nodes] = bestFrom;
      nodeValue[nodes] = s < 0 ? -bestValue : bestValue;
      nodes++;
    }
    // Where the block ends (an end-of-block code after the last value kept). Every ending pays
    // the distortion of all entries after it; the total is common to all, so it is left out.
    const eob = acLen[0];
    let last = 0;
    let bestEnd = eob;
    for (let j = 1; j < nodes; j++) {
      const c = nodeCost[j] - nodeAfter[j] + (nodePos[j] < 63 ? eob : 0);
      if (c < bestEnd) {
        bestEnd = c;
        last = j;
      }
    }
    let count = 0;
    for (let j = last; j > 0; j = nodeBack[j]) count++;
    output.count[b] = count;
    for (let j = last, at = base0 + count - 1; j > 0; j = nodeBack[j], at--) {
      output.pos[at] = nodePos[j];
      output.val[at] = nodeValue[j];
    }
    return lambda;
  }

  /**
   * DC values for a row of `n` blocks: `dc[b]` the unquantized DC (x 8), `lambda[b]` from `ac`.
   * Three candidates per block around the rounded value, chosen along the row for the cheapest
   * differences. Writes `out[from + b]`; returns the last value (the next row's prediction).
   */
  dcRow(n: number, dc: Int32Array, lambda: Float64Array, out: Int32Array, pred: number, from = 0): number {
    if (this.dcCand.length < n * 3) {
      this.dcCand = new Int32Array(n * 3);
      this.dcCost = new Float64Array(n * 3);
      this.dcBack = new Int8Array(n * 3);
    }
    const { dcCand, dcCost, dcBack } = this;
    const q = this.q8[0];
    const w = this.weight[0];
    if (n === 0) return pred;
    const dcLen = this.rates.dc;
    for (let b = 0; b < n; b++) {
      const s = dc[b];
      const x = s < 0 ? -s : s;
      const qval = Math.floor((x + (q >> 1)) / q);
      const wl = lambda[b] * w;
      for (let k = 0; k < 3; k++) {
        let v = qval - 1 + k;
        if (v > MAX_COEF) v = MAX_COEF;
        const d = v * q - x;
        const dist = d * d * wl;
        const signed = s < 0 ? -v : v;
        const at = b * 3 + k;
        dcCand[at] = signed;
        if (b === 0) {
          const bits = nbits(signed - pred);
          dcCost[at] = bits + dcLen[bits] + dist;
          dcBack[at] = -1;
          continue;
        }
        let best = Number.POSITIVE_INFINITY;
        let from = 0;
        for (let l = 0; l < 3; l++) {
          const bits = nbits(signed - dcCand[(b - 1) * 3 + l]);
          const c = bits + dcLen[bits] + dist + dcCost[(b - 1) * 3 + l];
          if (c < best) {
            best = c;
            from = l;
          }
        }
        dcCost[at] = best;
        dcBack[at] = from;
      }
    }
    let k = 0;
    for (let l = 1; l < 3; l++) if (dcCost[(n - 1) * 3 + l] < dcCost[(n - 1) * 3 + k]) k = l;
    const last = dcCand[(n - 1) * 3 + k];
    for (let b = n - 1; b >= 0; b--) {
      out[from + b] = dcCand[b * 3 + k];
      k = dcBack[b * 3 + k];
    }
    return last;
  }
}
