import { Badge, Box, Button, HStack, IconButton, Skeleton, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuZoomIn, LuZoomOut } from "react-icons/lu";
import { useT } from "../../i18n/provider";
import { SplitHandle } from "./split-handle";
import { useCompareView } from "./use-compare-view";
import type { Placement, Size } from "./view-math";

export type Side = "before" | "after";

export interface CompareViewProps {
  /** The content's size in its own units (image pixels, page points); null while it loads. */
  content: Size | null;
  /** The most detail worth zooming to, in CSS pixels per content unit. */
  maxScale: number;
  /** Draws one side at the shared placement. */
  renderSide(side: Side, place: Placement, frame: Size): ReactNode;
  /** How the current scale reads ("100%"). */
  zoomLabel(scale: number): string;
  /** Controls before the zoom buttons (a page picker). */
  toolbar?: ReactNode;
  /** Said over the frame instead of the content (a side that could not be drawn). */
  problem?: string;
  background?: "checker" | "plain";
  label: string;
}

const CHECKER = {
  backgroundColor: "var(--chakra-colors-bg-muted)",
  backgroundImage:
    "linear-gradient(45deg, var(--chakra-colors-bg-emphasized) 25%, transparent 25%, transparent 75%, var(--chakra-colors-bg-emphasized) 75%), linear-gradient(45deg, var(--chakra-colors-bg-emphasized) 25%, transparent 25%, transparent 75%, var(--chakra-colors-bg-emphasized) 75%)",
  backgroundSize: "16px 16px",
  backgroundPosition: "0 0, 8px 8px",
};

/**
 * Before and after over the same region, Squoosh-style: the original left of the split, the
 * result right of it; both sides share one transform, so zooming (buttons, pinch, Ctrl + wheel
 * or wheel once zoomed in) and panning (dragging when zoomed) move them together.
 */
export function CompareView({
  content,
  maxScale,
  renderSide,
  zoomLabel,
  toolbar,
  problem,
  background = "checker",
  label,
}: CompareViewProps) {
  const { frameRef, frame, view, limit, place, zoomed, split, setSplit, frameProps, zoomIn, zoomOut, fit } =
    useCompareView(content, maxScale);
  const t = useT("compress-pdf");

  return (
    <Box>
      <Box
        ref={frameRef}
        position="relative"
        w="full"
        overflow="hidden"
        borderRadius="lg"
        borderWidth="1px"
        borderColor="border"
        style={{
          aspectRatio: content ? `${content.w} / ${content.h}` : "4 / 3",
          ...(background === "checker" ? CHECKER : { backgroundColor: "var(--chakra-colors-bg-muted)" }),
        }}
        maxH="min(70vh, 760px)"
        minH="220px"
        touchAction={zoomed ? "none" : "pan-y"}
        cursor={zoomed ? "grab" : "ew-resize"}
        userSelect="none"
        tabIndex={0}
        role="group"
        aria-label={label}
        data-testid="compare-frame"
        data-zoom={view.zoom.toFixed(3)}
        outline="none"
        _focusVisible={{ outline: "2px solid", outlineColor: "blue.solid", outlineOffset: "2px" }}
        {...frameProps}
      >
        {!place && !problem && <Skeleton position="absolute" inset="0" />}
        {place && (
          <>
            <Box position="absolute" inset="0" style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}>
              {renderSide("before", place, frame)}
            </Box>
            <Box position="absolute" inset="0" style={{ clipPath: `inset(0 0 0 ${split}%)` }}>
              {renderSide("after", place, frame)}
            </Box>
            {/* Fixed colours, not the colour mode's: the labels sit on the content (a white page, a
                dark photo), whatever the site's theme; the dark theme's light grey vanished on a page. */}
            <Badge position="absolute" top="2" left="2" bg="gray.900" color="white" boxShadow="sm" pointerEvents="none">
              {t("view.original")}
            </Badge>
            <Badge
              position="absolute"
              top="2"
              right="2"
              bg="green.700"
              color="white"
              boxShadow="sm"
              pointerEvents="none"
            >
              {t("view.compressed")}
            </Badge>
            <SplitHandle value={split} onChange={setSplit} />
          </>
        )}
        {problem && (
          <Text
            position="absolute"
            inset="0"
            display="grid"
            placeItems="center"
            p="4"
            textAlign="center"
            color="fg.muted"
          >
            {problem}
          </Text>
        )}
      </Box>
      <HStack mt="2" gap="2" wrap="wrap" justify="space-between">
        <HStack gap="2">{toolbar}</HStack>
        <HStack gap="1">
          <IconButton aria-label={t("view.zoomOut")} size="sm" variant="outline" disabled={!zoomed} onClick={zoomOut}>
            <LuZoomOut />
          </IconButton>
          <Text fontSize="sm" minW="14" textAlign="center" aria-live="polite" data-testid="compare-zoom">
            {place ? zoomLabel(place.scale) : ""}
          </Text>
          <IconButton
            aria-label={t("view.zoomIn")}
            size="sm"
            variant="outline"
            disabled={!place || view.zoom >= limit - 1e-3}
            onClick={zoomIn}
          >
            <LuZoomIn />
          </IconButton>
          <Button size="sm" variant="ghost" disabled={!zoomed} onClick={fit}>
            {t("view.fit")}
          </Button>
        </HStack>
      </HStack>
      <Text mt="1" fontSize="xs" color="fg.muted">
        {t("view.help")}
      </Text>
    </Box>
  );
}
