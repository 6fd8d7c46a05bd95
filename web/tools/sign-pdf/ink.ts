/**
 * The pure parts of the signature pad: how pointer samples become smooth strokes of varying width,
 * and where the ink is (to trim the exported image to it). No DOM here, so jsdom can test it.
 */

export interface InkPoint {
  x: number;
  y: number;
  /** Milliseconds (the pointer event's timeStamp). */
  t: number;
  /** 0..1 from a pen; 0.5 from a mouse or finger, which report no real pressure. */
  pressure: number;
}

export interface Stroke {
  points: InkPoint[];
  /** A pen's pressure sets the width; otherwise the speed does. */
  pen: boolean;
}

export interface Segment {
  from: { x: number; y: number };
  /** A quadratic curve's control point (the sample itself: the curve runs through the midpoints). */
  via: { x: number; y: number };
  to: { x: number; y: number };
  width: number;
}

export interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Samples closer than this (CSS pixels) to the last one are jitter, not drawing. */
export const MIN_STEP = 1.5;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const mid = (a: InkPoint, b: InkPoint) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** The stroke with one more sample, unless it is too close to the last one to matter. */
export function addPoint(stroke: Stroke, p: InkPoint): Stroke {
  const last = stroke.points.at(-1);
  if (last && Math.hypot(p.x - last.x, p.y - last.y) < MIN_STEP) return stroke;
  return { ...stroke, points: [...stroke.points, p] };
}

/**
 * The width at each sample: a pen's pressure, or the speed (a quick stroke is thinner, as with
 * a real pen), eased so that it never jumps from one sample to the next.
 */
export function strokeWidths(stroke: Stroke, base: number): number[] {
  const { points, pen } = stroke;
  const widths: number[] = [];
  let w = base;
  points.forEach((p, i) => {
    let target: number;
    if (pen) target = base * (0.4 + 1.2 * clamp(p.pressure, 0, 1));
    else if (i === 0) target = base;
    else {
      const q = points[i - 1];
      const speed = Math.hypot(p.x - q.x, p.y - q.y) / Math.max(1, p.t - q.t);
      target = base * clamp(1.35 - 0.3 * speed, 0.55, 1.35);
    }
    w = i === 0 ? target : w * 0.7 + target * 0.3;
    widths.push(w);
  });
  return widths;
}

/**
 * The stroke as quadratic curves through the midpoints of its samples, each with its own width:
 * the corners of the raw polyline become curves. A single sample is a dot (from === to).
 */
export function strokeSegments(stroke: Stroke, base: number): Segment[] {
  const pts = stroke.points;
  const widths = strokeWidths(stroke, base);
  if (pts.length === 0) return [];
  if (pts.length === 1) {
    const p = { x: pts[0].x, y: pts[0].y };
    return [{ from: p, via: p, to: p, width: widths[0] }];
  }
  const segs: Segment[] = [];
  const first = { x: pts[0].x, y: pts[0].y };
  const m0 = mid(pts[0], pts[1]);
  segs.push({ from: first, via: mid(pts[0], pts[1]), to: m0, width: widths[0] });
  for (let i = 1; i < pts.length - 1; i++) {
    segs.push({
      from: mid(pts[i - 1], pts[i]),
      via: { x: pts[i].x, y: pts[i].y },
      to: mid(pts[i], pts[i + 1]),
      width: widths[i],
    });
  }
  const n = pts.length - 1;
  const end = { x: pts[n].x, y: pts[n].y };
  segs.push({ from: mid(pts[n - 1], pts[n]), via: end, to: end, width: widths[n] });
  return segs;
}

/** Where the ink of these strokes lies, its width included; null when there is none. */
export function strokesBounds(strokes: readonly Stroke[], base: number): Bounds | null {
  let b: Bounds | null = null;
  for (const s of strokes) {
    const widths = strokeWidths(s, base);
    s.points.forEach((p, i) => {
      const r = widths[i] / 2 + 1;
      b = b
        ? {
            x0: Math.min(b.x0, p.x - r),
            y0: Math.min(b.y0, p.y - r),
            x1: Math.max(b.x1, p.x + r),
            y1: Math.max(b.y1, p.y + r),
          }
        : { x0: p.x - r, y0: p.y - r, x1: p.x + r, y1: p.y + r };
    });
  }
  return b;
}

/**
 * The box round the pixels that show (alpha above `minAlpha`) of an RGBA image, in pixels, end
 * exclusive; null when nothing shows. Used to trim typed and uploaded signatures.
 */
export function inkBounds(pixels: Uint8ClampedArray, width: number, height: number, minAlpha = 8): Bounds | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      if (pixels[row + x * 4 + 3] <= minAlpha) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? null : { x0, y0, x1: x1 + 1, y1: y1 + 1 };
}

/**
 * Makes the paper of a scanned or photographed signature transparent, in place: pixels lighter
 * than `white` vanish, those a little darker fade, so the ink's edges stay smooth.
 */
export function removeWhite(pixels: Uint8ClampedArray, white = 225, soft = 40): Uint8ClampedArray {
  for (let i = 0; i < pixels.length; i += 4) {
    const light = (pixels[i] * 299 + pixels[i + 1] * 587 + pixels[i + 2] * 114) / 1000;
    if (light >= white) pixels[i + 3] = 0;
    else if (light > white - soft) pixels[i + 3] = Math.round((pixels[i + 3] * (white - light)) / soft);
  }
  return pixels;
}

/** A box grown by `pad` on each side and kept within (0, 0, width, height). */
export function padBounds(b: Bounds, pad: number, width = Number.POSITIVE_INFINITY, height = width): Bounds {
  return {
    x0: Math.max(0, Math.floor(b.x0 - pad)),
    y0: Math.max(0, Math.floor(b.y0 - pad)),
    x1: Math.min(width, Math.ceil(b.x1 + pad)),
    y1: Math.min(height, Math.ceil(b.y1 + pad)),
  };
}
