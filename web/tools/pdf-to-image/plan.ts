/**
 * PDF to JPG's arithmetic, kept apart from the browser: a page's size in pixels at a resolution,
 * the largest canvas browsers draw, and the names of the images.
 */

export const RESOLUTIONS = [72, 150, 300] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
export type ImageFormat = "jpg" | "png";
export const DEFAULT_QUALITY = 85;

/** Chromium and Firefox refuse a canvas past 32,767 px a side or 268 MP; Safari earlier. */
export const MAX_CANVAS_SIDE = 16_384;
export const MAX_CANVAS_PIXELS = 268_435_456;

/** The pixels a page of `widthPt` x `heightPt` points (as shown, after rotation) makes at `dpi`. */
export function pixelSize(widthPt: number, heightPt: number, dpi: number): { width: number; height: number } {
  const scale = dpi / 72;
  return { width: Math.max(1, Math.round(widthPt * scale)), height: Math.max(1, Math.round(heightPt * scale)) };
}

/** Why a page cannot be drawn at this size, or null when it can. */
export function canvasProblem(page: number, size: { width: number; height: number }, dpi: number): string | null {
  if (size.width <= MAX_CANVAS_SIDE && size.height <= MAX_CANVAS_SIDE && size.width * size.height <= MAX_CANVAS_PIXELS)
    return null;
  const lower = RESOLUTIONS.filter((r) => r < dpi);
  const hint = lower.length ? `Choose ${lower[lower.length - 1]} dpi or lower.` : "This page is too large to convert.";
  return `Page ${page} would be ${size.width.toLocaleString("en")} x ${size.height.toLocaleString("en")} pixels at ${dpi} dpi, more than a browser can draw. ${hint}`;
}

/** "report.pdf" -> "report": the stem every image is named after. */
export function stemOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const stem = base.replace(/\.pdf$/i, "").trim();
  return stem || "document";
}

/** "report-page-3.jpg" */
export function pageImageName(fileName: string, page: number, format: ImageFormat): string {
  return `${stemOf(fileName)}-page-${page}.${format}`;
}

/** The ZIP that holds several pages' images: "report-jpg.zip". */
export function zipName(fileName: string, format: ImageFormat): string {
  return `${stemOf(fileName)}-${format}.zip`;
}

export const mimeType = (format: ImageFormat) => (format === "jpg" ? "image/jpeg" : "image/png");
