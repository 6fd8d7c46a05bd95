import type { PixelSource } from "./pixels";

/**
 * Colour quantization for the lossy PNG mode (what pngquant does): a histogram of 18-bit
 * colours (5 bits per colour channel, 3 for alpha) in one streaming pass, median cut to at most
 * 256 colours, two rounds of k-means, then mapping with damped Floyd-Steinberg dithering.
 */

const BUCKETS = 1 << 18;
const key = (r: number, g: number, b: number, a: number) =>
  ((r >> 3) << 13) | ((g >> 3) << 8) | ((b >> 3) << 3) | (a >> 5);

export interface Palette {
  rgba: Uint8Array;
  count: number;
  cache: Int16Array;
}

function dist(p: Uint8Array | Float64Array, i: number, r: number, g: number, b: number, a: number): number {
  const dr = p[i] - r;
  const dg = p[i + 1] - g;
  const db = p[i + 2] - b;
  const da = p[i + 3] - a;
  return 2 * dr * dr + 4 * dg * dg + db * db + 3 * da * da;
}

export function nearest(pal: Palette, r: number, g: number, b: number, a: number): number {
  const k = key(r, g, b, a);
  const hit = pal.cache[k];
  if (hit >= 0) return hit;
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  for (let i = 0; i < pal.count; i++) {
    const d = dist(pal.rgba, i * 4, r, g, b, a);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  pal.cache[k] = best;
  return best;
}

/** Builds a palette of at most `max` colours for an RGBA or RGB source. */
export function buildPalette(src: PixelSource, max = 256, check?: () => void): Palette {
  const count = new Float64Array(BUCKETS);
  const sums = new Float64Array(BUCKETS * 4);
  const ch = src.layout === "rgba" ? 4 : 3;
  src.rewind();
  for (let band = src.nextBand(); band; band = src.nextBand()) {
    const d = band.data;
    for (let p = 0; p < d.length; p += ch) {
      const a = ch === 4 ? d[p + 3] : 255;
      const k = key(d[p], d[p + 1], d[p + 2], a);
      count[k]++;
      sums[k * 4] += d[p];
      sums[k * 4 + 1] += d[p + 1];
      sums[k * 4 + 2] += d[p + 2];
      sums[k * 4 + 3] += a;
    }
    check?.();
  }
  const used: number[] = [];
  for (let k = 0; k < BUCKETS; k++) if (count[k] > 0) used.push(k);
  const colour = new Float64Array(used.length * 4);
  const weight = new Float64Array(used.length);
  used.forEach((k, i) => {
    weight[i] = count[k];
    for (let c = 0; c < 4; c++) colour[i * 4 + c] = sums[k * 4 + c] / count[k];
  });
  const centres = medianCut(colour, weight, Math.min(max, used.length));
  const n = centres.length / 4;
  for (let round = 0; round < 2; round++) {
    const acc = new Float64Array(n * 5);
    for (let i = 0; i < weight.length; i++) {
      let best = 0;
      let bestD = Number.POSITIVE_INFINITY;
      for (let j = 0; j < n; j++) {
        const d = dist(centres, j * 4, colour[i * 4], colour[i * 4 + 1], colour[i * 4 + 2], colour[i * 4 + 3]);
        if (d < bestD) {
          bestD = d;
          best = j;
        }
      }
      for (let c = 0; c < 4; c++) acc[best * 5 + c] += colour[i * 4 + c] * weight[i];
      acc[best * 5 + 4] += weight[i];
    }
    for (let j = 0; j < n; j++) {
      if (acc[j * 5 + 4] > 0) for (let c = 0; c < 4; c++) centres[j * 4 + c] = acc[j * 5 + c] / acc[j * 5 + 4];
    }
    check?.();
  }
  const rgba = new Uint8Array(n * 4);
  for (let i = 0; i < rgba.length; i++) rgba[i] = Math.round(centres[i]);
  return { rgba, count: n, cache: new Int16Array(BUCKETS).fill(-1) };
}

function medianCut(colour: Float64Array, weight: Float64Array, max: number): Float64Array {
  const order = Array.from(weight.keys());
  const boxes: { from: number; to: number }[] = [{ from: 0, to: order.length }];
  const spread = (box: { from: number; to: number }) => {
    let best = { channel: 0, range: -1, weight: 0 };
    let w = 0;
    for (let i = box.from; i < box.to; i++) w += weight[order[i]];
    for (let c = 0; c < 4; c++) {
      let lo = 255;
      let hi = 0;
      for (let i = box.from; i < box.to; i++) {
        const v = colour[order[i] * 4 + c];
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      if (hi - lo > best.range) best = { channel: c, range: hi - lo, weight: w };
    }
    return best;
  };
  while (boxes.length < max) {
    let pick = -1;
    let score = 0;
    let info = { channel: 0, range: 0, weight: 0 };
    boxes.forEach((b, i) => {
      if (b.to - b.from < 2) return;
      const s = spread(b);
      if (s.range * Math.sqrt(s.weight) > score) {
        score = s.range * Math.sqrt(s.weight);
        pick = i;
        info = s;
      }
    });
    if (pick < 0) break;
    const box = boxes[pick];
    const part = order
      .slice(box.from, box.to)
      .sort((a, b) => colour[a * 4 + info.channel] - colour[b * 4 + info.channel]);
    let half = 0;
    let cut = box.from + 1;
    for (let i = 0; i < part.length - 1; i++) {
      half += weight[part[i]];
      if (half >= info.weight / 2) {
        cut = box.from + i + 1;
        break;
      }
    }
    order.splice(box.from, part.length, ...part);
    boxes.splice(pick, 1, { from: box.from, to: cut }, { from: cut, to: box.to });
  }
  const out = new Float64Array(boxes.length * 4);
  boxes.forEach((b, j) => {
    let w = 0;
    for (let i = b.from; i < b.to; i++) {
      const k = order[i];
      w += weight[k];
      for (let c = 0; c < 4; c++) out[j * 4 + c] += colour[k * 4 + c] * weight[k];
    }
    for (let c = 0; c < 4; c++) out[j * 4 + c] /= w;
  });
  return out;
}

/** Error diffusion state across rows of one image. */
export class Ditherer {
  private cur: Float32Array;
  private next: Float32Array;

  constructor(
    private readonly pal: Palette,
    private readonly width: number,
  ) {
    this.cur = new Float32Array((width + 2) * 4);
    this.next = new Float32Array((width + 2) * 4);
  }

  /** Maps one row of RGBA (or RGB) pixels to palette indices. */
  mapRow(row: Uint8Array, ch: number, out: Uint8Array): void {
    const { pal, cur, next } = this;
    next.fill(0);
    const v = new Int32Array(4);
    for (let x = 0; x < this.width; x++) {
      const e = (x + 1) * 4;
      for (let c = 0; c < 4; c++) {
        const raw = c < ch ? row[x * ch + c] : 255;
        const d = Math.round(raw + cur[e + c]);
        v[c] = d < 0 ? 0 : Math.min(d, 255);
      }
      const i = nearest(pal, v[0], v[1], v[2], v[3]);
      out[x] = i;
      for (let c = 0; c < 4; c++) {
        // Damped: full Floyd-Steinberg adds visible noise to smooth areas.
        const err = (v[c] - pal.rgba[i * 4 + c]) * 0.8;
        cur[e + 4 + c] += (err * 7) / 16;
        next[e - 4 + c] += (err * 3) / 16;
        next[e + c] += (err * 5) / 16;
        next[e + 4 + c] += err / 16;
      }
    }
    this.cur = next;
    this.next = cur;
  }
}
