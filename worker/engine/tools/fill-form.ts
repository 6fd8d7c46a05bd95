import { parseCsv } from "../../../schema/csv";
import type { FieldValue } from "../../../schema/form-options";
import { MAX_MERGE_ROWS } from "../../../schema/form-options";
import type { OptionsOf } from "../../../schema/options";
import { EngineError } from "../core/errors";
import { cleanFileName, derivedName } from "../core/filenames";
import { fillEachRow, fillForm } from "../pdf/fill-form";
import type { FillReport } from "../pdf/form-fields";
import type { Tool } from "./types";

type Row = Record<string, FieldValue>;

const invalid = (message: string) => new EngineError("validation_failed", message);

function cell(v: unknown): FieldValue {
  if (typeof v === "string" || typeof v === "boolean") return v;
  if (typeof v === "number") return String(v);
  if (Array.isArray(v)) return v.map(String);
  if (v === null || v === undefined) return "";
  throw invalid("Each value in the data must be text, a number, true/false or a list of choices.");
}

/** The rows of `data`: JSON (an object or a list of objects) or CSV with a header row. */
export function rowsOf(data: string): Row[] {
  const text = data.trim();
  let rows: Row[];
  if (text.startsWith("{") || text.startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalid(
        "The data looks like JSON but could not be read. Check it is a valid JSON object or list of objects.",
      );
    }
    const list = Array.isArray(parsed) ? parsed : [parsed];
    rows = list.map((r) => {
      if (typeof r !== "object" || r === null || Array.isArray(r)) {
        throw invalid("The JSON data must be an object of field names to values, or a list of such objects.");
      }
      return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, cell(v)]));
    });
  } else {
    const [header, ...body] = parseCsv(text);
    if (!header || body.length === 0) {
      throw invalid("The CSV data needs a header row of field names and at least one row of values.");
    }
    rows = body.map((cells) => Object.fromEntries(header.map((h, i) => [h.trim(), cells[i] ?? ""])));
  }
  if (rows.length === 0) throw invalid("The data has no rows.");
  if (rows.length > MAX_MERGE_ROWS) {
    throw invalid(`The data has ${rows.length} rows; at most ${MAX_MERGE_ROWS} can be filled in one job.`);
  }
  return rows;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function summary(r: FillReport): string {
  const parts = [`${plural(r.filled, "field")} filled`];
  if (r.unknown.length > 0) parts.push(`not in this form: ${r.unknown.slice(0, 5).join(", ")}`);
  if (r.skipped.length > 0) parts.push(`left as they were: ${r.skipped.slice(0, 5).join(", ")}`);
  return parts.join("; ");
}

/** Fill PDF Form: the values given (and a row of data), or one PDF per row in a ZIP. */
export const fillFormTool: Tool<OptionsOf<"fill-form">> = {
  tool: "fill-form",
  conversionType: "fill-form",
  async run([file], options, budget) {
    const base = { name: file.name, password: file.password, budget, flatten: options.flatten };
    const rows = options.data === undefined ? undefined : rowsOf(options.data);
    if (options.eachRow) {
      if (!rows) throw invalid("One PDF per row needs data: a CSV or JSON file of rows.");
      const column = options.nameBy?.trim();
      const nameOf = (row: Row, i: number) => {
        const v = column ? row[column] : undefined;
        const text = typeof v === "string" ? v.trim() : "";
        return text ? cleanFileName(text).slice(0, 100) : derivedName(file.name, `row-${i + 1}`, "");
      };
      const { zip, reports } = await fillEachRow(
        file.bytes,
        rows.map((r) => ({ ...options.values, ...r })),
        nameOf,
        base,
      );
      return {
        outputs: [
          {
            ok: true,
            bytes: zip,
            fileName: derivedName(file.name, "filled", ".zip"),
            contentType: "application/zip",
            primary: true,
            originalName: file.name,
            message: `${plural(rows.length, "filled PDF")}, one per row (${summary(reports[0])})`,
            extra: { rows: rows.length },
          },
        ],
        message: "Files processed successfully",
      };
    }
    if (rows && options.row > rows.length) {
      throw invalid(`The data has only ${plural(rows.length, "row")}; row ${options.row} does not exist.`);
    }
    const values = { ...options.values, ...(rows?.[options.row - 1] ?? {}) };
    const { bytes, report } = await fillForm(file.bytes, values, base);
    return {
      outputs: [
        {
          ok: true,
          bytes,
          fileName: derivedName(file.name, options.flatten ? "filled-flat" : "filled", ".pdf"),
          contentType: "application/pdf",
          originalName: file.name,
          message: summary(report),
          extra: { filledFields: report.filled },
        },
      ],
      message: "Form filled successfully",
    };
  },
};
