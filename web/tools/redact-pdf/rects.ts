/**
 * Rectangles on a page as the person sees it, kept as fractions (0..1) of the page from its top
 * left, the way the server takes them; screen pixels are only for the pointer.
 */
import type { PageRect } from "../../../schema/form-options";

/** The smallest box a drag makes, in fractions of the page (a click is not a box). */
export const MIN_SIZE = 0.005;

export type Grip = "move" | "top-left" | "top-right" | "bottom-left" | "bottom-right";

export interface Point {
  x: number;
  y: number;
}

/** Where the page's box is on the screen (getBoundingClientRect). */
export interface ScreenBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A pointer's position as fractions of the page, held inside it. */
export function toFraction(clientX: number, clientY: number, box: ScreenBox): Point {
  if (box.width <= 0 || box.height <= 0) return { x: 0, y: 0 };
  return { x: clamp((clientX - box.left) / box.width, 0, 1), y: clamp((clientY - box.top) / box.height, 0, 1) };
}

/** A rectangle in CSS pixels of a page drawn `width` x `height`. */
export function toPixels(r: PageRect, width: number, height: number): PageRect {
  return { x: r.x * width, y: r.y * height, width: r.width * width, height: r.height * height };
}

/** The rectangle between two corners, whichever way the drag went. */
export function rectFromPoints(a: Point, b: Point): PageRect {
  const x = clamp(Math.min(a.x, b.x), 0, 1);
  const y = clamp(Math.min(a.y, b.y), 0, 1);
  return { x, y, width: clamp(Math.max(a.x, b.x), 0, 1) - x, height: clamp(Math.max(a.y, b.y), 0, 1) - y };
}

/** Big enough to be a box rather than a click. */
export function isBox(r: PageRect): boolean {
  return r.width >= MIN_SIZE && r.height >= MIN_SIZE;
}

/** A box moved by (dx, dy) fractions, or one corner of it dragged; it stays on the page. */
export function dragRect(r: PageRect, grip: Grip, dx: number, dy: number): PageRect {
  if (grip === "move") {
    return { ...r, x: clamp(r.x + dx, 0, 1 - r.width), y: clamp(r.y + dy, 0, 1 - r.height) };
  }
  let left = r.x;
  let top = r.y;
  let right = r.x + r.width;
  let bottom = r.y + r.height;
  if (grip.endsWith("left")) left = clamp(left + dx, 0, right - MIN_SIZE);
  if (grip.endsWith("right")) right = clamp(right + dx, left + MIN_SIZE, 1);
  if (grip.startsWith("top")) top = clamp(top + dy, 0, bottom - MIN_SIZE);
  if (grip.startsWith("bottom")) bottom = clamp(bottom + dy, top + MIN_SIZE, 1);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** A rectangle as the server takes it: inside the page, at least 0.0001 wide and high, 6 decimals. */
export function cleanRect(r: PageRect): PageRect {
  const x = clamp(round(r.x), 0, 0.9999);
  const y = clamp(round(r.y), 0, 0.9999);
  return {
    x,
    y,
    width: clamp(round(r.width), 0.0001, round(1 - x)),
    height: clamp(round(r.height), 0.0001, round(1 - y)),
  };
}
