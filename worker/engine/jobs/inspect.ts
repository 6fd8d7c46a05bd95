/**
 * One PDF read for a tool page, not converted: its page count (split), its form's fields (fill
 * form), where a search's matches are (redact). Each follows its tool's rules for the file and
 * reads its options as a conversion does; an encrypted file is opened with its `password`.
 */
import * as v from "valibot";
import { RedactSearchOptions } from "../../../schema/form-options";
import { FilePasswords, passwordFor } from "../../../schema/options";
import { type Tool as CatalogueTool, toolsById } from "../../../schema/tools";
import { type Budget, withinDeadline } from "../core/budget";
import { loadPdf } from "../pdf/document";
import { listFormFields } from "../pdf/form-fields";
import { previewRedactions } from "../pdf/redact-document";
import type { ToolFile } from "../tools/types";
import { checkFiles } from "./files";
import type { JobInput, JobLimits } from "./input";
import { readOptions } from "./options";

/** How a file is opened: its name for messages, its password, the job's budget. */
interface Opening {
  name: string;
  password?: string;
  budget: Budget;
}

type Passwords = { password?: string; passwords: Record<string, string> };

interface Inspection<S extends v.GenericSchema<unknown, Passwords>, Answer> {
  /** The catalogue entry whose rules the file follows. */
  tool: CatalogueTool;
  options: S;
  read(file: ToolFile, options: v.InferOutput<S>, open: Opening): Promise<Answer>;
}

const inspection = <S extends v.GenericSchema<unknown, Passwords>, A>(i: Inspection<S, A>) => i;

const AnalyzeOptions = v.object(FilePasswords);

const INSPECTIONS = {
  /** The real page count: getPages() walks the page tree; /Count is never trusted. */
  "analyze-pdf": inspection({
    tool: toolsById["split-pdf"],
    options: AnalyzeOptions,
    read: async (file, _options, open) => ({ pageCount: (await loadPdf(file.bytes, open)).getPages().length }),
  }),
  /** Each field and widget once however often the file repeats it, within FORM_BOUNDS (pdf/form-walk.ts). */
  "form-fields": inspection({
    tool: toolsById["fill-form"],
    options: AnalyzeOptions,
    read: async (file, _options, open) => {
      const doc = await loadPdf(file.bytes, open);
      return { pageCount: doc.getPages().length, fields: listFormFields(doc, file.name, open.budget) };
    },
  }),
  "redact-preview": inspection({
    tool: toolsById["redact-pdf"],
    options: RedactSearchOptions,
    read: (file, options, open) => previewRedactions(file.bytes, options, open),
  }),
};

export type InspectKind = keyof typeof INSPECTIONS;
export type InspectAnswer<K extends InspectKind> = Awaited<ReturnType<(typeof INSPECTIONS)[K]["read"]>>;

export interface PreparedInspection<K extends InspectKind = InspectKind> {
  what: K;
  file: ToolFile;
  options: Passwords;
}

/** The catalogue entry an inspection's file is checked by. */
export function inspectedTool(what: InspectKind): CatalogueTool {
  return INSPECTIONS[what].tool;
}

/** The one file and the options of an inspection, checked as a conversion's are. */
export function prepareInspection<K extends InspectKind>(
  what: K,
  input: JobInput,
  limits: JobLimits,
): PreparedInspection<K> {
  const { tool, options } = INSPECTIONS[what];
  const [file] = checkFiles(input.files, tool, limits.maxFileBytes);
  return { what, file, options: readOptions(options, input.field) };
}

/** Reads the file within the budget, which holds it while it is read. */
export async function inspect<K extends InspectKind>(
  job: PreparedInspection<K>,
  budget: Budget,
): Promise<InspectAnswer<K>> {
  const { file, options } = job;
  // Each kind's read takes its own options: the job was prepared with that kind's schema.
  const { read } = INSPECTIONS[job.what] as unknown as Inspection<v.GenericSchema<unknown, Passwords>, unknown>;
  budget.take(file.bytes.byteLength, file.name);
  const open = { name: file.name, password: passwordFor(options, file.name, 0), budget };
  return withinDeadline(budget, () => read(file, options, open)) as Promise<InspectAnswer<K>>;
}
