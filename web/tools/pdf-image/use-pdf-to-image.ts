import type { PDFDocumentProxy } from "pdfjs-dist";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "../../ui/toaster";
import type { ImageFormat } from "./plan";
import { type RenderedFile, RenderRefused, renderPages } from "./render";

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

/** One conversion at a time, in this browser: progress, Cancel, and the result in memory. */
export function usePdfToImage() {
  const [state, setState] = useState<RunState>({ kind: "idle" });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (doc: PDFDocumentProxy, opts: StartOptions) => {
    if (opts.pages.length === 0) {
      toast({
        title: "No pages selected",
        description: "Please select at least one page to convert.",
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
        title: "Conversion failed",
        description:
          err instanceof RenderRefused
            ? err.message
            : "This PDF could not be drawn in your browser. Try a lower resolution, or fewer pages at a time.",
        variant: "destructive",
      });
    }
  }, []);

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
