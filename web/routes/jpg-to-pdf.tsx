import { Field, NativeSelect, SimpleGrid } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import type { MarginChoice, Orientation, PageSize } from "../../schema/options";
import { namespaces } from "../i18n/loader";
import { ToolLayout } from "../tools/tool-layout";
import { UploadTool } from "../tools/upload-tool";

export const Route = createFileRoute("/jpg-to-pdf")({ component: JpgToPdfPage, loader: namespaces("tool-shell") });

const SIZES: { value: PageSize; label: string }[] = [
  { value: "fit", label: "Fit to the image" },
  { value: "a4", label: "A4" },
  { value: "letter", label: "US Letter" },
];
const ORIENTATIONS: { value: Orientation; label: string }[] = [
  { value: "auto", label: "Auto (as the image)" },
  { value: "portrait", label: "Portrait" },
  { value: "landscape", label: "Landscape" },
];
const MARGINS: { value: MarginChoice; label: string }[] = [
  { value: "none", label: "No margin" },
  { value: "small", label: "Small (¼ inch)" },
  { value: "large", label: "Large (½ inch)" },
];

function Choice<T extends string>(props: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  disabled?: boolean;
  onChange(value: T): void;
}) {
  return (
    <Field.Root disabled={props.disabled}>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.currentTarget.value as T)}>
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function JpgToPdfPage() {
  const [pageSize, setPageSize] = useState<PageSize>("fit");
  const [orientation, setOrientation] = useState<Orientation>("auto");
  const [margin, setMargin] = useState<MarginChoice>("none");
  return (
    <ToolLayout toolId="jpg-to-pdf">
      <UploadTool
        toolId="jpg-to-pdf"
        mode="batch"
        sortable
        previews
        startLabel="Convert to PDF"
        resultLabel="Download PDF"
        hint="Each image becomes a page, from top to bottom."
        options={
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" data-testid="page-layout">
            <Choice label="Page size" value={pageSize} options={SIZES} onChange={(v) => setPageSize(v)} />
            <Choice
              label="Orientation"
              value={orientation}
              options={ORIENTATIONS}
              onChange={(v) => setOrientation(v)}
              disabled={pageSize === "fit"}
            />
            <Choice label="Margin" value={margin} options={MARGINS} onChange={(v) => setMargin(v)} />
          </SimpleGrid>
        }
        fields={() => ({ pageSize, orientation, margin })}
      />
    </ToolLayout>
  );
}
