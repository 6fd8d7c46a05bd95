import type { FieldValue } from "../../../schema/form-options";
import { type Budget, yieldToEventLoop } from "../core/budget";
import { EngineError } from "../core/errors";
import { ZipWriter } from "../core/zip";
import { checkPageContents } from "./content-check";
import { guardPdf, loadPdf, savePdf } from "./document";
import { flattenDocument } from "./flatten";
import { refreshAppearances } from "./form-appearances";
import { type FillReport, fillFormFields, formOf } from "./form-fields";
import { distinctFields, dropRepeatedAnnots } from "./form-walk";

/**
 * Fill PDF Form: one filled copy, or one per row of data (a mail merge, in one ZIP). Every copy
 * is the original loaded again and filled, so no row's values can leak into the next; each
 * finished copy is charged to the job's memory budget, so a merge too big for one job stops with
 * a 413 that says so instead of running the isolate out of memory.
 */

export interface FillOptions {
  name?: string;
  password?: string;
  budget?: Budget;
  flatten: boolean;
}

async function fillOnce(bytes: Uint8Array, values: Record<string, FieldValue>, opts: FillOptions) {
  const label = opts.name ?? "This PDF";
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
  const report = await guardPdf(opts.name, async () => {
    const form = formOf(doc, label);
    if (!form || distinctFields(doc, form, label, Number.POSITIVE_INFINITY).length === 0) {
      throw new EngineError("pdf_unsupported", `${label} has no form fields to fill.`);
    }
    // A page listing a widget over and over would have readers draw it as often.
    dropRepeatedAnnots(doc);
    const r = fillFormFields(doc, values, label);
    if (r.filled === 0 && r.unknown.length > 0) {
      throw new EngineError(
        "validation_failed",
        `None of the names given match a field of this form (${r.unknown.slice(0, 5).join(", ")}${r.unknown.length > 5 ? ", ..." : ""}).`,
      );
    }
    await refreshAppearances(doc, { budget: opts.budget, name: opts.name });
    if (opts.flatten) {
      await checkPageContents(doc, { name: opts.name, budget: opts.budget });
      await flattenDocument(doc, { forms: true, annotations: false }, { budget: opts.budget, name: opts.name });
    }
    return r;
  });
  opts.budget?.check();
  return { bytes: await savePdf(doc, { budget: opts.budget }), report };
}

export async function fillForm(bytes: Uint8Array, values: Record<string, FieldValue>, opts: FillOptions) {
  return fillOnce(bytes, values, opts);
}

/** Unique names for a ZIP's entries: "Ada.pdf", "Ada (2).pdf". */
function uniqueNames() {
  const used = new Set<string>();
  return (stem: string) => {
    let name = `${stem}.pdf`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${stem} (${n}).pdf`;
    used.add(name.toLowerCase());
    return name;
  };
}

/** One filled copy per row, in one ZIP; `nameOf` names each row's file (without .pdf). */
export async function fillEachRow(
  bytes: Uint8Array,
  rows: readonly Record<string, FieldValue>[],
  nameOf: (row: Record<string, FieldValue>, index: number) => string,
  opts: FillOptions,
): Promise<{ zip: Uint8Array; reports: FillReport[] }> {
  const zip = new ZipWriter();
  const reports: FillReport[] = [];
  const unique = uniqueNames();
  let total = 0;
  for (const [i, row] of rows.entries()) {
    opts.budget?.check();
    const filled = await fillOnce(bytes, row, opts);
    zip.add(unique(nameOf(row, i)), filled.bytes);
    total += filled.bytes.length;
    reports.push(filled.report);
    await yieldToEventLoop();
  }
  // The ZIP is written out whole, beside the copies it holds.
  opts.budget?.take(total, `The ZIP of ${rows.length} filled PDFs`);
  return { zip: zip.finish(), reports };
}
