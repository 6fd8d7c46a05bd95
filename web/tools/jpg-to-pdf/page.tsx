import { Field, NativeSelect, SimpleGrid } from "@chakra-ui/react";
import { useState } from "react";
import type { MarginChoice, Orientation, PageSize } from "../../../schema/options";
import { useT } from "../../i18n/provider";
import { ToolLayout } from "../tool-layout";
import { UploadTool } from "../upload-tool";

/** The choices, in the order shown; each one's words are `size.<value>`... in the catalog. */
const SIZES: readonly PageSize[] = ["fit", "a4", "letter"];
const ORIENTATIONS: readonly Orientation[] = ["auto", "portrait", "landscape"];
const MARGINS: readonly MarginChoice[] = ["none", "small", "large"];

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

export function JpgToPdfPage() {
  const t = useT("jpg-to-pdf");
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
        startLabel={t("start")}
        resultLabel={t("result")}
        hint={t("hint")}
        options={
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" data-testid="page-layout">
            <Choice
              label={t("label.pageSize")}
              value={pageSize}
              options={SIZES.map((v) => ({ value: v, label: t(`size.${v}`) }))}
              onChange={(v) => setPageSize(v)}
            />
            <Choice
              label={t("label.orientation")}
              value={orientation}
              options={ORIENTATIONS.map((v) => ({ value: v, label: t(`orientation.${v}`) }))}
              onChange={(v) => setOrientation(v)}
              disabled={pageSize === "fit"}
            />
            <Choice
              label={t("label.margin")}
              value={margin}
              options={MARGINS.map((v) => ({ value: v, label: t(`margin.${v}`) }))}
              onChange={(v) => setMargin(v)}
            />
          </SimpleGrid>
        }
        fields={() => ({ pageSize, orientation, margin })}
      />
    </ToolLayout>
  );
}
