import { Box, Text } from "@chakra-ui/react";
import { PageThumbnail } from "./page-thumbnail";
import { usePdfDocument } from "./pdf-preview";

/** Cap height of a sans-serif face in ems: the same proportion the server lays the mark out with. */
const CAP = 0.72;
const FONT = "Helvetica, Arial, 'DejaVu Sans', sans-serif";

let measurer: CanvasRenderingContext2D | null | undefined;
/** The text's width at a font size of 1 (canvas measurement, or an average glyph width without one). */
function widthAt1(text: string): number {
  measurer ??= typeof document !== "undefined" ? document.createElement("canvas").getContext("2d") : null;
  if (!measurer) return text.length * 0.6;
  measurer.font = `100px ${FONT}`;
  return measurer.measureText(text).width / 100;
}

/**
 * Where the server puts the mark (worker/engine/watermark-pdf.ts): centred, along the diagonal
 * from bottom-left to top-right, filling about 80% of the page, its height at most a quarter.
 */
export function markLayout(text: string, w: number, h: number) {
  const angle = Math.atan2(h, w);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const W = Math.max(widthAt1(text), 0.01);
  const size = Math.min((0.8 * w) / (W * cos + CAP * sin), (0.8 * h) / (W * sin + CAP * cos), Math.min(w, h) / 4 / CAP);
  return { size, degrees: (angle * 180) / Math.PI };
}

function Mark({ text, opacity, ratio }: { text: string; opacity: number; ratio: number }) {
  const h = 1000;
  const w = h * ratio;
  const { size, degrees } = markLayout(text, w, h);
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      style={{ position: "absolute", inset: 0, width: "100%", height: "100%", pointerEvents: "none" }}
      aria-hidden
      data-testid="watermark-mark"
      data-opacity={opacity}
    >
      <text
        x={w / 2}
        y={h / 2}
        textAnchor="middle"
        dominantBaseline="central"
        // Inline style: the CSS reset's font-size would override SVG presentation attributes.
        style={{ fontSize: size, fontFamily: FONT, fontWeight: 400 }}
        fill="rgb(128,128,128)"
        fillOpacity={opacity}
        transform={`rotate(${-degrees} ${w / 2} ${h / 2})`}
      >
        {text}
      </text>
    </svg>
  );
}

/** A live preview: the first page of the first chosen PDF (or a blank page) with the mark over it. */
export function WatermarkPreview({ file, text, opacity }: { file?: File; text: string; opacity: number }) {
  const { doc, failed } = usePdfDocument(file);
  return (
    <Box>
      <Box maxW="72" mx="auto" shadow="md" borderRadius="sm">
        <PageThumbnail
          doc={doc}
          pageNumber={1}
          width={288}
          blank={!file}
          failed={failed}
          overlay={(ratio) => <Mark text={text.trim()} opacity={opacity} ratio={ratio} />}
        />
      </Box>
      <Text fontSize="xs" color="fg.muted" textAlign="center" mt="3">
        {file ? `Preview of page 1 of ${file.name}` : "Preview: choose a PDF to see it on your page"}
      </Text>
    </Box>
  );
}
