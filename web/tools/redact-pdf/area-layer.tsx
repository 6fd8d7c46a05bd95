import { Box } from "@chakra-ui/react";
import { type KeyboardEvent, memo, type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import type { PageRect } from "../../../schema/form-options";
import { useT } from "../../i18n/provider";
import type { FoundMatch, MarkedArea } from "./plan";
import { dragRect, type Grip, isBox, type Point, rectFromPoints, toFraction } from "./rects";

const pct = (v: number) => `${v * 100}%`;
const place = (r: PageRect) => ({ left: pct(r.x), top: pct(r.y), width: pct(r.width), height: pct(r.height) });

/** The colours of the two kinds of box, shared with the legend and the lists. */
export const AREA_STYLE = { borderColor: "red.500", bg: "rgba(220, 38, 38, 0.28)" } as const;
export const MATCH_STYLE = { borderColor: "blue.500", bg: "rgba(37, 99, 235, 0.3)" } as const;

const CORNERS: { grip: Grip; cursor: string; at(r: PageRect): Point }[] = [
  { grip: "top-left", cursor: "nwse-resize", at: (r) => ({ x: r.x, y: r.y }) },
  { grip: "top-right", cursor: "nesw-resize", at: (r) => ({ x: r.x + r.width, y: r.y }) },
  { grip: "bottom-left", cursor: "nesw-resize", at: (r) => ({ x: r.x, y: r.y + r.height }) },
  { grip: "bottom-right", cursor: "nwse-resize", at: (r) => ({ x: r.x + r.width, y: r.y + r.height }) },
];

/**
 * What lies over one page: the search matches (blue; dashed when left out), the person's areas
 * (red), and the pointer work: drag on the page to mark an area (mouse, pen or touch), drag an
 * area to move it or a corner to resize it, Delete to remove the selected one.
 */
export const AreaLayer = memo(function AreaLayer({
  page,
  areas,
  matches,
  selected,
  drawing,
  onAdd,
  onChange,
  onSelect,
  onRemove,
}: {
  page: number;
  /** This page's areas, with their numbers in the list ("Area 3"). */
  areas: (MarkedArea & { number: number })[];
  /** This page's matches. */
  matches: FoundMatch[];
  selected: string | null;
  /** Dragging on the page marks an area (off: a finger scrolls the pages). */
  drawing: boolean;
  onAdd(page: number, r: PageRect): void;
  onChange(id: string, r: PageRect): void;
  onSelect(id: string | null): void;
  onRemove(id: string): void;
}) {
  const t = useT("redact-pdf");
  const layer = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<PageRect | null>(null);
  const gesture = useRef<
    { kind: "draw"; from: Point } | { kind: "drag"; id: string; grip: Grip; from: Point; rect: PageRect } | null
  >(null);
  const boxes = useRef(new Map<string, HTMLDivElement>());

  // The selected area takes the keyboard focus, so Delete and the arrow keys act on it.
  useEffect(() => {
    if (selected) boxes.current.get(selected)?.focus({ preventScroll: true });
  }, [selected]);

  const point = (e: ReactPointerEvent): Point | null => {
    const box = layer.current?.getBoundingClientRect();
    return box ? toFraction(e.clientX, e.clientY, box) : null;
  };

  const startDraw = (e: ReactPointerEvent) => {
    if (!drawing || e.button !== 0) return;
    const from = point(e);
    if (!from) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    gesture.current = { kind: "draw", from };
    onSelect(null);
  };
  const startDrag = (area: MarkedArea, grip: Grip) => (e: ReactPointerEvent) => {
    if (e.button !== 0) return;
    const from = point(e);
    if (!from) return;
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    gesture.current = { kind: "drag", id: area.id, grip, from, rect: area };
    onSelect(area.id);
    boxes.current.get(area.id)?.focus({ preventScroll: true });
  };
  const move = (e: ReactPointerEvent) => {
    const g = gesture.current;
    const at = g && point(e);
    if (!g || !at) return;
    if (g.kind === "draw") setDraft(rectFromPoints(g.from, at));
    else onChange(g.id, dragRect(g.rect, g.grip, at.x - g.from.x, at.y - g.from.y));
  };
  const end = (e: ReactPointerEvent) => {
    const g = gesture.current;
    gesture.current = null;
    if (g?.kind !== "draw") return;
    const at = point(e);
    setDraft(null);
    const r = at ? rectFromPoints(g.from, at) : null;
    if (r && isBox(r) && e.type === "pointerup") onAdd(page, r);
  };
  const keys = (area: MarkedArea) => (e: KeyboardEvent) => {
    if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      onRemove(area.id);
      return;
    }
    const step = e.shiftKey ? 0.05 : 0.005;
    const by: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const d = by[e.key];
    if (!d) return;
    e.preventDefault();
    onChange(area.id, dragRect(area, "move", d[0], d[1]));
  };

  return (
    <Box
      ref={layer}
      position="absolute"
      inset="0"
      cursor={drawing ? "crosshair" : "default"}
      style={{ touchAction: drawing ? "none" : "auto" }}
      onPointerDown={startDraw}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
      data-testid="redact-layer"
    >
      {matches.flatMap((m) =>
        m.rects.map((r, i) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: a match's rectangles never change order.
            key={`${m.id}-${i}`}
            position="absolute"
            pointerEvents="none"
            borderWidth="1px"
            borderStyle={m.kept ? "solid" : "dashed"}
            borderColor={MATCH_STYLE.borderColor}
            bg={m.kept ? MATCH_STYLE.bg : "transparent"}
            style={place(r)}
            data-testid="redact-match-box"
            data-kept={m.kept ? "true" : "false"}
          />
        )),
      )}
      {areas.map((a) => {
        const on = a.id === selected;
        return (
          <Box
            key={a.id}
            ref={(el: HTMLDivElement | null) => {
              if (el) boxes.current.set(a.id, el);
              else boxes.current.delete(a.id);
            }}
            role="button"
            tabIndex={0}
            aria-label={t("area.label", { number: a.number, page })}
            aria-pressed={on}
            position="absolute"
            borderWidth="2px"
            borderColor={AREA_STYLE.borderColor}
            bg={AREA_STYLE.bg}
            cursor="move"
            outline="none"
            boxShadow={on ? "0 0 0 2px white, 0 0 0 4px var(--chakra-colors-red-600)" : undefined}
            style={{ ...place(a), touchAction: "none" }}
            onPointerDown={startDrag(a, "move")}
            onKeyDown={keys(a)}
            data-testid="redact-area-box"
          />
        );
      })}
      {selected &&
        areas
          .filter((a) => a.id === selected)
          .flatMap((a) =>
            CORNERS.map((c) => {
              const at = c.at(a);
              return (
                // A small dot to look at, in a larger target for a finger.
                <Box
                  key={c.grip}
                  position="absolute"
                  boxSize="4"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  transform="translate(-50%, -50%)"
                  cursor={c.cursor}
                  style={{ left: pct(at.x), top: pct(at.y), touchAction: "none" }}
                  onPointerDown={startDrag(a, c.grip)}
                  data-grip={c.grip}
                >
                  <Box
                    boxSize="2.5"
                    flexShrink={0}
                    bg="white"
                    borderWidth="2px"
                    borderColor="red.600"
                    borderRadius="full"
                  />
                </Box>
              );
            }),
          )}
      {draft && (
        <Box
          position="absolute"
          pointerEvents="none"
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={AREA_STYLE.borderColor}
          bg={AREA_STYLE.bg}
          style={place(draft)}
        />
      )}
    </Box>
  );
});
