import { Box, Center, Icon, Skeleton } from "@chakra-ui/react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { LuFileText } from "react-icons/lu";
import { renderPage } from "../pdf-preview";

/**
 * One page at working size, drawn while it is near the viewer's visible part and given back
 * when it is far from it: a long file scrolled end to end must not keep every page's pixels.
 */
export function PageView({
  doc,
  pageNumber,
  width,
  ratio,
  onRatio,
  root,
  children,
}: {
  doc: PDFDocumentProxy | null;
  pageNumber: number;
  /** CSS pixels the page is drawn at (the viewer's width). */
  width: number;
  /** Width/height of the page, as far as known (the first page's until this one is drawn). */
  ratio: number;
  onRatio(page: number, ratio: number): void;
  /** The scrolling viewer the page sits in. */
  root: HTMLElement | null;
  children?: ReactNode;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [state, setState] = useState<"waiting" | "drawn" | "failed">("waiting");
  const report = useRef(onRatio);
  report.current = onRatio;

  useEffect(() => {
    const box = frame.current;
    if (!box) return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), {
      root,
      rootMargin: "600px 0px",
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    const el = canvas.current;
    if (!doc || !el || width <= 0) return;
    if (!near) {
      // Frees the page's pixels; it is drawn again when it comes back.
      el.width = 0;
      el.height = 0;
      setState("waiting");
      return;
    }
    let cancelled = false;
    // A page only scrolled past is not worth a render: wait a moment to see that it stays.
    const timer = setTimeout(() => {
      renderPage(doc, pageNumber, el, width)
        .then((r) => {
          if (cancelled) return;
          report.current(pageNumber, r);
          setState("drawn");
        })
        .catch(() => !cancelled && setState("failed"));
    }, 120);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [doc, pageNumber, width, near]);

  return (
    <Box
      ref={frame}
      position="relative"
      w="full"
      bg="white"
      shadow="md"
      borderRadius="xs"
      overflow="hidden"
      style={{ aspectRatio: String(ratio) }}
      data-testid="redact-page"
      data-page={pageNumber}
      data-drawn={state === "drawn" ? "true" : undefined}
    >
      {state === "waiting" && <Skeleton position="absolute" inset="0" />}
      {state === "failed" && (
        <Center position="absolute" inset="0" color="gray.400">
          <Icon as={LuFileText} boxSize="8" />
        </Center>
      )}
      <canvas
        ref={canvas}
        aria-hidden
        style={{ width: "100%", height: "100%", display: state === "drawn" ? "block" : "none" }}
      />
      {children}
    </Box>
  );
}
