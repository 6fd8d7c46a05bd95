/**
 * Page previews rendered in the browser with pdf.js, loaded only when a page needs them (it is
 * large). The CSP allows its worker ('self' and blob:) and its WebAssembly decoders.
 */
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useState } from "react";

let loader: Promise<typeof import("pdfjs-dist")> | undefined;

function pdfjs() {
  loader ??= Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]).then(
    ([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib;
    },
  );
  return loader;
}

/** Opens a file with pdf.js; an encrypted one with its password (a wrong or missing one rejects with a PasswordException). */
export async function openPdf(
  file: Blob,
  password?: string,
): Promise<{ task: PDFDocumentLoadingTask; doc: Promise<PDFDocumentProxy> }> {
  const lib = await pdfjs();
  const data = new Uint8Array(await file.arrayBuffer());
  const task = lib.getDocument({
    data,
    password,
    verbosity: 0,
    // Served from the build (vite.config.ts pdfjsAssets): fonts, CMaps, ICC profiles, decoders.
    standardFontDataUrl: "/pdfjs/standard_fonts/",
    cMapUrl: "/pdfjs/cmaps/",
    cMapPacked: true,
    iccUrl: "/pdfjs/iccs/",
    wasmUrl: "/pdfjs/wasm/",
  });
  return { task, doc: task.promise };
}

// One page at a time: a 300-page document must not start 300 renders at once.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Draws page `n` into the canvas at `cssWidth` CSS pixels wide; returns the page's width/height ratio.
 * `annotationMode` is pdf.js's (2, ENABLE_FORMS: every annotation but the form's own fields).
 */
export function renderPage(
  doc: PDFDocumentProxy,
  n: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
  annotationMode?: number,
) {
  const job = queue.then(async () => {
    const page = await doc.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const viewport = page.getViewport({ scale: (cssWidth * ratio) / base.width });
    canvas.width = Math.max(1, Math.floor(viewport.width));
    canvas.height = Math.max(1, Math.floor(viewport.height));
    await page.render({ canvas, viewport, ...(annotationMode === undefined ? {} : { annotationMode }) }).promise;
    page.cleanup();
    return base.width / base.height;
  });
  queue = job.catch(() => undefined);
  return job;
}

/**
 * The pdf.js document of a file (opened with its password, if it has one), or null while loading;
 * `failed` when pdf.js cannot open it (damage, or a password not given yet).
 */
export function usePdfDocument(file: Blob | null | undefined, password?: string) {
  const [state, setState] = useState<{ doc: PDFDocumentProxy | null; failed: boolean }>({ doc: null, failed: false });
  useEffect(() => {
    setState({ doc: null, failed: false });
    if (!file) return;
    let cancelled = false;
    let task: PDFDocumentLoadingTask | undefined;
    openPdf(file, password)
      .then((opened) => {
        task = opened.task;
        if (cancelled) void task.destroy();
        return opened.doc;
      })
      .then((doc) => {
        if (!cancelled) setState({ doc, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ doc: null, failed: true });
      });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [file, password]);
  return state;
}
