import { Box, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { type LogoChoice, logoLayout } from "../../../schema/watermark-layout";
import { useT } from "../../i18n/provider";
import { PageThumbnail } from "../page-thumbnail";
import { usePdfDocument } from "../pdf-preview";

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

/** The logo's object URL and its size as the browser shows it (orientation applied), once loaded. */
function useLogo(logo: File | null | undefined) {
  const [state, setState] = useState<{ url: string; width: number; height: number } | null>(null);
  useEffect(() => {
    setState(null);
    if (!logo) return;
    const url = URL.createObjectURL(logo);
    const img = new Image();
    img.onload = () => setState({ url, width: img.naturalWidth, height: img.naturalHeight });
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [logo]);
  return state;
}

/** The logo where the server puts it (schema/watermark-layout.ts), over a page `ratio` wide to 1 high. */
function LogoMark({
  logo,
  choice,
  opacity,
  ratio,
}: {
  logo: { url: string; width: number; height: number };
  choice: LogoChoice;
  opacity: number;
  ratio: number;
}) {
  // In page points of an A4-high page: the layout's margins and sizes are relative anyway.
  const h = 842;
  const w = h * ratio;
  const layout = logoLayout({ width: w, height: h }, logo, choice);
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      style={{ position: "absolute", inset: 0, width: "100%", height: "100%", pointerEvents: "none" }}
      aria-hidden
      data-testid="watermark-logo"
      data-copies={layout.centres.length}
    >
      {layout.centres.map(([cx, cy]) => (
        <image
          key={`${cx},${cy}`}
          href={logo.url}
          x={-layout.width / 2}
          y={-layout.height / 2}
          width={layout.width}
          height={layout.height}
          opacity={opacity}
          preserveAspectRatio="none"
          // The layout's y runs up and its turn is counter-clockwise; SVG's y runs down.
          transform={`translate(${cx} ${h - cy}) rotate(${-choice.rotation})`}
        />
      ))}
    </svg>
  );
}

/** A live preview: the first page of the first chosen PDF (or a blank page) with the mark or the logo over it. */
export function WatermarkPreview({
  file,
  password,
  text,
  opacity,
  logo,
  logoChoice,
}: {
  file?: File;
  password?: string;
  text: string;
  opacity: number;
  logo?: File | null;
  logoChoice?: LogoChoice;
}) {
  const t = useT("watermark-pdf");
  const { doc, failed } = usePdfDocument(file, password);
  const image = useLogo(logo);
  return (
    <Box>
      <Box maxW="72" mx="auto" shadow="md" borderRadius="sm">
        <PageThumbnail
          doc={doc}
          pageNumber={1}
          width={288}
          blank={!file}
          failed={failed}
          overlay={(ratio) =>
            logo ? (
              image && logoChoice && <LogoMark logo={image} choice={logoChoice} opacity={opacity} ratio={ratio} />
            ) : (
              <Mark text={text.trim()} opacity={opacity} ratio={ratio} />
            )
          }
        />
      </Box>
      <Text fontSize="xs" color="fg.muted" textAlign="center" mt="3">
        {file ? t("preview.file", { name: file.name }) : t("preview.none")}
      </Text>
    </Box>
  );
}
