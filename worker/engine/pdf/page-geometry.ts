import { PDFArray, PDFName, PDFNumber, type PDFPage } from "@cantoo/pdf-lib";

/** Where things are on a page, as its boxes say and as a reader shows it (after /Rotate). */

export type Matrix = [number, number, number, number, number, number];

/** outer after inner, as PDF's cm operator composes them. */
export function compose(o: Matrix, i: Matrix): Matrix {
  return [
    o[0] * i[0] + o[2] * i[1],
    o[1] * i[0] + o[3] * i[1],
    o[0] * i[2] + o[2] * i[3],
    o[1] * i[2] + o[3] * i[3],
    o[0] * i[4] + o[2] * i[5] + o[4],
    o[1] * i[4] + o[3] * i[5] + o[5],
  ];
}

/** The matrix that undoes `m`; null when `m` flattens the plane (or is not finite). */
export function invert(m: Matrix): Matrix | null {
  const det = m[0] * m[3] - m[1] * m[2];
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  return [
    m[3] / det,
    -m[1] / det,
    -m[2] / det,
    m[0] / det,
    (m[2] * m[5] - m[3] * m[4]) / det,
    (m[1] * m[4] - m[0] * m[5]) / det,
  ];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function readBox(page: PDFPage, key: "MediaBox" | "CropBox"): Box | undefined {
  const arr = page.node.context.lookup(page.node.getInheritableAttribute(PDFName.of(key)));
  if (!(arr instanceof PDFArray) || arr.size() !== 4) return undefined;
  const n = arr.asArray().map((o) => {
    const v = page.node.context.lookup(o);
    return v instanceof PDFNumber ? v.asNumber() : Number.NaN;
  });
  if (!n.every(Number.isFinite)) return undefined;
  return {
    x: Math.min(n[0], n[2]),
    y: Math.min(n[1], n[3]),
    width: Math.abs(n[2] - n[0]),
    height: Math.abs(n[3] - n[1]),
  };
}

/** What a reader shows: the crop box clipped to the media box (Letter when both are unusable). */
export function visibleBox(page: PDFPage): Box {
  const media = readBox(page, "MediaBox") ?? { x: 0, y: 0, width: 612, height: 792 };
  const crop = readBox(page, "CropBox");
  if (!crop) return media;
  const x = Math.max(crop.x, media.x);
  const y = Math.max(crop.y, media.y);
  const width = Math.min(crop.x + crop.width, media.x + media.width) - x;
  const height = Math.min(crop.y + crop.height, media.y + media.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : media;
}

/** A page's /Rotate as 0, 90, 180 or 270. */
export function quarterTurns(rotation: number): 0 | 90 | 180 | 270 {
  return ((((Math.round(rotation / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}

/**
 * The page as a reader sees it: its width and height after /Rotate, and the matrix from that
 * view (origin at the bottom left of what is shown) to the page's own space.
 */
export function readerView(box: Box, rotation: number): { width: number; height: number; matrix: Matrix } {
  const r = quarterTurns(rotation);
  const { x, y } = box;
  const sideways = r === 90 || r === 270;
  const matrix: Matrix =
    r === 90
      ? [0, 1, -1, 0, x + box.width, y]
      : r === 180
        ? [-1, 0, 0, -1, x + box.width, y + box.height]
        : r === 270
          ? [0, -1, 1, 0, x, y + box.height]
          : [1, 0, 0, 1, x, y];
  return { width: sideways ? box.height : box.width, height: sideways ? box.width : box.height, matrix };
}

/** A point of the reader's view in the page's own space. */
export function apply(m: Matrix, px: number, py: number): [number, number] {
  return [m[0] * px + m[2] * py + m[4], m[1] * px + m[3] * py + m[5]];
}
