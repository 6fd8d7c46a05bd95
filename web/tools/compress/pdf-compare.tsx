import { HStack, IconButton, Input, Text } from "@chakra-ui/react";
import type { PDFPageProxy } from "pdfjs-dist";
import { useEffect, useState } from "react";
import { ChevronBack, ChevronForward } from "../../components/direction-icons";
import { deviceBudget } from "../../device/budget";
import { formatNumber, formatPercent } from "../../i18n/format";
import { useLocale, useT } from "../../i18n/provider";
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
  const t = useT("compress-pdf");
  const locale = useLocale();
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
    ? t("compare.tooLarge")
    : result.failed
      ? t("compare.resultFailed")
      : before.failed
        ? t("compare.originalFailed")
        : after.failed || pageFailed
          ? t("compare.resultDrawFailed")
          : undefined;

  const renderSide = (side: Side, place: { scale: number; x: number; y: number }, frame: Size) =>
    pages ? <PdfLayer page={pages[side]} content={pages.size} place={place} frame={frame} /> : null;

  const toolbar =
    count > 0 ? (
      <HStack gap="1" role="group" aria-label={t("compare.group")}>
        <IconButton
          aria-label={t("compare.previous")}
          size="sm"
          variant="outline"
          disabled={n <= 1}
          onClick={() => go(n - 1)}
        >
          <ChevronBack />
        </IconButton>
        <Text fontSize="sm">{t("compare.page")}</Text>
        <Input
          size="sm"
          w="16"
          type="number"
          inputMode="numeric"
          min={1}
          max={count}
          value={typed}
          aria-label={t("compare.pageInput", { count: formatNumber(count, locale) })}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onBlur={() => go(Number(typed) || n)}
          onKeyDown={(e) => e.key === "Enter" && go(Number(typed) || n)}
        />
        <Text fontSize="sm" whiteSpace="nowrap">
          {t("compare.of", { count: formatNumber(count, locale) })}
        </Text>
        <IconButton
          aria-label={t("compare.next")}
          size="sm"
          variant="outline"
          disabled={n >= count}
          onClick={() => go(n + 1)}
        >
          <ChevronForward />
        </IconButton>
      </HStack>
    ) : null;

  return (
    <CompareView
      label={t("compare.label", { page: formatNumber(n, locale) })}
      content={pages?.size ?? null}
      maxScale={MAX_SCALE}
      renderSide={renderSide}
      zoomLabel={(scale) => formatPercent(Math.round((scale / CSS_PER_POINT) * 100), locale)}
      toolbar={toolbar}
      problem={problem}
      background="plain"
    />
  );
}
