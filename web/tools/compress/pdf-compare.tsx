import { HStack, IconButton, Input, Text } from "@chakra-ui/react";
import type { PDFPageProxy } from "pdfjs-dist";
import { useEffect, useState } from "react";
import { LuChevronLeft, LuChevronRight } from "react-icons/lu";
import { deviceBudget } from "../../device/budget";
import { usePdfDocument } from "../pdf-preview";
import { CompareView, type Side } from "./compare-view";
import { PdfLayer } from "./pdf-layer";
import { useResultBlob } from "./result-blob";
import type { Size } from "./view-math";

/** A page at 100% is 96 CSS pixels to the inch (pdf.js's own 100%); 800% shows any image's grain. */
const CSS_PER_POINT = 96 / 72;
const MAX_SCALE = 8 * CSS_PER_POINT;

interface Pages {
  n: number;
  size: Size;
  before: PDFPageProxy;
  after: PDFPageProxy;
}

/**
 * A page of the original PDF (opened with its password when it has one) and the same page of the
 * result, drawn by pdf.js and compared over the same region.
 */
export function PdfCompare({
  original,
  password,
  resultUrl,
  resultSize = 0,
}: {
  original: File;
  password?: string;
  resultUrl: string | undefined;
  resultSize?: number;
}) {
  // pdf.js holds both documents, and more while it parses them: within half what a job may use here.
  const tooLarge = original.size + resultSize > deviceBudget().memory / 2;
  const result = useResultBlob(tooLarge ? undefined : resultUrl);
  const before = usePdfDocument(tooLarge ? null : original, password);
  const after = usePdfDocument(result.blob);
  const count = after.doc?.numPages ?? 0;
  const [n, setN] = useState(1);
  const [typed, setTyped] = useState("1");
  const [pages, setPages] = useState<Pages | null>(null);
  const [pageFailed, setPageFailed] = useState(false);

  useEffect(() => {
    setPageFailed(false);
    const b = before.doc;
    const a = after.doc;
    if (!b || !a) return;
    let cancelled = false;
    Promise.all([b.getPage(Math.min(n, b.numPages)), a.getPage(Math.min(n, a.numPages))])
      .then(([bp, ap]) => {
        if (cancelled) return;
        const vp = bp.getViewport({ scale: 1 });
        setPages({ n, size: { w: vp.width, h: vp.height }, before: bp, after: ap });
      })
      .catch(() => !cancelled && setPageFailed(true));
    return () => {
      cancelled = true;
    };
  }, [before.doc, after.doc, n]);

  const go = (page: number) => {
    const next = Math.min(Math.max(1, Math.round(page)), Math.max(1, count));
    setN(next);
    setTyped(String(next));
  };

  const problem = tooLarge
    ? "This PDF is too large to compare in this browser. The download is not affected."
    : result.failed
      ? "The compressed PDF could not be loaded for the comparison."
      : before.failed
        ? "This browser could not draw the original PDF, so it cannot be compared here."
        : after.failed || pageFailed
          ? "This browser could not draw the compressed PDF, so it cannot be compared here."
          : undefined;

  const renderSide = (side: Side, place: { scale: number; x: number; y: number }, frame: Size) =>
    pages ? <PdfLayer page={pages[side]} content={pages.size} place={place} frame={frame} /> : null;

  const toolbar =
    count > 0 ? (
      <HStack gap="1" role="group" aria-label="Page to compare">
        <IconButton aria-label="Previous page" size="sm" variant="outline" disabled={n <= 1} onClick={() => go(n - 1)}>
          <LuChevronLeft />
        </IconButton>
        <Text fontSize="sm">Page</Text>
        <Input
          size="sm"
          w="16"
          type="number"
          inputMode="numeric"
          min={1}
          max={count}
          value={typed}
          aria-label={`Page, 1 to ${count}`}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onBlur={() => go(Number(typed) || n)}
          onKeyDown={(e) => e.key === "Enter" && go(Number(typed) || n)}
        />
        <Text fontSize="sm" whiteSpace="nowrap">
          of {count}
        </Text>
        <IconButton aria-label="Next page" size="sm" variant="outline" disabled={n >= count} onClick={() => go(n + 1)}>
          <LuChevronRight />
        </IconButton>
      </HStack>
    ) : null;

  return (
    <CompareView
      label={`Page ${n} of the original and the compressed PDF, side by side`}
      content={pages?.size ?? null}
      maxScale={MAX_SCALE}
      renderSide={renderSide}
      zoomLabel={(scale) => `${Math.round((scale / CSS_PER_POINT) * 100)}%`}
      toolbar={toolbar}
      problem={problem}
      background="plain"
    />
  );
}
