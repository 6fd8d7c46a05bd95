/**
 * The geometry of the before/after view: both sides are drawn with one transform, so whatever is
 * zoomed or panned, the original and the result always show the same region.
 *
 * Content units are the image's pixels (a PDF page's points). The view is `zoom` times the scale
 * at which the whole content fits the frame, centred on the content point (cx, cy).
 */

export interface Size {
  w: number;
  h: number;
}

export interface View {
  /** 1 = the whole content fits the frame. */
  zoom: number;
  cx: number;
  cy: number;
}

export interface Placement {
  /** Screen (CSS) pixels per content unit. */
  scale: number;
  /** Where the content's top left corner lands in the frame, in CSS pixels. */
  x: number;
  y: number;
}

export function fitScale(frame: Size, content: Size): number {
  if (content.w <= 0 || content.h <= 0 || frame.w <= 0 || frame.h <= 0) return 1;
  return Math.min(frame.w / content.w, frame.h / content.h);
}

export function initialView(content: Size): View {
  return { zoom: 1, cx: content.w / 2, cy: content.h / 2 };
}

export function placement(view: View, frame: Size, content: Size): Placement {
  const scale = fitScale(frame, content) * view.zoom;
  return { scale, x: frame.w / 2 - view.cx * scale, y: frame.h / 2 - view.cy * scale };
}

/** The largest zoom for a most-detailed scale (CSS pixels per content unit), never below 1. */
export function maxZoom(frame: Size, content: Size, maxScale: number): number {
  return Math.max(1, maxScale / fitScale(frame, content));
}

function clampAxis(c: number, length: number, visible: number): number {
  // Content narrower than the frame stays centred; wider content never leaves a gap at an edge.
  if (length <= visible) return length / 2;
  return Math.min(Math.max(c, visible / 2), length - visible / 2);
}

/** The view kept within its limits: zoom between 1 and `limit`, no empty margin while zoomed. */
export function clampView(view: View, frame: Size, content: Size, limit: number): View {
  const zoom = Math.min(Math.max(view.zoom, 1), limit);
  const scale = fitScale(frame, content) * zoom;
  return {
    zoom,
    cx: clampAxis(view.cx, content.w, frame.w / scale),
    cy: clampAxis(view.cy, content.h, frame.h / scale),
  };
}

/** Zooms by `factor` keeping the content under the frame point (px, py) where it is. */
export function zoomAt(
  view: View,
  factor: number,
  px: number,
  py: number,
  frame: Size,
  content: Size,
  limit: number,
): View {
  const before = placement(view, frame, content);
  const ux = (px - before.x) / before.scale;
  const uy = (py - before.y) / before.scale;
  const zoom = Math.min(Math.max(view.zoom * factor, 1), limit);
  const scale = fitScale(frame, content) * zoom;
  const next = { zoom, cx: ux - (px - frame.w / 2) / scale, cy: uy - (py - frame.h / 2) / scale };
  return clampView(next, frame, content, limit);
}

/** Moves the content by (dx, dy) CSS pixels, as a drag does. */
export function panBy(view: View, dx: number, dy: number, frame: Size, content: Size, limit: number): View {
  const { scale } = placement(view, frame, content);
  return clampView({ ...view, cx: view.cx - dx / scale, cy: view.cy - dy / scale }, frame, content, limit);
}

/** The split's new place for a slider key, or null for a key the slider does not use. */
export function splitForKey(value: number, key: string, large: boolean): number | null {
  const step = large ? 10 : 1;
  const next =
    key === "ArrowLeft" || key === "ArrowDown"
      ? value - step
      : key === "ArrowRight" || key === "ArrowUp"
        ? value + step
        : key === "PageDown"
          ? value - 10
          : key === "PageUp"
            ? value + 10
            : key === "Home"
              ? 0
              : key === "End"
                ? 100
                : null;
  return next === null ? null : Math.min(100, Math.max(0, next));
}
