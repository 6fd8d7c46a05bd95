import type { Budget } from "../../core/budget";
import { CHANNELS, type Layout, MappedSource, memorySource, type PixelSource, readAll } from "../pixels";
import { stripScore, type TileStrip } from "../quality";
import { downscale } from "./scale";

/**
 * Compress to a size, for one lossy codec: the best quality (then the largest size) whose
 * result fits `target` bytes. Sizes are estimated on sample tiles (cut once from the image and
 * downsampled for each scale), then checked by encoding the whole image, once or twice: a real
 * encode also calibrates the estimate. Encoding a 12 MP photo costs seconds, a probe of the
 * tiles a few tens of milliseconds.
 *
 * The order of preference: full resolution while the quality that fits stays at least `good`
 * (and the metric at least MIN_SSIM), else the next smaller size (each step 80% of the last,
 * in width and height), down to a long side of MIN_LONG_SIDE pixels, where any quality down to
 * `lo` is taken. A person asking for "under 200 KB" for a 12 MP photo gets a sharp 2000-pixel
 * photo rather than a blocky 4000-pixel one; one asking for 20 KB gets a small, clean image.
 */

/** A grid of tiles, this many across and down. */
const GRID = [4, 4] as const;
/** Tiles are cut this large, so that a quarter-size probe still has 64-pixel tiles. */
const TILE = 256;
/** Probes use at most this much of each tile (its centre): enough for JPEG's blocks to settle. */
const PROBE_TILE = 128;
/** Images up to this many pixels are probed whole: the estimate is then the real size. */
export const EXACT_PIXELS = 600_000;
/** The smallest size the search goes to: a long side of 320 pixels still shows what a photo is. */
export const MIN_LONG_SIDE = 320;
/** Each step down keeps this fraction of the width and height (64% of the pixels). */
const STEP = 0.8;
/** Below this SSIM on the tiles a result at this size looks damaged: a smaller size is tried. */
export const MIN_SSIM = 0.9;
/** Whole-image encodes at most: the first, a correction, and one to use room left under the target. */
const MAX_ENCODES = 4;
/**
 * Whole encodes came out 3% to 15% larger than the tiles estimated (photos, JPEG and WebP): until
 * a whole encode at a size says better, the pessimistic end, so the first encode mostly fits.
 */
const TILE_CALIBRATION = 1.12;
/**
 * A fitting result this close to the target is not worth another whole encode: 15% more bytes
 * buy a step or two of quality nobody sees on a 12 MP photo, and cost seconds. Small sizes
 * encode in milliseconds and get closer.
 */
const CLOSE_ENOUGH = 0.85;
const CLOSE_ENOUGH_CHEAP = 0.97;
const CHEAP_ENCODE_MS = 300;

export interface QualityRange {
  /** The lowest quality ever used: only at the smallest size. */
  lo: number;
  /** The lowest quality used before a smaller size is tried. */
  good: number;
  /** The highest quality the search tries (the presets' visually lossless end). */
  hi: number;
}

export interface LossyCodec {
  range: QualityRange;
  /** Encodes a probe (the sample tiles stacked) at quality q. */
  probe(src: PixelSource, q: number): Uint8Array;
  /** Bytes of a probe's encoding that do not grow with its pixels (headers, tables). */
  fixedBytes(encoded: Uint8Array): number;
  /** A probe's encoding decoded, to measure it. */
  decode(encoded: Uint8Array): { data: Uint8Array; layout: Layout };
  /** The whole image (a downscaled source when smaller) at quality q: the result. */
  encode(src: PixelSource, q: number): Promise<Uint8Array> | Uint8Array;
}

export interface TargetOutcome {
  bytes: Uint8Array;
  /** Size of the encoded image (before any orientation the codec applies). */
  width: number;
  height: number;
  scale: number;
  /** The encoder quality used. */
  q: number;
  /** SSIM on the sample tiles against the image at this size. */
  ssim: number;
  met: boolean;
}

/** The sizes to try: 1, then 80% steps down to a long side of MIN_LONG_SIDE. */
export function scaleLadder(width: number, height: number): number[] {
  const long = Math.max(width, height);
  const out = [1];
  if (long <= MIN_LONG_SIDE) return out;
  const min = MIN_LONG_SIDE / long;
  for (let s = STEP; s > min; s *= STEP) out.push(s);
  out.push(min);
  return out;
}

export function scaledSize(width: number, height: number, scale: number): { width: number; height: number } {
  if (scale >= 1) return { width, height };
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * What the search measures, made in one pass over the image: tiles at full resolution (a grid,
 * for the larger sizes) and a thumbnail of at most EXACT_PIXELS (for the smaller ones, which are
 * then probed whole, and encoded from it without reading the image again). A small image is
 * held whole.
 */
export class TileSample {
  readonly layout: Layout;
  /** Bytes held. */
  readonly bytes: number;
  /** The thumbnail's scale: sizes at or below it are made from it. */
  readonly thumbScale: number;
  private readonly thumb: Uint8Array;
  private readonly thumbSize: { width: number; height: number };
  private readonly tiles: Uint8Array[] = [];
  private readonly tile: number;

  /** What a sample of an image this size holds, at most (to count it before it is made). */
  static bytesFor(width: number, height: number, layout: Layout): number {
    const ch = CHANNELS[layout];
    if (width * height <= EXACT_PIXELS) return width * height * ch;
    return (GRID[0] * GRID[1] * TILE * TILE + EXACT_PIXELS * 1.01) * ch;
  }

  constructor(
    private readonly src: PixelSource,
    check?: () => void,
  ) {
    const { width: w, height: h, layout } = src;
    this.layout = layout;
    const ch = CHANNELS[layout];
    if (w * h <= EXACT_PIXELS) {
      this.thumbScale = 1;
      this.thumbSize = { width: w, height: h };
      this.thumb = readAll(src);
      this.tile = 0;
      this.bytes = this.thumb.length;
      return;
    }
    this.thumbScale = Math.sqrt(EXACT_PIXELS / (w * h));
    this.thumbSize = scaledSize(w, h, this.thumbScale);
    const [nx, ny] = w >= h ? GRID : [GRID[1], GRID[0]];
    const t = Math.max(16, Math.min(TILE, align(w / nx), align(h / ny)));
    this.tile = t;
    const spots: { x: number; y: number; data: Uint8Array }[] = [];
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const x = Math.min(w - t, Math.max(0, align(((i + 0.5) * w) / nx - t / 2)));
        const y = Math.min(h - t, Math.max(0, align(((j + 0.5) * h) / ny - t / 2)));
        spots.push({ x, y, data: new Uint8Array(t * t * ch) });
      }
    }
    const tap = new MappedSource(src, (band) => {
      for (const s of spots) {
        for (let y = Math.max(s.y, band.y0); y < Math.min(s.y + t, band.y0 + band.rows); y++) {
          const from = ((y - band.y0) * w + s.x) * ch;
          s.data.set(band.data.subarray(from, from + t * ch), (y - s.y) * t * ch);
        }
      }
      check?.();
      return band;
    });
    this.thumb = readAll(downscale(tap, this.thumbSize.width, this.thumbSize.height));
    for (const s of spots) this.tiles.push(s.data);
    this.bytes = spots.length * t * t * ch + this.thumb.length;
  }

  /** True when the probe at `scale` is the whole image at that size. */
  exactAt(scale: number): boolean {
    return scale <= this.thumbScale * 1.0001;
  }

  /** The image at `scale`: from the thumbnail when it is that small, else from the source. */
  source(scale: number): PixelSource {
    const { width: w, height: h } = this.src;
    const size = scaledSize(w, h, scale);
    if (scale >= 1) return this.src;
    if (!this.exactAt(scale)) return downscale(this.src, size.width, size.height);
    const thumb = memorySource(this.thumb, this.thumbSize.width, this.thumbSize.height, this.layout);
    const same = size.width === this.thumbSize.width && size.height === this.thumbSize.height;
    return same ? thumb : downscale(thumb, size.width, size.height);
  }

  /** The probe for `scale`: the tiles as the image would have them at that size, stacked. */
  at(scale: number): { strip: TileStrip; imagePixels: number } {
    const size = scaledSize(this.src.width, this.src.height, scale);
    const imagePixels = size.width * size.height;
    const ch = CHANNELS[this.layout];
    if (this.exactAt(scale)) {
      const data = readAll(this.source(scale));
      return { strip: { data, ...size, count: 1, layout: this.layout }, imagePixels };
    }
    const t = this.tile;
    const ts = scale >= 1 ? t : Math.max(8, Math.round(t * scale));
    const c = Math.min(ts, PROBE_TILE);
    const off = (ts - c) >> 1;
    const data = new Uint8Array(c * c * ch * this.tiles.length);
    this.tiles.forEach((tile, i) => {
      const px = ts === t ? tile : readAll(downscale(memorySource(tile, t, t, this.layout), ts, ts));
      for (let y = 0; y < c; y++) {
        const from = ((y + off) * ts + off) * ch;
        data.set(px.subarray(from, from + c * ch), (i * c + y) * c * ch);
      }
    });
    const strip = { data, width: c, height: c * this.tiles.length, count: this.tiles.length, layout: this.layout };
    return { strip, imagePixels };
  }
}

/**
 * The highest quality in [a, b] that fits, given that `a` does: sizes grow about exponentially
 * with quality, so each guess interpolates the log of the size (with bisection when one end of
 * the bracket stops moving). Usually three or four probes instead of bisection's six.
 */
function highestFitting(
  a: number,
  b: number,
  fits: (q: number) => boolean,
  size: (q: number) => number,
  target: number,
): number {
  if (fits(b)) return b;
  // Which end moved last, and how many times in a row: twice, and the next guess bisects.
  let side = 0;
  let repeats = 0;
  while (b - a > 1) {
    const la = Math.log(size(a));
    const lb = Math.log(size(b));
    const guess =
      repeats >= 2 || !(lb > la) ? (a + b) >> 1 : Math.round(a + ((Math.log(target) - la) / (lb - la)) * (b - a));
    const q = Math.min(b - 1, Math.max(a + 1, guess));
    const moved = fits(q) ? -1 : 1;
    if (moved < 0) a = q;
    else b = q;
    repeats = moved === side ? repeats + 1 : 1;
    side = moved;
  }
  return a;
}

/** Tiles measured on a whole-image probe: a 4 x 4 grid of at most 96 pixels square. */
const SCORE_GRID = 4;
const SCORE_TILE = 96;

/** A grid of tiles of a whole image (same positions for an image and its decoding), stacked. */
function gridStrip(
  data: Uint8Array,
  img: { width: number; height: number; layout: Layout },
  layout = img.layout,
): TileStrip {
  const { width: w, height: h } = img;
  const t = Math.min(SCORE_TILE, Math.floor(w / SCORE_GRID), Math.floor(h / SCORE_GRID));
  if (t < 16) return { data, width: w, height: h, count: 1, layout };
  const ch = CHANNELS[layout];
  const n = SCORE_GRID * SCORE_GRID;
  const out = new Uint8Array(t * t * ch * n);
  for (let j = 0; j < SCORE_GRID; j++) {
    for (let i = 0; i < SCORE_GRID; i++) {
      const x = Math.floor(((i + 0.5) * w) / SCORE_GRID - t / 2);
      const y = Math.floor(((j + 0.5) * h) / SCORE_GRID - t / 2);
      const k = j * SCORE_GRID + i;
      for (let r = 0; r < t; r++) {
        const from = ((y + r) * w + x) * ch;
        out.set(data.subarray(from, from + t * ch), (k * t + r) * t * ch);
      }
    }
  }
  return { data: out, width: t, height: t * n, count: n, layout };
}

function align(v: number): number {
  return Math.max(0, Math.floor(v / 16) * 16);
}

interface Plan {
  /** Index into the scale ladder. */
  si: number;
  q: number;
  /** False when even the lowest quality at the smallest size is estimated over the target. */
  fits: boolean;
}

export interface SearchOptions {
  budget?: Budget;
  /** Called between probes: the job's time budget. */
  check?: () => void;
}

/**
 * Searches `src` for the best result under `target` bytes with `codec`. Always returns a
 * result: when nothing fits, the smallest one made (the lowest quality at the smallest size)
 * with `met` false.
 */
export async function searchTarget(
  src: PixelSource,
  sample: TileSample,
  codec: LossyCodec,
  target: number,
  opts: SearchOptions = {},
): Promise<TargetOutcome> {
  const { lo, good, hi } = codec.range;
  const scales = scaleLadder(src.width, src.height);
  const probes = new Map<number, { strip: TileStrip; imagePixels: number }>();
  const estimates = new Map<string, number>();
  const scores = new Map<string, number>();
  const probeAt = (si: number) => {
    let p = probes.get(si);
    if (!p) {
      // Only the current scale's probe is kept.
      probes.clear();
      p = sample.at(scales[si]);
      probes.set(si, p);
    }
    return p;
  };
  const encodedProbe = (si: number, q: number) => {
    opts.check?.();
    const { strip } = probeAt(si);
    return codec.probe(memorySource(strip.data, strip.width, strip.height, strip.layout), q);
  };
  const score = (si: number, q: number): number => {
    const key = `${si}:${q}`;
    let s = scores.get(key);
    if (s === undefined) {
      const decoded = codec.decode(encodedProbe(si, q));
      const { strip } = probeAt(si);
      // A whole-image probe is measured on a grid of its tiles: SSIM over 600,000 pixels is slow.
      s =
        strip.count === 1
          ? stripScore(
              gridStrip(strip.data, strip),
              gridStrip(decoded.data, strip, decoded.layout).data,
              decoded.layout,
            )
          : stripScore(strip, decoded.data, decoded.layout);
      scores.set(key, s);
    }
    return s;
  };
  /** The estimated size of the whole image at scale si and quality q, before calibration. */
  const estimate = (si: number, q: number): number => {
    const key = `${si}:${q}`;
    let e = estimates.get(key);
    if (e === undefined) {
      const { strip, imagePixels } = probeAt(si);
      const enc = encodedProbe(si, q);
      const fixed = Math.min(enc.length, codec.fixedBytes(enc));
      e = fixed + ((enc.length - fixed) * imagePixels) / (strip.width * strip.height);
      estimates.set(key, e);
    }
    return e;
  };
  // Real size over estimate, per scale, from whole encodes; tiles run about 6% under.
  const calibration = new Map<number, number>();
  const calib = (si: number): number => {
    if (calibration.has(si)) return calibration.get(si) as number;
    const exact = sample.exactAt(scales[si]);
    let near: number | undefined;
    let dist = Number.POSITIVE_INFINITY;
    for (const [k, v] of calibration) {
      if (sample.exactAt(scales[k]) === exact && Math.abs(k - si) < dist) [near, dist] = [v, Math.abs(k - si)];
    }
    return near ?? (exact ? 1 : TILE_CALIBRATION);
  };

  const last = scales.length - 1;
  const plan = (): Plan => {
    const fits = (si: number, q: number) => estimate(si, q) * calib(si) <= target;
    const floor = (si: number) => (si === last ? lo : good);
    if (!fits(last, lo)) return { si: last, q: lo, fits: false };
    // The largest size where the floor quality fits. Sizes follow the pixel count roughly, so
    // the first guess comes from the full size's estimate; then a step at a time.
    let si = 0;
    if (!fits(0, floor(0))) {
      const needed = Math.sqrt(target / (estimate(0, floor(0)) * calib(0)));
      si = Math.min(last, Math.max(1, Math.ceil(Math.log(needed) / Math.log(STEP))));
      while (si < last && !fits(si, floor(si))) si++;
      while (si > 1 && fits(si - 1, floor(si - 1))) si--;
    }
    for (; si <= last; si++) {
      if (!fits(si, floor(si))) continue;
      const q = highestFitting(
        floor(si),
        hi,
        (q) => fits(si, q),
        (q) => estimate(si, q) * calib(si),
        target,
      );
      if (si < last && score(si, q) < MIN_SSIM) continue;
      return { si, q, fits: true };
    }
    return { si: last, q: lo, fits: false };
  };
  const better = (a: Plan, b: Plan) => a.si < b.si || (a.si === b.si && a.q > b.q);

  let fit: { plan: Plan; out: TargetOutcome } | null = null;
  let smallest: TargetOutcome | null = null;
  const tried = new Set<string>();
  let encodeMs = 0;
  for (let n = 0; n < MAX_ENCODES; n++) {
    const p = plan();
    const key = `${p.si}:${p.q}`;
    if (tried.has(key) || (fit && !better(p, fit.plan))) break;
    // Another whole encode only when the job's time allows it (with room to spare).
    if (n > 0 && opts.budget && opts.budget.remaining < encodeMs * 2 + 1000) break;
    tried.add(key);
    const size = scaledSize(src.width, src.height, scales[p.si]);
    const started = Date.now();
    const bytes = await codec.encode(sample.source(scales[p.si]), p.q);
    encodeMs = Date.now() - started;
    const out: TargetOutcome = {
      bytes,
      ...size,
      scale: scales[p.si],
      q: p.q,
      ssim: score(p.si, p.q),
      met: bytes.length <= target,
    };
    if (!smallest || bytes.length < smallest.bytes.length) smallest = out;
    calibration.set(p.si, bytes.length / estimate(p.si, p.q));
    if (out.met) {
      if (!fit || better(p, fit.plan)) fit = { plan: p, out };
      // Room left under the target is worth another try only when encodes are cheap (a small size).
      if (bytes.length >= target * (encodeMs < CHEAP_ENCODE_MS ? CLOSE_ENOUGH_CHEAP : CLOSE_ENOUGH)) break;
    } else if (!p.fits) break;
  }
  if (fit) return fit.out;
  return smallest as TargetOutcome;
}
