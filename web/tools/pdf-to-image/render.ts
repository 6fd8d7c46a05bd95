import { zipSync } from "fflate";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { canvasProblem, type ImageFormat, mimeType, pageImageName, pixelSize, zipName } from "./plan";

/**
 * Pages rendered to images in this browser with pdf.js, one page at a time (an offscreen
 * canvas where there is one), then one image or a ZIP of them. Nothing is sent anywhere.
 */

export interface RenderOptions {
  fileName: string;
  pages: readonly number[];
  dpi: number;
  format: ImageFormat;
  /** JPEG quality, 1-100. */
  quality: number;
  signal: AbortSignal;
  onProgress(done: number, total: number): void;
}

export interface RenderedFile {
  name: string;
  blob: Blob;
  /** Pages in it. */
  count: number;
}

/** Why a render was refused, with the numbers its message carries (for the page to word it in its language). */
export type RefusedReason =
  | { kind: "too-large"; page: number; width: number; height: number; dpi: number }
  | { kind: "no-canvas" };

/** A refusal a person can act on (too large for a canvas); other errors are pdf.js's. */
export class RenderRefused extends Error {
  constructor(
    message: string,
    readonly reason: RefusedReason,
  ) {
    super(message);
  }
}

type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;

function makeCanvas(width: number, height: number): AnyCanvas {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const c = document.createElement("canvas");
  c.width = width;
  c.height = height;
  return c;
}

function encode(canvas: AnyCanvas, format: ImageFormat, quality: number): Promise<Blob> {
  const type = mimeType(format);
  const q = format === "jpg" ? quality / 100 : undefined;
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality: q });
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("The browser could not make the image."))), type, q),
  );
}

/** Lets the page paint and answer clicks between pages. */
const breathe = () => new Promise((r) => setTimeout(r, 0));

export async function renderPages(doc: PDFDocumentProxy, opts: RenderOptions): Promise<RenderedFile> {
  const images: { name: string; blob: Blob }[] = [];
  // Every page's size is checked before the first is drawn: no half-done job to throw away.
  for (const n of opts.pages) {
    const page = await doc.getPage(n);
    const view = page.getViewport({ scale: 1 });
    const size = pixelSize(view.width, view.height, opts.dpi);
    const problem = canvasProblem(n, size, opts.dpi);
    if (problem) throw new RenderRefused(problem, { kind: "too-large", page: n, ...size, dpi: opts.dpi });
  }
  for (const [i, n] of opts.pages.entries()) {
    opts.signal.throwIfAborted();
    opts.onProgress(i, opts.pages.length);
    await breathe();
    const page = await doc.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const size = pixelSize(base.width, base.height, opts.dpi);
    const viewport = page.getViewport({ scale: size.width / base.width });
    const canvas = makeCanvas(size.width, size.height);
    const context = canvas.getContext("2d") as CanvasRenderingContext2D | null;
    if (!context)
      throw new RenderRefused("This browser could not make a canvas for the page. Try a lower resolution.", {
        kind: "no-canvas",
      });
    // JPEG has no transparency, and a page is white paper: the same for PNG.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, size.width, size.height);
    const task = page.render({ canvas: null, canvasContext: context, viewport });
    const abort = () => task.cancel();
    opts.signal.addEventListener("abort", abort);
    try {
      await task.promise;
    } finally {
      opts.signal.removeEventListener("abort", abort);
    }
    images.push({
      name: pageImageName(opts.fileName, n, opts.format),
      blob: await encode(canvas, opts.format, opts.quality),
    });
    page.cleanup();
    // Frees the canvas's memory now rather than at the next collection.
    canvas.width = 0;
    canvas.height = 0;
  }
  opts.onProgress(opts.pages.length, opts.pages.length);
  if (images.length === 1) return { ...images[0], count: 1 };
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const img of images) entries[img.name] = [new Uint8Array(await img.blob.arrayBuffer()), { level: 0 }];
  // JPEG and PNG are compressed already: stored as they are.
  const zip = zipSync(entries);
  return {
    name: zipName(opts.fileName, opts.format),
    blob: new Blob([zip as Uint8Array<ArrayBuffer>], { type: "application/zip" }),
    count: images.length,
  };
}
