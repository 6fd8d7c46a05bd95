/** Affine matrices and convex quadrilaterals in user space, and whether two of them meet. */

import { type Box, compose, type Matrix } from "../page-geometry";

export { invert, type Matrix } from "../page-geometry";
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

export type Rect = Box;

/** Four corners in order around the shape: [x0, y0, x1, y1, x2, y2, x3, y3]. */
export type Quad = number[];

/** `m` then `n`: a point goes through m first (PDF's "m × n"). */
export const multiply = (m: Matrix, n: Matrix): Matrix => compose(n, m);

export function transformQuad(m: Matrix, q: Quad): Quad {
  const out: Quad = [];
  for (let i = 0; i < q.length; i += 2) {
    out.push(m[0] * q[i] + m[2] * q[i + 1] + m[4], m[1] * q[i] + m[3] * q[i + 1] + m[5]);
  }
  return out;
}

/** The box [x0, x1] x [y0, y1] through m. */
export function boxQuad(m: Matrix, x0: number, y0: number, x1: number, y1: number): Quad {
  return transformQuad(m, [x0, y0, x1, y0, x1, y1, x0, y1]);
}

export function rectQuad(r: Rect): Quad {
  return [r.x, r.y, r.x + r.width, r.y, r.x + r.width, r.y + r.height, r.x, r.y + r.height];
}

export function quadBounds(q: Quad): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < q.length; i += 2) {
    x0 = Math.min(x0, q[i]);
    x1 = Math.max(x1, q[i]);
    y0 = Math.min(y0, q[i + 1]);
    y1 = Math.max(y1, q[i + 1]);
  }
  return { x0, y0, x1, y1 };
}

/** Overlap (in points) that counts as meeting: boxes that only touch along an edge do not. */
const EPS = 1e-3;

function project(q: Quad, ax: number, ay: number): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < q.length; i += 2) {
    const p = q[i] * ax + q[i + 1] * ay;
    lo = Math.min(lo, p);
    hi = Math.max(hi, p);
  }
  return [lo, hi];
}

function separated(a: Quad, b: Quad, from: Quad): boolean {
  const n = from.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ex = from[j * 2] - from[i * 2];
    const ey = from[j * 2 + 1] - from[i * 2 + 1];
    const len = Math.hypot(ex, ey);
    if (len < 1e-9) continue;
    const [alo, ahi] = project(a, -ey / len, ex / len);
    const [blo, bhi] = project(b, -ey / len, ex / len);
    // A flat shape (a zero-width glyph) meets what it lies inside; others must overlap a little.
    const need = Math.min(EPS, (ahi - alo) / 2, (bhi - blo) / 2);
    if (Math.min(ahi, bhi) - Math.max(alo, blo) < need - 1e-9) return true;
  }
  return false;
}

/** Whether two convex quadrilaterals overlap (the separating-axis test). */
export function quadsMeet(a: Quad, b: Quad): boolean {
  const ba = quadBounds(a);
  const bb = quadBounds(b);
  if (ba.x1 < bb.x0 - EPS || bb.x1 < ba.x0 - EPS || ba.y1 < bb.y0 - EPS || bb.y1 < ba.y0 - EPS) return false;
  // Degenerate shapes (a point, a line) have no edges to test along: fall back to the boxes.
  return !separated(a, b, a) && !separated(a, b, b) && !separated(a, b, [0, 0, 1, 0, 1, 1, 0, 1]);
}

export function meetsAny(q: Quad, areas: readonly Quad[]): boolean {
  for (const a of areas) if (quadsMeet(q, a)) return true;
  return false;
}
