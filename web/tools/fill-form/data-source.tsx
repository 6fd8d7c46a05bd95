import { Alert, Box, Button, Checkbox, HStack, IconButton, Stack, Table, Text, VisuallyHidden } from "@chakra-ui/react";
import { useRef } from "react";
import { LuFileSpreadsheet, LuX } from "react-icons/lu";
import type { FormField } from "../../../schema/form-options";
import { type Translate, useT } from "../../i18n/provider";
import { toast } from "../../ui/toaster";
import { NumberField, SelectField } from "../fields";
import { cellText, type DataTable, matchColumns, readDataText } from "./data-file";

const SHOWN_ROWS = 5;
const MAX_DATA_MB = 2;

export interface MergeChoice {
  table: DataTable | null;
  /** The row last loaded into the form (from 1). */
  row: number;
  eachRow: boolean;
  /** The column that names each file; "" for the row's number. */
  nameBy: string;
}
export const NO_DATA: MergeChoice = { table: null, row: 1, eachRow: false, nameBy: "" };

/** The English problems of data-file.ts and request.ts, as the page's language words them. */
const DATA_ERRORS = {
  "This file is empty.": "data.error.empty",
  "This file is not valid JSON.": "data.error.json",
  'The JSON must be an object of field names to values, or a list of them, such as [{"Name": "Ada"}].':
    "data.error.jsonShape",
  "The CSV needs a header row of field names and at least one row of values.": "data.error.csv",
  "The data can be at most 2 MB of CSV or JSON.": "data.tooLargeText",
  "No column of the data file matches a field of this form.": "data.error.noMatch",
} as const;

export function dataErrorText(t: Translate<"fill-form">, error: string): string {
  const key = DATA_ERRORS[error as keyof typeof DATA_ERRORS];
  if (key) return t(key);
  const rows = /^A mail merge can make at most (\d+) PDFs; this file has (\d+) rows\.$/.exec(error);
  if (rows) return t("data.error.tooManyRows", { max: Number(rows[1]), count: Number(rows[2]) });
  return error;
}

export interface DataSourceProps {
  fields: FormField[];
  value: MergeChoice;
  onChange(next: MergeChoice): void;
  /** Loads a row (from 1) of the table into the form. */
  onUseRow(table: DataTable, row: number): void;
  disabled?: boolean;
}

/** "Fill from a file": a CSV or JSON file, its first rows, a row to load, or one PDF per row. */
export function DataSource({ fields, value, onChange, onUseRow, disabled }: DataSourceProps) {
  const t = useT("fill-form");
  const input = useRef<HTMLInputElement>(null);
  const { table } = value;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_DATA_MB * 1024 * 1024) {
      toast({
        title: t("data.tooLarge"),
        description: t("data.tooLargeText"),
        variant: "destructive",
      });
      return;
    }
    const read = readDataText(await file.text(), file.name);
    if ("error" in read) {
      toast({ title: t("data.unusable"), description: dataErrorText(t, read.error), variant: "destructive" });
      return;
    }
    onChange({ ...NO_DATA, table: read });
    onUseRow(read, 1);
  };

  const picker = (
    <VisuallyHidden>
      <input
        ref={input}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        data-testid="data-file-input"
        onChange={(e) => {
          void choose(e.currentTarget.files?.[0]);
          e.currentTarget.value = "";
        }}
      />
    </VisuallyHidden>
  );

  if (!table) {
    return (
      <Stack gap="2">
        <Text fontSize="sm" color="fg.muted">
          {t("data.intro")}
        </Text>
        <Button
          variant="outline"
          size="sm"
          alignSelf="start"
          onClick={() => input.current?.click()}
          disabled={disabled}
        >
          <LuFileSpreadsheet aria-hidden /> {t("data.choose")}
        </Button>
        {picker}
      </Stack>
    );
  }

  const { matched, unmatched } = matchColumns(table.columns, fields);
  const n = table.rows.length;
  const columns = [...table.columns].sort((a, b) => Number(matched.has(b)) - Number(matched.has(a)));
  return (
    <Stack gap="3" data-testid="data-source">
      <HStack gap="2">
        <LuFileSpreadsheet aria-hidden />
        <Stack gap="0" flex="1" minW="0">
          <Text fontWeight="medium" truncate title={table.fileName}>
            {table.fileName}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {t("data.summary", { rows: n, matched: matched.size, columns: table.columns.length })}
          </Text>
        </Stack>
        <IconButton size="xs" variant="ghost" aria-label={t("data.remove")} onClick={() => onChange(NO_DATA)}>
          <LuX />
        </IconButton>
      </HStack>
      {matched.size === 0 ? (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Description>{t("data.noMatch")}</Alert.Description>
        </Alert.Root>
      ) : (
        unmatched.length > 0 && (
          <Text fontSize="xs" color="fg.muted" data-testid="unmatched-columns">
            {t("data.unmatched", { columns: unmatched.join(t("listSeparator")) })}
          </Text>
        )
      )}
      <Box overflowX="auto" borderWidth="1px" borderRadius="md" maxW="full">
        <Table.Root size="sm" variant="line" interactive>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="1">{t("data.row")}</Table.ColumnHeader>
              {columns.map((c) => (
                <Table.ColumnHeader key={c} color={matched.has(c) ? undefined : "fg.subtle"} whiteSpace="nowrap">
                  {c}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {table.rows.slice(0, SHOWN_ROWS).map((r, i) => {
              const row = i + 1;
              const chosen = !value.eachRow && value.row === row;
              return (
                <Table.Row
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
                  key={i}
                  cursor={value.eachRow ? undefined : "pointer"}
                  bg={chosen ? "brand.subtle" : undefined}
                  aria-selected={chosen}
                  onClick={() => !value.eachRow && !disabled && onUseRow(table, row)}
                >
                  <Table.Cell>{row}</Table.Cell>
                  {columns.map((c) => (
                    <Table.Cell key={c} maxW="40" truncate title={cellText(r[c])}>
                      {cellText(r[c])}
                    </Table.Cell>
                  ))}
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
      {n > SHOWN_ROWS && (
        <Text fontSize="xs" color="fg.muted">
          {t("data.showing", { shown: SHOWN_ROWS, count: n })}
        </Text>
      )}
      {!value.eachRow && (
        <HStack gap="2" align="end">
          <Box maxW="28">
            <NumberField
              label={t("data.row")}
              value={value.row}
              min={1}
              max={n}
              onChange={(row) => onChange({ ...value, row })}
              disabled={disabled}
            />
          </Box>
          <Button
            size="sm"
            variant="outline"
            disabled={disabled || !Number.isInteger(value.row) || value.row < 1 || value.row > n}
            onClick={() => onUseRow(table, value.row)}
          >
            {t("data.useRow")}
          </Button>
        </HStack>
      )}
      <Checkbox.Root
        size="sm"
        checked={value.eachRow}
        disabled={disabled || matched.size === 0}
        onCheckedChange={(e) => onChange({ ...value, eachRow: e.checked === true })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t("data.eachRow")}</Checkbox.Label>
      </Checkbox.Root>
      {value.eachRow && (
        <Stack gap="2">
          <SelectField
            label={t("data.nameBy")}
            value={value.nameBy}
            onChange={(nameBy) => onChange({ ...value, nameBy })}
            options={[{ value: "", label: t("data.rowNumber") }, ...table.columns.map((c) => ({ value: c, label: c }))]}
            disabled={disabled}
          />
          <Text fontSize="xs" color="fg.muted">
            {t("data.eachRowNote")}
          </Text>
        </Stack>
      )}
      {picker}
    </Stack>
  );
}
