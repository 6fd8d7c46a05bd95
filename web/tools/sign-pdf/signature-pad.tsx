import { Box, Button, HStack, Text } from "@chakra-ui/react";
import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef } from "react";
import { LuEraser, LuUndo2 } from "react-icons/lu";
import { useT } from "../../i18n/provider";
import { drawStrokes, INK, type InkColour } from "./image";
import { addPoint, type InkPoint, type Stroke } from "./ink";

const HEIGHT = 200;

/**
 * A pad to sign on with a mouse, a pen or a finger: strokes are smoothed into curves whose width
 * follows the pen's pressure or the speed. The strokes live with the caller, so Undo and Clear
 * (and a switch of tab) keep or drop them there.
 */
export function SignaturePad({
  strokes,
  onChange,
  colour,
}: {
  strokes: Stroke[];
  onChange(strokes: Stroke[]): void;
  colour: InkColour;
}) {
  const t = useT("sign-pdf");
  const canvas = useRef<HTMLCanvasElement>(null);
  const live = useRef<Stroke | null>(null);
  const done = useRef(strokes);
  done.current = strokes;

  const paint = useCallback(() => {
    const c = canvas.current;
    const ctx = c?.getContext("2d");
    if (!c || !ctx) return;
    const ratio = c.width / Math.max(1, c.clientWidth);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, c.width, c.height);
    const all = live.current ? [...done.current, live.current] : done.current;
    drawStrokes(ctx, all, INK[colour], ratio);
  }, [colour]);

  // The canvas matches its box in device pixels, so the ink stays sharp on any screen.
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const size = () => {
      const dpr = Math.min(window.devicePixelRatio || 1, 3);
      c.width = Math.max(1, Math.round(c.clientWidth * dpr));
      c.height = Math.max(1, Math.round(c.clientHeight * dpr));
      paint();
    };
    size();
    const observer = new ResizeObserver(size);
    observer.observe(c);
    return () => observer.disconnect();
  }, [paint]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: paint reads the strokes through a ref.
  useEffect(paint, [strokes, paint]);

  const point = (e: PointerEvent | ReactPointerEvent): InkPoint => {
    const r = canvas.current?.getBoundingClientRect();
    return {
      x: e.clientX - (r?.left ?? 0),
      y: e.clientY - (r?.top ?? 0),
      t: e.timeStamp,
      pressure: e.pointerType === "pen" ? e.pressure : 0.5,
    };
  };

  const down = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    live.current = { points: [point(e)], pen: e.pointerType === "pen" && e.pressure > 0 };
    paint();
  };
  const move = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!live.current) return;
    // Fast strokes deliver several samples per frame: take them all for smooth curves.
    const samples = e.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const s of samples.length > 0 ? samples : [e.nativeEvent]) live.current = addPoint(live.current, point(s));
    paint();
  };
  const up = () => {
    const s = live.current;
    live.current = null;
    if (s) onChange([...done.current, s]);
  };

  const empty = strokes.length === 0;
  return (
    <Box>
      <Box
        position="relative"
        h={`${HEIGHT}px`}
        bg="white"
        borderWidth="1px"
        borderColor="border.emphasized"
        borderRadius="lg"
        overflow="hidden"
        _focusWithin={{ outline: "2px solid", outlineColor: "colorPalette.focusRing" }}
      >
        {/* The line to sign on, as on paper; not part of the image. */}
        <Box
          position="absolute"
          insetStart="6%"
          insetEnd="6%"
          bottom="28%"
          borderBottomWidth="1px"
          borderColor="gray.300"
        />
        {empty && (
          <Text
            position="absolute"
            insetStart="6%"
            bottom="calc(28% + 0.5rem)"
            color="gray.500"
            fontSize="sm"
            pointerEvents="none"
          >
            {t("pad.signHere")}
          </Text>
        )}
        <canvas
          ref={canvas}
          data-testid="signature-pad"
          aria-label={t("pad.label")}
          role="img"
          style={{
            position: "absolute",
            inset: 0,
            width: "100%",
            height: "100%",
            touchAction: "none",
            cursor: "crosshair",
          }}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
          onLostPointerCapture={up}
        />
      </Box>
      <HStack mt="2" gap="2">
        <Button size="xs" variant="outline" onClick={() => onChange(strokes.slice(0, -1))} disabled={empty}>
          <LuUndo2 aria-hidden /> {t("pad.undo")}
        </Button>
        <Button size="xs" variant="outline" onClick={() => onChange([])} disabled={empty}>
          <LuEraser aria-hidden /> {t("pad.clear")}
        </Button>
      </HStack>
    </Box>
  );
}

/** Black or blue ink, as two small swatches. */
export function InkPicker({ value, onChange }: { value: InkColour; onChange(c: InkColour): void }) {
  const t = useT("sign-pdf");
  return (
    <HStack gap="2" role="group" aria-label={t("ink.label")}>
      <Text fontSize="sm" color="fg.muted">
        {t("ink.title")}
      </Text>
      {(Object.keys(INK) as InkColour[]).map((c) => (
        <Button
          key={c}
          size="xs"
          variant={value === c ? "subtle" : "ghost"}
          aria-pressed={value === c}
          onClick={() => onChange(c)}
          textTransform="capitalize"
        >
          <Box
            as="span"
            boxSize="3"
            borderRadius="full"
            borderWidth="1px"
            borderColor="border.emphasized"
            style={{ background: INK[c] }}
            aria-hidden
          />
          {t(`ink.${c}`)}
        </Button>
      ))}
    </HStack>
  );
}
