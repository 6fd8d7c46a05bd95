import { Box } from "@chakra-ui/react";
import { type PointerEvent as ReactPointerEvent, useRef } from "react";
import type { Margins } from "../../../schema/options";

type Edge = "left" | "top" | "right" | "bottom";
type Grip = Edge | "top-left" | "top-right" | "bottom-left" | "bottom-right" | "move";

const MIN_KEEP = 0.05;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Margins moved by a drag of (dx, dy), as fractions of the page, keeping at least 5% of it. */
export function dragMargins(m: Margins, grip: Grip, dx: number, dy: number): Margins {
  const next = { ...m };
  if (grip === "move") {
    const x = clamp(dx, -m.left, m.right);
    const y = clamp(dy, -m.top, m.bottom);
    return { left: m.left + x, right: m.right - x, top: m.top + y, bottom: m.bottom - y };
  }
  if (grip.includes("left")) next.left = clamp(m.left + dx, 0, 1 - m.right - MIN_KEEP);
  if (grip.includes("right")) next.right = clamp(m.right - dx, 0, 1 - m.left - MIN_KEEP);
  if (grip.includes("top")) next.top = clamp(m.top + dy, 0, 1 - m.bottom - MIN_KEEP);
  if (grip.includes("bottom")) next.bottom = clamp(m.bottom - dy, 0, 1 - m.top - MIN_KEEP);
  return next;
}

const pct = (v: number) => `${v * 100}%`;
/** A grip's place, kept a grip's half-width inside the page: at the page's edge it would be clipped to a quarter. */
const inside = (v: number) => `clamp(0.5rem, ${pct(v)}, calc(100% - 0.5rem))`;

/**
 * The crop rectangle over a page preview: drag its edges or corners to change it, or its middle
 * to move it (mouse, pen and touch). The margins outside it are shaded.
 */
export function CropOverlay({ margins, onChange }: { margins: Margins; onChange(m: Margins): void }) {
  const frame = useRef<HTMLDivElement>(null);
  const start = useRef<{ grip: Grip; x: number; y: number; m: Margins } | null>(null);

  const down = (grip: Grip) => (e: ReactPointerEvent) => {
    e.preventDefault();
    e.stopPropagation();
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    start.current = { grip, x: e.clientX, y: e.clientY, m: margins };
  };
  const move = (e: ReactPointerEvent) => {
    const s = start.current;
    const box = frame.current?.getBoundingClientRect();
    if (!s || !box || box.width === 0) return;
    onChange(dragMargins(s.m, s.grip, (e.clientX - s.x) / box.width, (e.clientY - s.y) / box.height));
  };
  const up = () => {
    start.current = null;
  };
  const handle = (grip: Grip, css: Record<string, string>, cursor: string) => (
    <Box
      key={grip}
      data-grip={grip}
      position="absolute"
      boxSize="4"
      bg="white"
      borderWidth="2px"
      borderColor="brand.solid"
      borderRadius="sm"
      transform="translate(-50%, -50%)"
      cursor={cursor}
      style={{ touchAction: "none", ...css }}
      onPointerDown={down(grip)}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
    />
  );
  const { left, top, right, bottom } = margins;
  return (
    <Box ref={frame} position="absolute" inset="0" data-testid="crop-overlay">
      {/* The parts cut away, shaded. */}
      <Box position="absolute" bg="blackAlpha.500" left="0" right="0" top="0" style={{ height: pct(top) }} />
      <Box position="absolute" bg="blackAlpha.500" left="0" right="0" bottom="0" style={{ height: pct(bottom) }} />
      <Box
        position="absolute"
        bg="blackAlpha.500"
        left="0"
        style={{ top: pct(top), bottom: pct(bottom), width: pct(left) }}
      />
      <Box
        position="absolute"
        bg="blackAlpha.500"
        right="0"
        style={{ top: pct(top), bottom: pct(bottom), width: pct(right) }}
      />
      <Box
        position="absolute"
        borderWidth="2px"
        borderColor="brand.solid"
        cursor="move"
        style={{ left: pct(left), right: pct(right), top: pct(top), bottom: pct(bottom), touchAction: "none" }}
        onPointerDown={down("move")}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      {handle("top-left", { left: inside(left), top: inside(top) }, "nwse-resize")}
      {handle("top-right", { left: inside(1 - right), top: inside(top) }, "nesw-resize")}
      {handle("bottom-left", { left: inside(left), top: inside(1 - bottom) }, "nesw-resize")}
      {handle("bottom-right", { left: inside(1 - right), top: inside(1 - bottom) }, "nwse-resize")}
      {handle("top", { left: inside((left + 1 - right) / 2), top: inside(top) }, "ns-resize")}
      {handle("bottom", { left: inside((left + 1 - right) / 2), top: inside(1 - bottom) }, "ns-resize")}
      {handle("left", { left: inside(left), top: inside((top + 1 - bottom) / 2) }, "ew-resize")}
      {handle("right", { left: inside(1 - right), top: inside((top + 1 - bottom) / 2) }, "ew-resize")}
    </Box>
  );
}

/**
 * The margins of a rendered page that hold nothing but white (or near white), as fractions, with
 * a little of the white kept round what is there. Null for a page that is white all over.
 */
export function whiteMargins(pixels: Uint8ClampedArray, width: number, height: number, keep = 0.01): Margins | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const ink = pixels[i + 3] > 16 && Math.min(pixels[i], pixels[i + 1], pixels[i + 2]) < 240;
      if (!ink) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return null;
  return {
    left: clamp(x0 / width - keep, 0, 0.95),
    right: clamp(1 - (x1 + 1) / width - keep, 0, 0.95),
    top: clamp(y0 / height - keep, 0, 0.95),
    bottom: clamp(1 - (y1 + 1) / height - keep, 0, 0.95),
  };
}

export type { Edge };
