/**
 * One conversion, as both homes run it: prepared (the files checked by their bytes, the files of
 * other fields checked by their own rules, the options read with the tool's schema), then run by
 * the engine's tool within the job's budget. The edge stores what it makes and the device hands
 * it to the page; the answer is answerOf's (./answer.ts) either way.
 */
import { type ConvertSlug, convertAttachments, convertOptions, type OptionsOf } from "../../../schema/options";
import { type Tool as CatalogueTool, type ToolId, toolsById } from "../../../schema/tools";
import { type Budget, withinDeadline } from "../core/budget";
import { EngineError } from "../core/errors";
import { engineTools, type Tool, type ToolFile, type ToolResult } from "../tools";
import { checkFile, checkFiles } from "./files";
import type { JobAttachment, JobInput, JobLimits } from "./input";
import { readOptions } from "./options";

const MB = 1024 * 1024;

export interface PreparedJob<S extends ConvertSlug = ConvertSlug> {
  slug: S;
  files: ToolFile[];
  options: OptionsOf<S>;
}

export function isConvertSlug(slug: string): slug is ConvertSlug {
  return Object.hasOwn(engineTools, slug);
}

/** The catalogue entry of the tool a conversion belongs to (Split PDF has two). */
export function catalogueToolOf(slug: ConvertSlug): CatalogueTool {
  return toolsById[engineTools[slug].tool as ToolId];
}

/** The files of a tool's other fields, one each, checked as uploads of their own types and size. */
function attachmentsOf(slug: ConvertSlug, attachments: readonly JobAttachment[], maxFileBytes: number) {
  const rules = convertAttachments[slug] ?? {};
  const found: Record<string, ToolFile> = {};
  for (const file of attachments) {
    const rule = rules[file.field];
    if (!rule) continue;
    if (found[file.field]) throw new EngineError("validation_failed", `Send one file in ${file.field}.`);
    found[file.field] = checkFile(file, rule, Math.min(rule.maxSizeMB * MB, maxFileBytes));
  }
  return found;
}

/** A conversion's input made ready to run, or the error that refuses it (nothing is run). */
export function prepareJob<S extends ConvertSlug>(slug: S, input: JobInput, limits: JobLimits): PreparedJob<S> {
  const files = checkFiles(input.files, catalogueToolOf(slug), limits.maxFileBytes);
  const attached = attachmentsOf(slug, input.attachments ?? [], limits.maxFileBytes);
  const options = readOptions(convertOptions[slug], input.field, attached) as OptionsOf<S>;
  return { slug, files, options };
}

/** Runs a prepared job: its files are held in the budget, and the tool stops at its deadline. */
export async function runJob(job: PreparedJob, budget: Budget): Promise<ToolResult> {
  const { files } = job;
  budget.take(
    files.reduce((n, f) => n + f.bytes.byteLength, 0),
    files.length === 1 ? files[0].name : "The files",
  );
  const tool = engineTools[job.slug] as Tool<unknown>;
  return withinDeadline(budget, () => tool.run(files, job.options, budget));
}
