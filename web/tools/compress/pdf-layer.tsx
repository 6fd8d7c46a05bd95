import type { PDFPageProxy, RenderTask } from "pdfjs-dist";
import { useEffect, useRef, useState } from "react";
import { fitScale, type Placement, type Size } from "./view-math";

/** A page drawn whole at most this many pixels (16 MB of canvas); detail beyond is drawn per view. */
const BASE_PIXELS = 4_000_000;
/** How long the view must rest before its detail is drawn. */
const SETTLE_MS = 160;

function ratio() {
  return Math.min(typeof window === "undefined" ? 1 : window.devicePixelRatio || 1, 2);
}

function cancelled(err: unknown) {
  return (err as { name?: string })?.name === "RenderingCancelledException";
}

/**
 * Renders on one canvas one after another: pdf.js refuses a canvas whose last render has not
 * ended yet, even a cancelled one, and resizing a canvas mid-render spoils it.
 */
function inTurn() {
  let last: Promise<unknown> = Promise.resolve();
  return (start: () => RenderTask) => {
    let task: RenderTask | undefined;
    let stopped = false;
    const done = last.then(async () => {
      if (stopped) return false;
      task = start();
      await task.promise;
      return !stopped;
    });
    last = done.catch(() => undefined);
    return {
      done,
      cancel() {
        stopped = true;
        task?.cancel();
      },
    };
  };
}

/**
 * One side of a PDF comparison. The page is drawn whole once, a little sharper than the frame
 * needs, and moved with the shared transform; once the view rests zoomed in past that, the visible
 * region alone is drawn at the screen's own resolution. Memory stays at a frame's worth of pixels
 * however far in the view goes (a phone at 3x draws at 2x), never a whole page at 800%.
 */
export function PdfLayer({
  page,
  content,
  place,
  frame,
}: {
  page: PDFPageProxy;
  content: Size;
  place: Placement;
  frame: Size;
}) {
  const base = useRef<HTMLCanvasElement>(null);
  const detail = useRef<HTMLCanvasElement>(null);
  const baseTurn = useRef(inTurn());
  const detailTurn = useRef(inTurn());
  const dpr = ratio();
  const baseScale = Math.min(
    fitScale(frame, content) * dpr * 1.5,
    Math.sqrt(BASE_PIXELS / Math.max(1, content.w * content.h)),
  );
  const baseKey = baseScale.toFixed(3);
  const [drawn, setDrawn] = useState<{ page: PDFPageProxy; key: string } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawn when the page or the needed resolution changes.
  useEffect(() => {
    const canvas = base.current;
    if (!canvas) return;
    const job = baseTurn.current(() => {
      const viewport = page.getViewport({ scale: baseScale });
      canvas.width = Math.max(1, Math.round(viewport.width));
      canvas.height = Math.max(1, Math.round(viewport.height));
      return page.render({ canvas, viewport });
    });
    job.done.then((ok) => ok && setDrawn({ page, key: baseKey })).catch(() => undefined);
    return () => job.cancel();
  }, [page, baseKey]);

  const needDetail = place.scale * dpr > baseScale * 1.15;
  const detailKey = `${place.scale.toFixed(4)}|${place.x.toFixed(1)}|${place.y.toFixed(1)}|${frame.w}x${frame.h}`;
  const [shown, setShown] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the view (detailKey), drawn once it rests.
  useEffect(() => {
    const canvas = detail.current;
    if (!needDetail || !canvas) return;
    let job: ReturnType<ReturnType<typeof inTurn>> | undefined;
    const timer = setTimeout(() => {
      job = detailTurn.current(() => {
        canvas.width = Math.max(1, Math.round(frame.w * dpr));
        canvas.height = Math.max(1, Math.round(frame.h * dpr));
        const viewport = page.getViewport({ scale: place.scale * dpr, offsetX: place.x * dpr, offsetY: place.y * dpr });
        return page.render({ canvas, viewport });
      });
      job.done
        .then((ok) => ok && setShown(detailKey))
        .catch((err) => {
          if (!cancelled(err)) setShown(null);
        });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      job?.cancel();
    };
  }, [page, detailKey, needDetail]);

  // The detail canvas covers the frame; only the page's own part of it is shown.
  const right = frame.w - (place.x + content.w * place.scale);
  const bottom = frame.h - (place.y + content.h * place.scale);
  const inset = [place.y, right, bottom, place.x].map((v) => `${Math.max(0, v)}px`).join(" ");
  return (
    <>
      <canvas
        ref={base}
        aria-hidden
        data-layer="base"
        data-drawn={drawn?.page === page && drawn.key === baseKey ? "true" : "false"}
        style={{
          position: "absolute",
          left: 0,
          top: 0,
          width: content.w,
          height: content.h,
          background: "white",
          transformOrigin: "0 0",
          transform: `translate(${place.x}px, ${place.y}px) scale(${place.scale})`,
        }}
      />
      <canvas
        ref={detail}
        aria-hidden
        data-layer="detail"
        data-shown={needDetail && shown === detailKey ? "true" : "false"}
        style={{
          position: "absolute",
          left: 0,
          top: 0,
          width: frame.w,
          height: frame.h,
          clipPath: `inset(${inset})`,
          visibility: needDetail && shown === detailKey ? "visible" : "hidden",
        }}
      />
    </>
  );
}
