import type { PDFDocumentProxy } from "pdfjs-dist";
import { useCallback, useEffect, useRef, useState } from "react";
import { formatNumber } from "../../i18n/format";
import { type Translate, useT } from "../../i18n/provider";
import { toast } from "../../ui/toaster";
import { type ImageFormat, RESOLUTIONS } from "./plan";
import { type RefusedReason, type RenderedFile, RenderRefused, renderPages } from "./render";

export type RunState =
  | { kind: "idle" }
  | { kind: "working"; done: number; total: number }
  | { kind: "done"; file: RenderedFile };

export interface StartOptions {
  fileName: string;
  pages: number[];
  pageCount: number;
  dpi: number;
  format: ImageFormat;
  quality: number;
}

/** A refusal in the page's language: the page too large at this resolution (and what to choose), or no canvas. */
function refusalText(t: Translate<"pdf-to-image">, reason: RefusedReason): string {
  if (reason.kind === "no-canvas") return t("error.noCanvas");
  const lower = RESOLUTIONS.filter((r) => r < reason.dpi);
  const size = { width: formatNumber(reason.width), height: formatNumber(reason.height), page: reason.page };
  return lower.length
    ? t("error.tooLargeLower", { ...size, dpi: reason.dpi, lower: lower[lower.length - 1] })
    : t("error.tooLarge", { ...size, dpi: reason.dpi });
}

/** One conversion at a time, in this browser: progress, Cancel, and the result in memory. */
export function usePdfToImage() {
  const t = useT("pdf-to-image");
  const [state, setState] = useState<RunState>({ kind: "idle" });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (doc: PDFDocumentProxy, opts: StartOptions) => {
      if (opts.pages.length === 0) {
        toast({
          title: t("toast.noneSelected"),
          description: t("toast.noneSelectedText"),
          variant: "destructive",
        });
        return;
      }
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ kind: "working", done: 0, total: opts.pages.length });
      try {
        const file = await renderPages(doc, {
          ...opts,
          signal: abort.signal,
          onProgress: (done, total) => {
            if (!abort.signal.aborted) setState({ kind: "working", done, total });
          },
        });
        if (!abort.signal.aborted) setState({ kind: "done", file });
      } catch (err) {
        if (abort.signal.aborted) return;
        setState({ kind: "idle" });
        toast({
          title: t("toast.failed"),
          description: err instanceof RenderRefused ? refusalText(t, err.reason) : t("toast.failedText"),
          variant: "destructive",
        });
      }
    },
    [t],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    setState({ kind: "idle" });
  }, []);

  const clear = useCallback(() => {
    controller.current?.abort();
    setState({ kind: "idle" });
  }, []);

  return { state, start, cancel, clear };
}
