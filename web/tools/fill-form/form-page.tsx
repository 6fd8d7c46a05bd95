import { AspectRatio, Box, Center, chakra, Icon, Skeleton } from "@chakra-ui/react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useRef, useState } from "react";
import { LuFileText } from "react-icons/lu";
import type { FieldValue, FormField } from "../../../schema/form-options";
import { useT } from "../../i18n/provider";
import { renderPage } from "../pdf-preview";
import { turnOf, usePageTurns } from "./widget-turns";

/** pdf.js AnnotationMode.ENABLE_FORMS: comments and stamps are drawn, the form's own fields are not (our inputs are). */
const WITHOUT_FIELDS = 2;
/** Pages are drawn at one of a few widths, so resizing the window does not redraw them at every step. */
const renderWidth = (w: number) => Math.min(1600, Math.max(400, Math.ceil(w / 300) * 300));

export interface FormPageProps {
  doc: PDFDocumentProxy | null;
  failed?: boolean;
  pageNumber: number;
  fields: FormField[];
  values: Record<string, FieldValue>;
  onChange(name: string, value: FieldValue): void;
}

/** One page of the form, drawn when it scrolls into view, with an input over each of its fields. */
export function FormPage({ doc, failed, pageNumber, fields, values, onChange }: FormPageProps) {
  const t = useT("fill-form");
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"waiting" | "drawn" | "failed">("waiting");
  const [ratio, setRatio] = useState(1 / Math.SQRT2);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const box = frame.current;
    if (!box) return;
    const observer = new ResizeObserver(([e]) => setWidth(e.contentRect.width));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const drawWidth = width > 0 ? renderWidth(width) : 0;
  useEffect(() => {
    const el = canvas.current;
    const box = frame.current;
    if (!doc || !el || !box || drawWidth === 0) return;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        renderPage(doc, pageNumber, el, drawWidth, WITHOUT_FIELDS)
          .then((r) => {
            if (cancelled) return;
            setRatio(r);
            setState("drawn");
          })
          .catch(() => !cancelled && setState("failed"));
      },
      { rootMargin: "400px" },
    );
    observer.observe(box);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [doc, pageNumber, drawWidth]);

  const turns = usePageTurns(doc, pageNumber);
  const pageHeight = width / ratio;
  const plain = failed || state === "failed";
  return (
    <AspectRatio ratio={ratio} w="full">
      <Box
        ref={frame}
        bg="white"
        overflow="hidden"
        borderWidth="1px"
        borderColor="border"
        borderRadius="sm"
        shadow="md"
        position="relative"
        data-testid="form-page"
        data-page={pageNumber}
        aria-label={t("list.page", { page: pageNumber })}
        role="group"
        // Native checkboxes, radios and lists follow the theme; on white paper they must stay light.
        colorScheme="light"
      >
        {!plain && state === "waiting" && <Skeleton position="absolute" inset="0" />}
        {plain && (
          <Center position="absolute" inset="0" color="gray.400">
            <Icon as={LuFileText} boxSize="10" />
          </Center>
        )}
        <canvas
          ref={canvas}
          aria-hidden
          style={{ width: "100%", height: "100%", display: state === "drawn" ? "block" : "none" }}
        />
        {width > 0 &&
          fields.flatMap((f) =>
            f.widgets
              .map((w, i) => ({ w, i }))
              .filter(({ w }) => w.page === pageNumber)
              .map(({ w, i }) => {
                // A field turned on the page is turned here too: its input lies along the box, as its text does.
                const turn = f.type === "checkbox" || f.type === "radio" ? 0 : turnOf(f.name, w, turns);
                const sideways = turn === 90 || turn === 270;
                const boxW = w.width * width;
                const boxH = w.height * pageHeight;
                const [inputW, inputH] = sideways ? [boxH, boxW] : [boxW, boxH];
                return (
                  <Box
                    key={`${f.name}#${i}`}
                    position="absolute"
                    // The paper does not mirror in right-to-left languages: a field stays where the PDF puts it.
                    left={`${w.x * 100}%`}
                    top={`${w.y * 100}%`}
                    w={`${w.width * 100}%`}
                    h={`${w.height * 100}%`}
                  >
                    <Box
                      position="absolute"
                      top="50%"
                      left="50%"
                      w={turn ? `${inputW}px` : "100%"}
                      h={turn ? `${inputH}px` : "100%"}
                      transform={`translate(-50%, -50%)${turn ? ` rotate(${turn}deg)` : ""}`}
                      data-turn={turn}
                    >
                      <WidgetInput
                        field={f}
                        option={w.option}
                        value={values[f.name]}
                        onChange={(v) => onChange(f.name, v)}
                        px={{ w: inputW, h: inputH, page: width }}
                      />
                    </Box>
                  </Box>
                );
              }),
          )}
      </Box>
    </AspectRatio>
  );
}

// The page is always white, in either theme: the inputs use fixed colours that read on paper.
const look = {
  w: "100%",
  h: "100%",
  bg: "rgba(219, 234, 254, 0.75)",
  color: "#111827",
  border: "1px solid rgba(37, 99, 235, 0.55)",
  borderRadius: "2px",
  px: "2px",
  outline: "none",
  _focusVisible: { outline: "2px solid #2563eb", outlineOffset: "1px", bg: "rgba(219, 234, 254, 0.95)" },
  _disabled: { bg: "rgba(229, 231, 235, 0.6)", cursor: "not-allowed" },
  _invalid: { borderColor: "#dc2626" },
} as const;

function WidgetInput({
  field,
  option,
  value,
  onChange,
  px,
}: {
  field: FormField;
  option?: string;
  value: FieldValue | undefined;
  onChange(v: FieldValue): void;
  /** The widget's size and the page's width, in CSS pixels. */
  px: { w: number; h: number; page: number };
}) {
  // About 11 points on a Letter or A4 page: what forms use, whatever the field's height.
  const body = px.page / 52;
  const font = `${Math.max(7, Math.min(16, px.h * 0.62, body * 1.3))}px`;
  const small = `${Math.max(7, Math.min(14, body))}px`;
  const common = {
    disabled: field.readOnly,
    "aria-required": field.required || undefined,
    title: field.name,
    "data-field": field.name,
  };
  const mark = `${Math.max(10, Math.min(24, Math.min(px.w, px.h) * 0.85))}px`;
  if (field.type === "checkbox" || field.type === "radio") {
    const radio = field.type === "radio";
    return (
      <Center w="100%" h="100%" bg="rgba(219, 234, 254, 0.6)" borderRadius={radio ? "full" : "2px"}>
        <chakra.input
          type={radio ? "radio" : "checkbox"}
          {...common}
          name={radio ? `page-${field.name}` : undefined}
          aria-label={radio ? `${field.name}: ${option ?? ""}` : field.name}
          checked={radio ? value === option : value === true}
          onChange={(e) => onChange(radio ? (option ?? "") : e.currentTarget.checked)}
          w={mark}
          h={mark}
          m="0"
          accentColor="#2563eb"
          cursor="pointer"
        />
      </Center>
    );
  }
  if (field.type === "dropdown" || field.type === "list") {
    const many = field.type === "list" && field.multiSelect;
    const list = field.type === "list";
    const size = list ? Math.max(2, Math.floor(px.h / (Number.parseFloat(small) * 1.4))) : undefined;
    return (
      <chakra.select
        {...common}
        {...look}
        aria-label={field.name}
        fontSize={list ? small : font}
        multiple={many}
        htmlSize={size}
        value={many ? (Array.isArray(value) ? value : []) : typeof value === "string" ? value : ""}
        onChange={(e) =>
          onChange(many ? Array.from(e.currentTarget.selectedOptions, (o) => o.value) : e.currentTarget.value)
        }
      >
        {!many && field.type === "dropdown" && <option value="" />}
        {(field.options ?? []).map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </chakra.select>
    );
  }
  const text = typeof value === "string" ? value : "";
  if (field.multiline) {
    return (
      <chakra.textarea
        {...common}
        {...look}
        aria-label={field.name}
        fontSize={small}
        lineHeight="1.2"
        resize="none"
        maxLength={field.maxLength}
        value={text}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  return (
    <chakra.input
      {...common}
      {...look}
      aria-label={field.name}
      placeholder={field.dateFormat}
      fontSize={font}
      maxLength={field.maxLength}
      value={text}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
