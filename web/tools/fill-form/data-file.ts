import { parseCsv } from "../../../schema/csv";
import { type FormField, MAX_FORM_DATA_CHARS, MAX_MERGE_ROWS } from "../../../schema/form-options";
import { coerceValue, type FormValues, fillable } from "./values";

/** A CSV or JSON file of values: its columns (the CSV header, or the JSON keys) and its rows. */
export interface DataTable {
  fileName: string;
  columns: string[];
  rows: Record<string, unknown>[];
}

const isRecord = (x: unknown): x is Record<string, unknown> => !!x && typeof x === "object" && !Array.isArray(x);

/** Reads the text of a .csv or .json file; a message a person can act on when it is neither. */
export function readDataText(text: string, fileName: string): DataTable | { error: string } {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (trimmed === "") return { error: "This file is empty." };
  const json = /\.json$/i.test(fileName) || trimmed.startsWith("{") || trimmed.startsWith("[");
  if (json) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return { error: "This file is not valid JSON." };
    }
    const rows = Array.isArray(parsed) ? parsed : [parsed];
    if (rows.length === 0 || !rows.every(isRecord)) {
      return {
        error: 'The JSON must be an object of field names to values, or a list of them, such as [{"Name": "Ada"}].',
      };
    }
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    return { fileName, columns, rows };
  }
  const lines = parseCsv(trimmed);
  const [header, ...body] = lines;
  const columns = header.map((h) => h.trim());
  if (body.length === 0) return { error: "The CSV needs a header row of field names and at least one row of values." };
  const rows = body.map((cells) => Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? ""])));
  return { fileName, columns: columns.filter((c) => c !== ""), rows };
}

/** Which field each column fills (names compared without case or outer spaces), and the columns that fill none. */
export function matchColumns(columns: readonly string[], fields: readonly FormField[]) {
  const byName = new Map(fillable(fields).map((f) => [f.name.trim().toLowerCase(), f]));
  const matched = new Map<string, FormField>();
  const unmatched: string[] = [];
  for (const c of columns) {
    const field = byName.get(c.trim().toLowerCase());
    if (field && !field.readOnly) matched.set(c, field);
    else unmatched.push(c);
  }
  return { matched, unmatched };
}

/** One row's values, by field name. */
export function rowValues(row: Record<string, unknown>, matched: ReadonlyMap<string, FormField>): FormValues {
  const out: FormValues = {};
  for (const [column, field] of matched) if (column in row) out[field.name] = coerceValue(field, row[column]);
  return out;
}

/**
 * The `data` field of a mail merge: every row as a JSON object whose keys are the form's own field
 * names (so the server needs no guessing about case or checkbox words), other columns kept as they
 * are (one of them may name the files).
 */
export function mergeData(table: DataTable, matched: ReadonlyMap<string, FormField>): string | { error: string } {
  if (table.rows.length > MAX_MERGE_ROWS) {
    return { error: `A mail merge can make at most ${MAX_MERGE_ROWS} PDFs; this file has ${table.rows.length} rows.` };
  }
  const rows = table.rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) if (!matched.has(k)) out[k] = v == null ? "" : v;
    return { ...out, ...rowValues(row, matched) };
  });
  const data = JSON.stringify(rows);
  if (data.length > MAX_FORM_DATA_CHARS) return { error: "The data can be at most 2 MB of CSV or JSON." };
  return data;
}

/** A cell as the preview table shows it. */
export function cellText(value: unknown): string {
  if (value == null) return "";
  if (Array.isArray(value)) return value.map(String).join("; ");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
