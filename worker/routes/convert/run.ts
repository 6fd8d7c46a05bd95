import { type ConvertSlug, convertAttachments, convertOptions, fieldsFor } from "../../../schema/options";
import { toolsById } from "../../../schema/tools";
import type { Budget } from "../../engine/core/budget";
import { engineTools, type Tool, type ToolResult } from "../../engine/tools";
import { AppError } from "../../errors";
import { checkUpload, type OtherFile, type Upload } from "../../services/uploads";
import { parseWith } from "../../validation";

export function isConvertSlug(slug: string): slug is ConvertSlug {
  return Object.hasOwn(engineTools, slug);
}

/** The catalogue entry of the tool a conversion endpoint belongs to. */
export function catalogueToolOf(slug: ConvertSlug) {
  return toolsById[engineTools[slug].tool as keyof typeof toolsById];
}

async function attachmentsOf(slug: ConvertSlug, others: readonly OtherFile[], maxFileBytes: number) {
  const rules = convertAttachments[slug] ?? {};
  const found: Record<string, Upload> = {};
  for (const file of others) {
    const rule = rules[file.field];
    if (!rule) continue;
    if (found[file.field]) throw new AppError("validation_failed", `Send one file in ${file.field}.`);
    // Checked as an upload of a tool that takes only these types.
    found[file.field] = await checkUpload(file, { ...toolsById["jpg-to-pdf"], ...rule }, maxFileBytes);
  }
  return found;
}

/**
 * One conversion as every endpoint runs it: the tool's options read from the form's fields with
 * its schema (a wrong field is a 400 naming it), files of its other fields checked and handed to
 * it as options, then the engine's tool on the checked uploads.
 */
export async function runTool(
  slug: ConvertSlug,
  uploads: Upload[],
  form: FormData,
  budget: Budget,
  others: readonly OtherFile[] = [],
  maxFileBytes = Number.POSITIVE_INFINITY,
): Promise<ToolResult> {
  const schema = convertOptions[slug];
  const attachments = await attachmentsOf(slug, others, maxFileBytes);
  const options = parseWith(schema, { ...fieldsFor(schema, (name) => form.get(name)), ...attachments });
  return (engineTools[slug] as Tool<unknown>).run(uploads, options, budget);
}
