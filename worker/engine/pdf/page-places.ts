import type { PDFPage } from "@cantoo/pdf-lib";
import type { PageRect } from "../../../schema/form-options";
import { apply, type Box, invert, type Matrix, readerView, visibleBox } from "./page-geometry";

/**
 * Places on a page as the person sees it (fractions of the page shown, after its rotation and
 * crop box, from its top left: what the tool pages draw over their previews) and the same
 * places in the page's own space, where its content and annotations are.
 */

export interface PageView {
  /** The page as shown, in points. */
  width: number;
  height: number;
  /** From the view (points, origin bottom left) to the page's own space. */
  matrix: Matrix;
}

export function pageView(page: PDFPage): PageView {
  return readerView(visibleBox(page), page.getRotation().angle);
}

function bounds(points: [number, number][]): Box {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** A place of the view as a box in the page's own space. */
export function placeOnPage(view: PageView, r: PageRect): Box {
  const left = r.x * view.width;
  const right = (r.x + r.width) * view.width;
  const top = (1 - r.y) * view.height;
  const bottom = (1 - r.y - r.height) * view.height;
  return bounds([
    apply(view.matrix, left, bottom),
    apply(view.matrix, right, bottom),
    apply(view.matrix, left, top),
    apply(view.matrix, right, top),
  ]);
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** A box of the page's own space as a place of the view (clipped to the page shown). */
export function placeInView(view: PageView, box: Box): PageRect {
  // A view's matrix is a quarter turn and a shift: it always has an inverse.
  const inv = invert(view.matrix) as Matrix;
  const b = bounds([
    apply(inv, box.x, box.y),
    apply(inv, box.x + box.width, box.y),
    apply(inv, box.x, box.y + box.height),
    apply(inv, box.x + box.width, box.y + box.height),
  ]);
  const x0 = Math.max(0, b.x / view.width);
  const x1 = Math.min(1, (b.x + b.width) / view.width);
  const y0 = Math.max(0, 1 - (b.y + b.height) / view.height);
  const y1 = Math.min(1, 1 - b.y / view.height);
  return { x: round(x0), y: round(y0), width: round(Math.max(0, x1 - x0)), height: round(Math.max(0, y1 - y0)) };
}
