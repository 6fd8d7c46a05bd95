import { MAX_SIGNATURE_MB } from "../../../schema/form-options";
import { type ConvertSlug, convertOptions, fieldsFor, MAX_LOGO_MB } from "../../../schema/options";
import { type ToolDef, toolsById } from "../../../schema/tools";
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

/**
 * Files a tool takes besides its `files`, each in its own field, with the rules it is checked by
 * (as an upload is: type, size, content). Anything else in another field is ignored.
 */
const ATTACHMENTS: Partial<Record<ConvertSlug, Record<string, Pick<ToolDef, "accept" | "maxSizeMB">>>> = {
  "watermark-pdf": { watermarkImage: { accept: [".png", ".jpg", ".jpeg"], maxSizeMB: MAX_LOGO_MB } },
  "sign-pdf": { signature: { accept: [".png", ".jpg", ".jpeg"], maxSizeMB: MAX_SIGNATURE_MB } },
};

async function attachmentsOf(slug: ConvertSlug, others: readonly OtherFile[], maxFileBytes: number) {
  const rules = ATTACHMENTS[slug] ?? {};
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
