import { CHANNELS, type Layout } from "./pixels";

/**
 * SSIM (Wang et al. 2004: 11x11 Gaussian window, sigma 1.5, K1 0.01, K2 0.03) on luma, the
 * metric that picks the quality setting. Compared images must have the same size and channels.
 */

const RADIUS = 5;
const KERNEL = (() => {
  const k = new Float32Array(2 * RADIUS + 1);
  let sum = 0;
  for (let i = -RADIUS; i <= RADIUS; i++) sum += k[i + RADIUS] = Math.exp(-(i * i) / (2 * 1.5 * 1.5));
  for (let i = 0; i < k.length; i++) k[i] /= sum;
  return k;
})();
const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;

/**
 * Luma of interleaved pixels: BT.601 for RGB(A), alpha-blended over white for RGBA (what a
 * viewer shows), and a lightness estimate for CMYK as JPEG stores it (255 = no ink).
 */
export function luma(px: Uint8Array, count: number, layout: Layout, into?: Float32Array): Float32Array {
  const y = into && into.length >= count ? into.subarray(0, count) : new Float32Array(count);
  const ch = CHANNELS[layout];
  for (let i = 0, p = 0; i < count; i++, p += ch) {
    if (layout === "gray") y[i] = px[p];
    else {
      const v = 0.299 * px[p] + 0.587 * px[p + 1] + 0.114 * px[p + 2];
      if (layout === "rgb") y[i] = v;
      else if (layout === "rgba") y[i] = 255 - ((255 - v) * px[p + 3]) / 255;
      else y[i] = (v * px[p + 3]) / 255;
    }
  }
  return y;
}

/** Separable Gaussian blur with edge replication; the inner loops skip the clamps away from the edges. */
function blur(src: Float32Array, w: number, h: number, tmp: Float32Array, out: Float32Array): void {
  const [k0, k1, k2, k3, k4, k5] = [KERNEL[5], KERNEL[6], KERNEL[7], KERNEL[8], KERNEL[9], KERNEL[10]];
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      if (x >= RADIUS && x < w - RADIUS) {
        const c = row + x;
        tmp[c] =
          k0 * src[c] +
          k1 * (src[c - 1] + src[c + 1]) +
          k2 * (src[c - 2] + src[c + 2]) +
          k3 * (src[c - 3] + src[c + 3]) +
          k4 * (src[c - 4] + src[c + 4]) +
          k5 * (src[c - 5] + src[c + 5]);
        continue;
      }
      let s = 0;
      for (let k = -RADIUS; k <= RADIUS; k++) {
        const xx = x + k < 0 ? 0 : x + k >= w ? w - 1 : x + k;
        s += KERNEL[k + RADIUS] * src[row + xx];
      }
      tmp[row + x] = s;
    }
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    if (y >= RADIUS && y < h - RADIUS) {
      const w2 = 2 * w;
      const w3 = 3 * w;
      const w4 = 4 * w;
      const w5 = 5 * w;
      for (let x = 0; x < w; x++) {
        const c = row + x;
        out[c] =
          k0 * tmp[c] +
          k1 * (tmp[c - w] + tmp[c + w]) +
          k2 * (tmp[c - w2] + tmp[c + w2]) +
          k3 * (tmp[c - w3] + tmp[c + w3]) +
          k4 * (tmp[c - w4] + tmp[c + w4]) +
          k5 * (tmp[c - w5] + tmp[c + w5]);
      }
      continue;
    }
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let k = -RADIUS; k <= RADIUS; k++) {
        const yy = y + k < 0 ? 0 : y + k >= h ? h - 1 : y + k;
        s += KERNEL[k + RADIUS] * tmp[yy * w + x];
      }
      out[row + x] = s;
    }
  }
}

/**
 * Scratch planes reused from call to call: the quality search scores a dozen tiles per step,
 * and fresh buffers each time pile up as garbage faster than the collector frees them.
 */
let scratch: Float32Array[] = [];

function planes(n: number): Float32Array[] {
  if (scratch.length === 0 || scratch[0].length < n) scratch = Array.from({ length: 7 }, () => new Float32Array(n));
  return scratch.map((p) => p.subarray(0, n));
}

/**
 * One side of a comparison, blurred once: a quality search compares the same original tiles
 * with many candidates, and its local means and variances do not change.
 */
export interface SsimReference {
  width: number;
  height: number;
  plane: Float32Array;
  mean: Float32Array;
  /** Local second moment (mean of squares). */
  square: Float32Array;
}

export function ssimReference(a: Float32Array, w: number, h: number): SsimReference {
  const n = w * h;
  const ref = { width: w, height: h, plane: a.slice(0, n), mean: new Float32Array(n), square: new Float32Array(n) };
  moments(ref, planes(n));
  return ref;
}

function moments(ref: SsimReference, [tmp, , , , prod]: Float32Array[]): void {
  const { width: w, height: h, plane: a } = ref;
  blur(a, w, h, tmp, ref.mean);
  for (let i = 0; i < w * h; i++) prod[i] = a[i] * a[i];
  blur(prod, w, h, tmp, ref.square);
}

/** Mean SSIM of a luma plane against a reference of the same size. */
export function ssimAgainst(ref: SsimReference, b: Float32Array): number {
  const { width: w, height: h, plane: a, mean: ma, square: saa } = ref;
  const n = w * h;
  const [tmp, mb, sbb, sab, prod] = planes(n);
  blur(b, w, h, tmp, mb);
  for (let i = 0; i < n; i++) prod[i] = b[i] * b[i];
  blur(prod, w, h, tmp, sbb);
  for (let i = 0; i < n; i++) prod[i] = a[i] * b[i];
  blur(prod, w, h, tmp, sab);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const mua = ma[i];
    const mub = mb[i];
    const va = saa[i] - mua * mua;
    const vb = sbb[i] - mub * mub;
    const cov = sab[i] - mua * mub;
    sum += ((2 * mua * mub + C1) * (2 * cov + C2)) / ((mua * mua + mub * mub + C1) * (va + vb + C2));
  }
  return sum / n;
}

/** Mean SSIM of two luma planes. */
export function ssimPlanes(a: Float32Array, b: Float32Array, w: number, h: number): number {
  const n = w * h;
  const p = planes(n);
  // The reference's moments in scratch planes the comparison does not use.
  const ref = { width: w, height: h, plane: a.subarray(0, n), mean: p[5], square: p[6] };
  moments(ref, p);
  return ssimAgainst(ref, b);
}

/** Mean SSIM on luma of two interleaved images of the same layout. */
export function ssim(a: Uint8Array, b: Uint8Array, width: number, height: number, layout: Layout): number {
  return ssimPlanes(luma(a, width * height, layout), luma(b, width * height, layout), width, height);
}
