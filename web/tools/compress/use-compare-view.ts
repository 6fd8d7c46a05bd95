import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { clampView, initialView, maxZoom, panBy, placement, type Size, type View, zoomAt } from "./view-math";

type Gesture =
  | { kind: "none" }
  | { kind: "split" }
  | { kind: "pan"; x: number; y: number }
  | { kind: "pinch"; dist: number; mx: number; my: number };

/**
 * The state of a before/after view and what moves it: the frame's size, the split, the shared
 * view (zoom and centre) and the gestures. One pointer drags the split (from the handle, or
 * anywhere while the whole content shows) or pans (zoomed in); two pinch; Ctrl/⌘ + wheel (a
 * trackpad's pinch arrives as one) or any wheel once zoomed in zooms about the pointer; the
 * keyboard zooms (+, -, 0) and pans (arrows) the focused frame.
 */
export function useCompareView(content: Size | null, maxScale: number) {
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

  const frameProps = {
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
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
    },
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      e.currentTarget.setPointerCapture?.(e.pointerId);
      pointers.current.set(e.pointerId, local(e));
      const onHandle = (e.target as Element).closest?.("[data-split-handle]");
      if (pointers.current.size >= 2) gesture.current = pinchOf();
      else if (live.current.view.zoom > 1.001 && !onHandle) gesture.current = { kind: "pan", ...local(e) };
      else {
        gesture.current = { kind: "split" };
        setSplit(splitAt(e.clientX));
      }
    },
    onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
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
    },
    onPointerUp: (e: PointerEvent<HTMLDivElement>) => {
      pointers.current.delete(e.pointerId);
      const rest = [...pointers.current.values()][0];
      gesture.current =
        rest && live.current.view.zoom > 1.001 ? { kind: "pan", x: rest.x, y: rest.y } : { kind: "none" };
    },
    onPointerCancel: (e: PointerEvent<HTMLDivElement>) => {
      pointers.current.delete(e.pointerId);
      gesture.current = { kind: "none" };
    },
  };

  return {
    frameRef,
    frame,
    view,
    limit,
    place,
    zoomed,
    split,
    setSplit,
    frameProps,
    zoomIn: () => zoomBy(2),
    zoomOut: () => zoomBy(0.5),
    fit: () => apply((_, _f, c) => initialView(c)),
  };
}
