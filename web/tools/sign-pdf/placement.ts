import type { Placement } from "../../../schema/form-options";

/**
 * Where a signature sits on a page, as the page shows it: its centre and width as fractions of
 * the page, and its turn. Its height follows from the signature's shape and the page's, so the
 * box always has the image's aspect ratio (the engine stretches the image into the box).
 */
export interface Placed {
  id: string;
  /** From 1. */
  page: number;
  cx: number;
  cy: number;
  /** A fraction of the page's width. */
  width: number;
  /** Degrees clockwise, -180..180. */
  rotation: number;
  /** The page's width / height as shown. */
  ratio: number;
}

export const MIN_WIDTH = 0.03;
const START_WIDTH = 0.3;
const START_MAX_HEIGHT = 0.15;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The height (a fraction of the page's height) of a box `width` wide holding an image of `aspect` (w/h). */
export function heightFor(width: number, aspect: number, ratio: number): number {
  return (width * ratio) / aspect;
}

/** The widest a box can be on this page and still fit in it, whole. */
export function maxWidth(aspect: number, ratio: number): number {
  return Math.min(1, aspect / ratio);
}

/** The box kept on the page: not wider or taller than it, its centre far enough from the edges. */
export function keepOnPage(p: Placed, aspect: number): Placed {
  const width = clamp(p.width, Math.min(MIN_WIDTH, maxWidth(aspect, p.ratio)), maxWidth(aspect, p.ratio));
  const h = heightFor(width, aspect, p.ratio);
  return { ...p, width, cx: clamp(p.cx, width / 2, 1 - width / 2), cy: clamp(p.cy, h / 2, 1 - h / 2) };
}

let counter = 0;

/** A new box centred where the person clicked: 30% of the page wide, or less for a tall signature. */
export function placeAt(page: number, cx: number, cy: number, aspect: number, ratio: number, like?: Placed): Placed {
  counter += 1;
  const startWidth = Math.min(START_WIDTH, (START_MAX_HEIGHT * aspect) / ratio);
  // A copy keeps the size the person chose, as the same share of the page's width.
  const width = like?.width ?? startWidth;
  return keepOnPage({ id: `sig-${counter}`, page, cx, cy, width, rotation: like?.rotation ?? 0, ratio }, aspect);
}

/** The box moved by (dx, dy), fractions of the page. */
export function moveBy(p: Placed, dx: number, dy: number, aspect: number): Placed {
  return keepOnPage({ ...p, cx: p.cx + dx, cy: p.cy + dy }, aspect);
}

/** The box scaled about its centre (the aspect ratio stays): `factor` times as wide. */
export function scaleBy(p: Placed, factor: number, aspect: number): Placed {
  if (!Number.isFinite(factor) || factor <= 0) return p;
  return keepOnPage({ ...p, width: p.width * factor }, aspect);
}

/** An angle in degrees as -180..180, snapped to the nearest quarter turn when within `snap`. */
export function normaliseAngle(deg: number, snap = 0): number {
  let a = ((((deg + 180) % 360) + 360) % 360) - 180;
  if (snap > 0) {
    const quarter = Math.round(a / 90) * 90;
    if (Math.abs(a - quarter) <= snap) a = quarter;
  }
  if (a === -180) a = 180;
  return Math.round(a * 10) / 10;
}

/** The turn that points the box's top at (px, py) from its centre (cx, cy), in screen pixels. */
export function angleTowards(cx: number, cy: number, px: number, py: number, snap = 4): number {
  return normaliseAngle((Math.atan2(px - cx, cy - py) * 180) / Math.PI, snap);
}

/** The same box on each of these pages (by their ratios), keeping its place and size on the page. */
export function copyToPages(
  p: Placed,
  ratios: readonly number[],
  aspect: number,
  existing: readonly Placed[],
): Placed[] {
  const taken = new Set(existing.map((e) => e.page));
  const out: Placed[] = [];
  ratios.forEach((ratio, i) => {
    const page = i + 1;
    if (taken.has(page)) return;
    out.push(placeAt(page, p.cx, p.cy, aspect, ratio, p));
  });
  return out;
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** What the request says: the box's top-left, width and height, fractions of the page from its top-left. */
export function toPlacement(p: Placed, aspect: number): Placement {
  const f = keepOnPage(p, aspect);
  const height = Math.min(1, heightFor(f.width, aspect, f.ratio));
  return {
    page: f.page,
    x: round(clamp(f.cx - f.width / 2, 0, 1 - f.width)),
    y: round(clamp(f.cy - height / 2, 0, 1 - height)),
    width: round(f.width),
    height: round(height),
    rotation: normaliseAngle(f.rotation),
  };
}

/** Arrow keys move the selected box a little (shift: ten times as far); +/- resize it. */
export function keyNudge(p: Placed, key: string, shift: boolean, aspect: number): Placed | null {
  const step = shift ? 0.05 : 0.005;
  switch (key) {
    case "ArrowLeft":
      return moveBy(p, -step, 0, aspect);
    case "ArrowRight":
      return moveBy(p, step, 0, aspect);
    case "ArrowUp":
      return moveBy(p, 0, -step * p.ratio, aspect);
    case "ArrowDown":
      return moveBy(p, 0, step * p.ratio, aspect);
    case "+":
    case "=":
      return scaleBy(p, shift ? 1.25 : 1.05, aspect);
    case "-":
    case "_":
      return scaleBy(p, shift ? 0.8 : 1 / 1.05, aspect);
    default:
      return null;
  }
}
