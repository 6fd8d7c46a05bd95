import { Box, Card, Checkbox, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import type { FieldValue, FormField } from "../../../schema/form-options";
import { useT } from "../../i18n/provider";
import { DataSource, type DataSourceProps } from "./data-source";
import { FieldList } from "./field-list";
import { FormPage } from "./form-page";

export interface FormEditorProps {
  doc: PDFDocumentProxy | null;
  previewFailed: boolean;
  pageCount: number;
  fields: FormField[];
  values: Record<string, FieldValue>;
  onChange(name: string, value: FieldValue): void;
  data: Omit<DataSourceProps, "fields">;
  flatten: boolean;
  onFlatten(on: boolean): void;
  disabled?: boolean;
}

/** The form on its pages (an input over each field) beside the same fields as a list, then the options. */
export function FormEditor(p: FormEditorProps) {
  const t = useT("fill-form");
  const pages = Array.from({ length: p.pageCount }, (_, i) => i + 1);
  return (
    <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 1fr) 20rem" }} gap="6" alignItems="start">
      <Stack gap="4" minW="0">
        {p.previewFailed && (
          <Text fontSize="sm" color="fg.muted">
            {t("editor.cannotShow")}
          </Text>
        )}
        <Text fontSize="sm" color="fg.muted" display={{ base: "block", lg: "none" }}>
          {t("editor.typeHint")}
        </Text>
        {pages.map((n) => (
          <FormPage
            key={n}
            doc={p.doc}
            failed={p.previewFailed}
            pageNumber={n}
            fields={p.fields}
            values={p.values}
            onChange={p.onChange}
          />
        ))}
      </Stack>
      <Stack gap="4">
        <Card.Root variant="outline" bg="surface" borderRadius="xl">
          <Card.Body gap="3" p="4">
            <Heading as="h2" size="sm">
              {t("editor.fields", { count: p.fields.length })}
            </Heading>
            <Box maxH={{ lg: "50vh" }} overflowY={{ lg: "auto" }} pe={{ lg: "2" }} mx="-1" px="1">
              <FieldList fields={p.fields} values={p.values} onChange={p.onChange} />
            </Box>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline" bg="surface" borderRadius="xl">
          <Card.Body gap="3" p="4">
            <Heading as="h2" size="sm">
              {t("editor.fromFile")}
            </Heading>
            <DataSource fields={p.fields} {...p.data} disabled={p.disabled} />
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline" bg="surface" borderRadius="xl">
          <Card.Body p="4">
            <Checkbox.Root
              size="sm"
              checked={p.flatten}
              onCheckedChange={(e) => p.onFlatten(e.checked === true)}
              disabled={p.disabled}
              alignItems="flex-start"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label>{t("editor.flatten")}</Checkbox.Label>
            </Checkbox.Root>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Grid>
  );
}
