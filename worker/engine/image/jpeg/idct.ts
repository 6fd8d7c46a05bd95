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
