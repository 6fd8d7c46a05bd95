import { Badge, Box, Button, HStack, IconButton, Skeleton, Text } from "@chakra-ui/react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { LuZoomIn, LuZoomOut } from "react-icons/lu";
import { SplitHandle } from "./split-handle";
import {
  clampView,
  initialView,
  maxZoom,
  type Placement,
  panBy,
  placement,
  type Size,
  type View,
  zoomAt,
} from "./view-math";

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

type Gesture =
  | { kind: "none" }
  | { kind: "split" }
  | { kind: "pan"; x: number; y: number }
  | { kind: "pinch"; dist: number; mx: number; my: number };

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
  const frameRef = useRef<HTMLDivElement>(null);
  const [frame, setFrame] = useState<Size>({ w: 0, h: 0 });
  const [split, setSplit] = useState(50);
  const [view, setView] = useState<View>(() => initialView(content ?? { w: 1, h: 1 }));
  const limit = content ? maxZoom(frame, content, maxScale) : 1;
  const live = useRef({ frame, content, limit, view });
  live.current = { frame, content, limit, view };

  useEffect(() => {
    const el = frameRef.current;
    if (!el) return;
    const measure = () => setFrame({ w: el.clientWidth, h: el.clientHeight });
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // A new content (another page, another file) starts whole, in the middle.
  const contentKey = content ? `${content.w}x${content.h}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the content's size, not its identity.
  useEffect(() => {
    if (content) setView(initialView(content));
  }, [contentKey]);

  const apply = useCallback((change: (v: View, frame: Size, content: Size, limit: number) => View) => {
    const { frame: f, content: c, limit: l } = live.current;
    if (!c || f.w === 0) return;
    setView((v) => change(v, f, c, l));
  }, []);

  // A frame that grows or shrinks (a phone turned) keeps the view inside its limits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-clamped when the frame's size changes.
  useEffect(() => apply(clampView), [frame.w, frame.h, apply]);

  const zoomBy = (factor: number, px?: number, py?: number) =>
    apply((v, f, c, l) => zoomAt(v, factor, px ?? f.w / 2, py ?? f.h / 2, f, c, l));

  const splitAt = (clientX: number) => {
    const box = frameRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return split;
    return Math.min(100, Math.max(0, ((clientX - box.left) / box.width) * 100));
  };

  // Wheel: zoom with Ctrl/⌘ (and a trackpad's pinch, which arrives as one) or once zoomed in;
  // otherwise the page scrolls past as usual. React's wheel listener is passive: add our own.
  useEffect(() => {
    const el = frameRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!(e.ctrlKey || e.metaKey || live.current.view.zoom > 1)) return;
      e.preventDefault();
      const box = el.getBoundingClientRect();
      const factor = Math.exp(-Math.max(-100, Math.min(100, e.deltaY)) * 0.01);
      apply((v, f, c, l) => zoomAt(v, factor, e.clientX - box.left, e.clientY - box.top, f, c, l));
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [apply]);

  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture>({ kind: "none" });
  const local = (e: { clientX: number; clientY: number }) => {
    const box = frameRef.current?.getBoundingClientRect();
    return { x: e.clientX - (box?.left ?? 0), y: e.clientY - (box?.top ?? 0) };
  };
  const pinchOf = (): Gesture => {
    const [a, b] = [...pointers.current.values()];
    return { kind: "pinch", dist: Math.hypot(a.x - b.x, a.y - b.y), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
  };

  const place = content && frame.w > 0 ? placement(view, frame, content) : null;
  const zoomed = view.zoom > 1.001;

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
        onKeyDown={(e) => {
          const step = 40;
          const moves: Record<string, [number, number]> = {
            ArrowLeft: [step, 0],
            ArrowRight: [-step, 0],
            ArrowUp: [0, step],
            ArrowDown: [0, -step],
          };
          if (e.key === "+" || e.key === "=") zoomBy(2);
          else if (e.key === "-") zoomBy(0.5);
          else if (e.key === "0") apply((_, _f, c) => initialView(c));
          else if (moves[e.key] && zoomed) {
            const [dx, dy] = moves[e.key];
            apply((v, f, c, l) => panBy(v, dx, dy, f, c, l));
          } else return;
          e.preventDefault();
        }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture?.(e.pointerId);
          pointers.current.set(e.pointerId, local(e));
          const onHandle = (e.target as Element).closest?.("[data-split-handle]");
          if (pointers.current.size >= 2) gesture.current = pinchOf();
          else if (live.current.view.zoom > 1.001 && !onHandle) gesture.current = { kind: "pan", ...local(e) };
          else {
            gesture.current = { kind: "split" };
            setSplit(splitAt(e.clientX));
          }
        }}
        onPointerMove={(e) => {
          if (!pointers.current.has(e.pointerId)) return;
          const p = local(e);
          pointers.current.set(e.pointerId, p);
          const g = gesture.current;
          if (g.kind === "split") setSplit(splitAt(e.clientX));
          else if (g.kind === "pan") {
            gesture.current = { kind: "pan", ...p };
            apply((v, f, c, l) => panBy(v, p.x - g.x, p.y - g.y, f, c, l));
          } else if (g.kind === "pinch" && pointers.current.size >= 2) {
            const next = pinchOf();
            if (next.kind !== "pinch" || g.dist === 0) return;
            gesture.current = next;
            apply((v, f, c, l) =>
              panBy(zoomAt(v, next.dist / g.dist, next.mx, next.my, f, c, l), next.mx - g.mx, next.my - g.my, f, c, l),
            );
          }
        }}
        onPointerUp={(e) => {
          pointers.current.delete(e.pointerId);
          const rest = [...pointers.current.values()][0];
          gesture.current =
            rest && live.current.view.zoom > 1.001 ? { kind: "pan", x: rest.x, y: rest.y } : { kind: "none" };
        }}
        onPointerCancel={(e) => {
          pointers.current.delete(e.pointerId);
          gesture.current = { kind: "none" };
        }}
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
            <Badge position="absolute" top="2" left="2" variant="solid" colorPalette="gray" pointerEvents="none">
              Original
            </Badge>
            <Badge position="absolute" top="2" right="2" variant="solid" colorPalette="green" pointerEvents="none">
              Compressed
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
          <IconButton aria-label="Zoom out" size="sm" variant="outline" disabled={!zoomed} onClick={() => zoomBy(0.5)}>
            <LuZoomOut />
          </IconButton>
          <Text fontSize="sm" minW="14" textAlign="center" aria-live="polite" data-testid="compare-zoom">
            {place ? zoomLabel(place.scale) : ""}
          </Text>
          <IconButton
            aria-label="Zoom in"
            size="sm"
            variant="outline"
            disabled={!place || view.zoom >= limit - 1e-3}
            onClick={() => zoomBy(2)}
          >
            <LuZoomIn />
          </IconButton>
          <Button size="sm" variant="ghost" disabled={!zoomed} onClick={() => apply((_, _f, c) => initialView(c))}>
            Fit
          </Button>
        </HStack>
      </HStack>
      <Text mt="1" fontSize="xs" color="fg.muted">
        Drag the line to compare. Zoom with the buttons, a pinch or Ctrl + scroll, then drag to look around.
      </Text>
    </Box>
  );
}
