import { AspectRatio, Box, Center, Icon, Skeleton } from "@chakra-ui/react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { LuFileText } from "react-icons/lu";
import { renderPage } from "./pdf-preview";

/** A page preview drawn when it scrolls into view; a plain page shape when pdf.js cannot draw it. */
export function PageThumbnail({
  doc,
  pageNumber,
  width = 160,
  failed,
  blank,
  overlay,
}: {
  doc: PDFDocumentProxy | null;
  pageNumber: number;
  width?: number;
  failed?: boolean;
  /** No document yet: an empty page of A4 proportions. */
  blank?: boolean;
  /** Drawn over the page (the watermark preview), given the page's width/height ratio. */
  overlay?: (ratio: number) => ReactNode;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The canvas stays hidden until drawn, and hidden elements never intersect: watch the frame.
  const frame = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"waiting" | "drawn" | "failed">("waiting");
  const [ratio, setRatio] = useState(1 / Math.SQRT2);

  useEffect(() => {
    const el = canvas.current;
    const box = frame.current;
    setState("waiting");
    if (!doc || !el || !box) return;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        renderPage(doc, pageNumber, el, width)
          .then((r) => {
            if (cancelled) return;
            setRatio(r);
            setState("drawn");
          })
          .catch(() => !cancelled && setState("failed"));
      },
      { rootMargin: "200px" },
    );
    observer.observe(box);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [doc, pageNumber, width]);

  const plain = blank || failed || state === "failed";
  return (
    <AspectRatio ratio={ratio} w="full">
      <Box
        ref={frame}
        bg="white"
        borderRadius="sm"
        overflow="hidden"
        borderWidth="1px"
        borderColor="border"
        position="relative"
      >
        {!plain && state === "waiting" && <Skeleton position="absolute" inset="0" />}
        {plain && !blank && (
          <Center position="absolute" inset="0" color="gray.400">
            <Icon as={LuFileText} boxSize="8" />
          </Center>
        )}
        <canvas
          ref={canvas}
          aria-hidden
          style={{ width: "100%", height: "100%", display: state === "drawn" && !blank ? "block" : "none" }}
        />
        {overlay?.(blank ? 1 / Math.SQRT2 : ratio)}
      </Box>
    </AspectRatio>
  );
}
