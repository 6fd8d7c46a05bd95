/** The AAN floating-point inverse DCT (libjpeg's jidctflt), dequantizing as it goes. */

const AAN = [1, 1.387039845, 1.306562965, 1.175875602, 1, 0.785694958, 0.5411961, 0.275899379];

/** Per-coefficient multipliers: the quantizer times the AAN scale factors (natural order). */
export function idctMultipliers(quant: Uint16Array): Float32Array {
  const m = new Float32Array(64);
  for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) m[r * 8 + c] = (quant[r * 8 + c] * AAN[r] * AAN[c]) / 8;
  return m;
}

const ws = new Float32Array(64);

/** Writes the 8x8 samples of block `coefs[off..off+64]` to `out` at `outOff` with row stride `stride`. */
export function idctBlock(
  coefs: Int16Array,
  off: number,
  mult: Float32Array,
  out: Uint8Array,
  outOff: number,
  stride: number,
): void {
  for (let c = 0; c < 8; c++) {
    const i = off + c;
    if (
      coefs[i + 8] === 0 &&
      coefs[i + 16] === 0 &&
      coefs[i + 24] === 0 &&
      coefs[i + 32] === 0 &&
      coefs[i + 40] === 0 &&
      coefs[i + 48] === 0 &&
      coefs[i + 56] === 0
    ) {
      const dc = coefs[i] * mult[c];
      for (let r = 0; r < 8; r++) ws[r * 8 + c] = dc;
      continue;
    }
    const t0 = coefs[i] * mult[c];
    const t1 = coefs[i + 16] * mult[16 + c];
    const t2 = coefs[i + 32] * mult[32 + c];
    const t3 = coefs[i + 48] * mult[48 + c];
    const e10 = t0 + t2;
    const e11 = t0 - t2;
    const e13 = t1 + t3;
    const e12 = (t1 - t3) * Math.SQRT2 - e13;
    const a0 = e10 + e13;
    const a3 = e10 - e13;
    const a1 = e11 + e12;
    const a2 = e11 - e12;
    const t4 = coefs[i + 8] * mult[8 + c];
    const t5 = coefs[i + 24] * mult[24 + c];
    const t6 = coefs[i + 40] * mult[40 + c];
    const t7 = coefs[i + 56] * mult[56 + c];
    const z13 = t6 + t5;
    const z10 = t6 - t5;
    const z11 = t4 + t7;
    const z12 = t4 - t7;
    const o7 = z11 + z13;
    const o11 = (z11 - z13) * Math.SQRT2;
    const z5 = (z10 + z12) * 1.847759065;
    const o10 = z5 - z12 * 1.0823922;
    const o12 = z5 - z10 * 2.61312593;
    const o6 = o12 - o7;
    const o5 = o11 - o6;
    const o4 = o10 - o5;
    ws[c] = a0 + o7;
    ws[56 + c] = a0 - o7;
    ws[8 + c] = a1 + o6;
    ws[48 + c] = a1 - o6;
    ws[16 + c] = a2 + o5;
    ws[40 + c] = a2 - o5;
    ws[24 + c] = a3 + o4;
    ws[32 + c] = a3 - o4;
  }
  for (let r = 0; r < 8; r++) {
    const w = r * 8;
    const e10 = ws[w] + ws[w + 4];
    const e11 = ws[w] - ws[w + 4];
    const e13 = ws[w + 2] + ws[w + 6];
    const e12 = (ws[w + 2] - ws[w + 6]) * Math.SQRT2 - e13;
    const a0 = e10 + e13;
    const a3 = e10 - e13;
    const a1 = e11 + e12;
    const a2 = e11 - e12;
    const z13 = ws[w + 5] + ws[w + 3];
    const z10 = ws[w + 5] - ws[w + 3];
    const z11 = ws[w + 1] + ws[w + 7];
    const z12 = ws[w + 1] - ws[w + 7];
    const o7 = z11 + z13;
    const o11 = (z11 - z13) * Math.SQRT2;
    const z5 = (z10 + z12) * 1.847759065;
    const o10 = z5 - z12 * 1.0823922;
    const o12 = z5 - z10 * 2.61312593;
    const o6 = o12 - o7;
    const o5 = o11 - o6;
    const o4 = o10 - o5;
    const o = outOff + r * stride;
    out[o] = clamp(a0 + o7);
    out[o + 7] = clamp(a0 - o7);
    out[o + 1] = clamp(a1 + o6);
    out[o + 6] = clamp(a1 - o6);
    out[o + 2] = clamp(a2 + o5);
    out[o + 5] = clamp(a2 - o5);
    out[o + 3] = clamp(a3 + o4);
    out[o + 4] = clamp(a3 - o4);
  }
}

function clamp(x: number): number {
  const v = x + 128.5;
  return v <= 0 ? 0 : v >= 255 ? 255 : v | 0;
}

/**
 * Reduced inverse DCTs, as libjpeg's scaled decoding does (djpeg -scale 1/2, 1/4, 1/8): an
 * n x n block of samples (n = 4, 2, 1), each the mean of the s x s samples (s = 8 / n) the full
 * inverse DCT would give there, computed from the coefficients directly: the block downscaled
 * by a box filter without its full-size samples ever existing. The basis folds that mean in:
 * B[y][u] = a(u) * mean over j < s of cos((2 (s y + j) + 1) u pi / 16).
 */
const REDUCED: Record<number, Float32Array> = { 4: reducedBasis(4), 2: reducedBasis(2), 1: reducedBasis(1) };

function reducedBasis(n: number): Float32Array {
  const s = 8 / n;
  const t = new Float32Array(n * 8);
  for (let y = 0; y < n; y++) {
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let j = 0; j < s; j++) sum += Math.cos(((2 * (s * y + j) + 1) * u * Math.PI) / 16);
      t[y * 8 + u] = ((u === 0 ? Math.sqrt(1 / 8) : 0.5) * sum) / s;
    }
  }
  return t;
}

/** Column pass results: for each horizontal frequency u, the n vertical outputs. */
const rws = new Float32Array(32);
const cols = new Int32Array(8);
const rowsNz = new Int32Array(8);

/**
 * Writes the n x n samples of block `coefs[off..off+64]` (natural order), dequantized by `quant`.
 * Only nonzero columns and coefficients are visited, and each pass computes half its outputs
 * from the other half (B[n-1-y][u] = (-1)^u B[y][u]).
 */
export function idctReduced(
  coefs: Int16Array,
  off: number,
  quant: Uint16Array,
  n: number,
  out: Uint8Array,
  outOff: number,
  stride: number,
): void {
  if (n === 1) {
    out[outOff] = clamp((coefs[off] * quant[0]) / 8);
    return;
  }
  const b = REDUCED[n];
  const half = n >> 1;
  let ncols = 0;
  for (let u = 0; u < 8; u++) {
    let nz = 0;
    for (let v = 0; v < 8; v++) if (coefs[off + v * 8 + u] !== 0) rowsNz[nz++] = v;
    if (nz === 0) continue;
    cols[ncols++] = u;
    for (let y = 0; y < half; y++) {
      let even = 0;
      let odd = 0;
      for (let t = 0; t < nz; t++) {
        const v = rowsNz[t];
        const x = coefs[off + v * 8 + u] * quant[v * 8 + u] * b[y * 8 + v];
        if (v & 1) odd += x;
        else even += x;
      }
      rws[u * 4 + y] = even + odd;
      rws[u * 4 + n - 1 - y] = even - odd;
    }
  }
  for (let y = 0; y < n; y++) {
    const row = outOff + y * stride;
    for (let x = 0; x < half; x++) {
      let even = 0;
      let odd = 0;
      for (let t = 0; t < ncols; t++) {
        const u = cols[t];
        const p = b[x * 8 + u] * rws[u * 4 + y];
        if (u & 1) odd += p;
        else even += p;
      }
      out[row + x] = clamp(even + odd);
      out[row + n - 1 - x] = clamp(even - odd);
    }
  }
}

const C1 = Math.cos(Math.PI / 8);
const S1 = Math.sin(Math.PI / 8);
const C2 = Math.SQRT1_2;

/**
 * Multipliers for `idct4Block`: the quantizer times w(v) * w(u), w(u) = a(u) cos(u pi / 16),
 * which folds the 2 x 2 mean into the basis (natural order).
 */
export function idct4Multipliers(quant: Uint16Array): Float32Array {
  const w = Array.from({ length: 8 }, (_, u) => (u === 0 ? Math.sqrt(1 / 8) : 0.5) * Math.cos((u * Math.PI) / 16));
  const m = new Float32Array(64);
  for (let v = 0; v < 8; v++) for (let u = 0; u < 8; u++) m[v * 8 + u] = quant[v * 8 + u] * w[v] * w[u];
  return m;
}

const ws4 = new Float32Array(32);

/**
 * The 4 x 4 reduced inverse DCT, fast: the mean of each 2 x 2 pair of the full inverse DCT's
 * samples is sum over k < 4 of G(k) cos((2m + 1) k pi / 8), with G(0) = F'(0) and
 * G(k) = F'(k) - F'(8 - k), frequency 4 dropping out; a 4-point butterfly per row and column.
 */
export function idct4Block(
  coefs: Int16Array,
  off: number,
  mult: Float32Array,
  out: Uint8Array,
  outOff: number,
  stride: number,
): void {
  for (let u = 0; u < 8; u++) {
    if (u === 4) continue;
    const i = off + u;
    const g0 = coefs[i] * mult[u];
    if (
      coefs[i + 8] === 0 &&
      coefs[i + 16] === 0 &&
      coefs[i + 24] === 0 &&
      coefs[i + 40] === 0 &&
      coefs[i + 48] === 0 &&
      coefs[i + 56] === 0
    ) {
      ws4[u] = g0;
      ws4[8 + u] = g0;
      ws4[16 + u] = g0;
      ws4[24 + u] = g0;
      continue;
    }
    const g1 = coefs[i + 8] * mult[8 + u] - coefs[i + 56] * mult[56 + u];
    const g2 = (coefs[i + 16] * mult[16 + u] - coefs[i + 48] * mult[48 + u]) * C2;
    const g3 = coefs[i + 24] * mult[24 + u] - coefs[i + 40] * mult[40 + u];
    const e0 = g0 + g2;
    const e1 = g0 - g2;
    const o0 = g1 * C1 + g3 * S1;
    const o1 = g1 * S1 - g3 * C1;
    ws4[u] = e0 + o0;
    ws4[8 + u] = e1 + o1;
    ws4[16 + u] = e1 - o1;
    ws4[24 + u] = e0 - o0;
  }
  for (let y = 0; y < 4; y++) {
    const r = y * 8;
    const g0 = ws4[r];
    const g1 = ws4[r + 1] - ws4[r + 7];
    const g2 = (ws4[r + 2] - ws4[r + 6]) * C2;
    const g3 = ws4[r + 3] - ws4[r + 5];
    const e0 = g0 + g2;
    const e1 = g0 - g2;
    const o0 = g1 * C1 + g3 * S1;
    const o1 = g1 * S1 - g3 * C1;
    const o = outOff + y * stride;
    out[o] = clamp(e0 + o0);
    out[o + 1] = clamp(e1 + o1);
    out[o + 2] = clamp(e1 - o1);
    out[o + 3] = clamp(e0 - o0);
  }
}
