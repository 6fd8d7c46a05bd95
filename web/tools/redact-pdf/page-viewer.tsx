import { Box, Stack, Text } from "@chakra-ui/react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useT } from "../../i18n/provider";
import { AreaLayer } from "./area-layer";
import { PageView } from "./page-view";
import type { FoundMatch, MarkedArea } from "./plan";
import type { RedactPlan } from "./use-redact";

const NONE: never[] = [];

/** Groups a list by page, so that a page whose boxes did not change keeps the same list. */
function byPage<T extends { page: number }>(list: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const x of list) {
    const on = map.get(x.page);
    if (on) on.push(x);
    else map.set(x.page, [x]);
  }
  return map;
}

/** Drawn wider than this, a page gains nothing on screen and costs memory. */
const MAX_WIDTH = 900;

/**
 * Every page of the file, one under the other in a scrolling viewer as wide as there is room
 * for, with the areas and matches over each. `showPage` scrolls a page into view.
 */
export function PageViewer({
  doc,
  pageCount,
  plan,
  drawing,
  showPage,
}: {
  doc: PDFDocumentProxy | null;
  pageCount: number;
  plan: RedactPlan;
  drawing: boolean;
  /** Set to a page number (with a changing key) to scroll it into view. */
  showPage: { page: number; at: number } | null;
}) {
  const t = useT("redact-pdf");
  const [viewer, setViewer] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  const [ratios, setRatios] = useState<Record<number, number>>({});
  const pages = useRef(new Map<number, HTMLDivElement>());

  useEffect(() => {
    if (!viewer) return;
    const measure = () => {
      const w = viewer.clientWidth;
      // Rounded up, so small changes of the window do not draw every page again.
      if (w > 0) setWidth(Math.min(MAX_WIDTH, Math.ceil(w / 100) * 100));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewer);
    return () => observer.disconnect();
  }, [viewer]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new document has new pages.
  useEffect(() => setRatios({}), [doc]);

  useEffect(() => {
    if (showPage) pages.current.get(showPage.page)?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [showPage]);

  const onRatio = useCallback(
    (page: number, r: number) => setRatios((known) => (known[page] === r ? known : { ...known, [page]: r })),
    [],
  );
  const fallback = ratios[1] ?? 1 / Math.SQRT2;
  const numbered = useMemo(() => byPage(plan.areas.map((a, i) => ({ ...a, number: i + 1 }))), [plan.areas]) as Map<
    number,
    (MarkedArea & { number: number })[]
  >;
  const matches = useMemo(() => byPage<FoundMatch>(plan.found), [plan.found]);

  return (
    <Box
      ref={setViewer}
      maxH={{ base: "70vh", md: "80vh" }}
      overflowY="auto"
      bg="bg.muted"
      borderRadius="xl"
      borderWidth="1px"
      p={{ base: "2", md: "4" }}
      data-testid="redact-viewer"
    >
      <Stack gap="4">
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <Stack
            key={n}
            gap="1"
            ref={(el: HTMLDivElement | null) => {
              if (el) pages.current.set(n, el);
              else pages.current.delete(n);
            }}
            style={{ scrollMarginTop: "8px" }}
          >
            <Text fontSize="xs" color="fg.muted" textAlign="center">
              {t("viewer.page", { page: n, total: pageCount })}
            </Text>
            <PageView
              doc={doc}
              pageNumber={n}
              width={width}
              ratio={ratios[n] ?? fallback}
              onRatio={onRatio}
              root={viewer}
            >
              <AreaLayer
                page={n}
                areas={numbered.get(n) ?? NONE}
                matches={matches.get(n) ?? NONE}
                selected={numbered.get(n)?.some((a) => a.id === plan.selected) ? plan.selected : null}
                drawing={drawing}
                onAdd={plan.add}
                onChange={plan.change}
                onSelect={plan.select}
                onRemove={plan.remove}
              />
            </PageView>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
