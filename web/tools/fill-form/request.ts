import type { FormField } from "../../../schema/form-options";
import { type DataTable, matchColumns, mergeData } from "./data-file";
import { changedValues, type FormValues } from "./values";

export interface FillChoice {
  fields: FormField[];
  values: FormValues;
  flatten: boolean;
  /** A mail merge: one PDF per row of this table. */
  merge?: { table: DataTable; nameBy: string };
}

/** The fields of POST /api/convert/fill-form (the file and its password are added by the caller). */
export function fillRequest({
  fields,
  values,
  flatten,
  merge,
}: FillChoice): Record<string, string> | { error: string } {
  const out: Record<string, string> = {
    values: JSON.stringify(changedValues(fields, values)),
    flatten: String(flatten),
  };
  if (!merge) return out;
  const { matched } = matchColumns(merge.table.columns, fields);
  if (matched.size === 0) return { error: "No column of the data file matches a field of this form." };
  const data = mergeData(merge.table, matched);
  if (typeof data !== "string") return data;
  out.data = data;
  out.eachRow = "true";
  // A column that fills a field travels under the field's own name.
  if (merge.nameBy) out.nameBy = matched.get(merge.nameBy)?.name ?? merge.nameBy;
  return out;
}
