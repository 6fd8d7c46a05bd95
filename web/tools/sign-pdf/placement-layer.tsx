import { Box, Text } from "@chakra-ui/react";
import {
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useEffect,
  useRef,
} from "react";
import { LuRotateCw, LuX } from "react-icons/lu";
import { useT } from "../../i18n/provider";
import { angleTowards, heightFor, keyNudge, moveBy, type Placed, scaleBy } from "./placement";

type Grip = "move" | "resize" | "rotate";
const pct = (v: number) => `${v * 100}%`;

export interface PlacementLayerProps {
  page: number;
  /** The page's width / height as shown. */
  ratio: number;
  placed: readonly Placed[];
  selected: string | null;
  /** The signature image (null: none made yet) and its width / height. */
  image: { url: string; aspect: number } | null;
  /** The lines under each box, as the engine writes them (name, date). */
  caption: string[];
  onPlace(page: number, cx: number, cy: number, ratio: number): void;
  onChange(p: Placed): void;
  onSelect(id: string | null): void;
  onDelete(id: string): void;
}

/**
 * The signatures on one page preview: click the page to place one; drag a box to move it, its
 * corner to resize it (the shape stays), its round handle to turn it; arrow keys nudge it.
 */
export function PlacementLayer(props: PlacementLayerProps) {
  const { page, ratio, placed, selected, image, caption, onPlace, onSelect, onChange, onDelete } = props;
  const layer = useRef<HTMLDivElement>(null);
  const onPage = placed.filter((p) => p.page === page);

  const click = (e: ReactMouseEvent) => {
    if (e.target !== e.currentTarget) return;
    const r = e.currentTarget.getBoundingClientRect();
    if (r.width === 0) return;
    onPlace(page, (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height, ratio);
  };

  return (
    <Box
      ref={layer}
      position="absolute"
      inset="0"
      cursor={image ? "copy" : "default"}
      onClick={click}
      data-testid={`sign-page-${page}`}
      css={{ containerType: "inline-size" }}
    >
      {image &&
        onPage.map((p) => (
          <PlacedBox
            key={p.id}
            p={p}
            aspect={image.aspect}
            url={image.url}
            caption={caption}
            active={p.id === selected}
            layer={layer}
            onChange={onChange}
            onSelect={onSelect}
            onDelete={onDelete}
          />
        ))}
    </Box>
  );
}

function PlacedBox({
  p,
  aspect,
  url,
  caption,
  active,
  layer,
  onChange,
  onSelect,
  onDelete,
}: Pick<PlacementLayerProps, "caption" | "onChange" | "onSelect" | "onDelete"> & {
  p: Placed;
  aspect: number;
  url: string;
  active: boolean;
  layer: RefObject<HTMLDivElement | null>;
}) {
  const t = useT("sign-pdf");
  const start = useRef<{ grip: Grip; x: number; y: number; p: Placed; dist: number } | null>(null);
  const self = useRef<HTMLDivElement>(null);
  // A box placed with a button may land below the part of the page in view: bring it into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when it first appears.
  useEffect(() => {
    if (active) self.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, []);
  const h = heightFor(p.width, aspect, p.ratio);

  /** The box's centre on screen, in client pixels. */
  const centre = () => {
    const r = layer.current?.getBoundingClientRect();
    return r ? { x: r.left + p.cx * r.width, y: r.top + p.cy * r.height, w: r.width, h: r.height } : null;
  };
  const down = (grip: Grip) => (e: ReactPointerEvent) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    const c = centre();
    const dist = c ? Math.hypot(e.clientX - c.x, e.clientY - c.y) : 1;
    start.current = { grip, x: e.clientX, y: e.clientY, p, dist: Math.max(1, dist) };
    onSelect(p.id);
    (e.currentTarget.closest("[data-placement]") as HTMLElement | null)?.focus({ preventScroll: true });
  };
  const move = (e: ReactPointerEvent) => {
    const s = start.current;
    const c = centre();
    if (!s || !c || c.w === 0) return;
    if (s.grip === "move") onChange(moveBy(s.p, (e.clientX - s.x) / c.w, (e.clientY - s.y) / c.h, aspect));
    else if (s.grip === "resize") onChange(scaleBy(s.p, Math.hypot(e.clientX - c.x, e.clientY - c.y) / s.dist, aspect));
    else onChange({ ...s.p, rotation: angleTowards(c.x, c.y, e.clientX, e.clientY) });
  };
  const up = () => {
    start.current = null;
  };
  const key = (e: KeyboardEvent) => {
    if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      onDelete(p.id);
      return;
    }
    const next = keyNudge(p, e.key, e.shiftKey, aspect);
    if (next) {
      e.preventDefault();
      onChange(next);
    }
  };
  const pointer = { onPointerMove: move, onPointerUp: up, onPointerCancel: up };
  const handle = {
    position: "absolute" as const,
    bg: "white",
    color: "brand.solid",
    borderWidth: "2px",
    borderColor: "brand.solid",
    borderRadius: "full",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    boxSize: "6",
    fontSize: "xs",
    shadow: "sm",
    transform: "translate(-50%, -50%)",
    style: { touchAction: "none" as const },
  };

  return (
    <>
      <Box
        ref={self}
        data-placement={p.id}
        data-testid="placed-signature"
        data-page={p.page}
        tabIndex={0}
        role="group"
        aria-label={t("box.label", { page: p.page })}
        position="absolute"
        cursor="move"
        outline={active ? "2px solid" : "1px dashed"}
        outlineColor={active ? "brand.solid" : "blackAlpha.500"}
        outlineOffset="2px"
        _focusVisible={{ outline: "3px solid", outlineColor: "brand.solid" }}
        style={{
          left: pct(p.cx - p.width / 2),
          top: pct(p.cy - h / 2),
          width: pct(p.width),
          height: pct(h),
          transform: `rotate(${p.rotation}deg)`,
          touchAction: "none",
        }}
        onPointerDown={down("move")}
        onFocus={() => onSelect(p.id)}
        onKeyDown={key}
        onClick={(e) => e.stopPropagation()}
        {...pointer}
      >
        <img
          src={url}
          alt=""
          draggable={false}
          style={{ width: "100%", height: "100%", display: "block", pointerEvents: "none", userSelect: "none" }}
        />
        {active && (
          <>
            <Box
              {...handle}
              left="50%"
              top="-18px"
              cursor="grab"
              aria-label={t("box.turn")}
              data-grip="rotate"
              onPointerDown={down("rotate")}
              {...pointer}
            >
              <LuRotateCw aria-hidden />
            </Box>
            <Box
              {...handle}
              boxSize="4"
              borderRadius="sm"
              left="100%"
              top="100%"
              cursor="nwse-resize"
              data-grip="resize"
              onPointerDown={down("resize")}
              {...pointer}
            />
            <Box
              as="button"
              {...handle}
              left="100%"
              top="0"
              cursor="pointer"
              aria-label={t("box.remove", { page: p.page })}
              data-grip="delete"
              onPointerDown={(e: ReactPointerEvent) => e.stopPropagation()}
              onClick={(e: ReactMouseEvent) => {
                e.stopPropagation();
                onDelete(p.id);
              }}
            >
              <LuX aria-hidden />
            </Box>
          </>
        )}
      </Box>
      {caption.length > 0 && <Caption p={p} h={h} lines={caption} />}
    </>
  );
}

/** A page's longer side in points, for the caption's size: A4 and Letter are near enough. */
const LONG_SIDE_PT = 842;

/**
 * The line and the name and date under the box, as the engine writes them: upright whatever the
 * box's turn, in text of 16% of the box's height (6 to 11 points).
 */
function Caption({ p, h, lines }: { p: Placed; h: number; lines: string[] }) {
  const pageW = p.ratio < 1 ? LONG_SIDE_PT * p.ratio : LONG_SIDE_PT;
  const pageH = pageW / p.ratio;
  const sizePt = Math.min(11, Math.max(6, h * pageH * 0.16));
  return (
    <Box
      position="absolute"
      pointerEvents="none"
      color="gray.800"
      borderTopWidth="1px"
      borderColor="gray.500"
      data-testid="signature-caption"
      style={{
        left: pct(p.cx - p.width / 2),
        top: pct(p.cy + h / 2),
        minWidth: pct(Math.max(p.width, 40 / pageW)),
        fontSize: `${(sizePt / pageW) * 100}cqw`,
        lineHeight: 1.25,
        whiteSpace: "nowrap",
      }}
    >
      {lines.map((line) => (
        <Text key={line} fontSize="inherit">
          {line}
        </Text>
      ))}
    </Box>
  );
}
