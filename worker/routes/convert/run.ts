import { type ConvertSlug, convertOptions, fieldsFor } from "../../../schema/options";
import { toolsById } from "../../../schema/tools";
import type { Budget } from "../../engine/core/budget";
import { engineTools, type Tool, type ToolResult } from "../../engine/tools";
import type { Upload } from "../../services/uploads";
import { parseWith } from "../../validation";

export function isConvertSlug(slug: string): slug is ConvertSlug {
  return Object.hasOwn(engineTools, slug);
}

/** The catalogue entry of the tool a conversion endpoint belongs to. */
export function catalogueToolOf(slug: ConvertSlug) {
  return toolsById[engineTools[slug].tool as keyof typeof toolsById];
}

/**
 * One conversion as every endpoint runs it: the tool's options read from the form's fields with
 * its schema (a wrong field is a 400 naming it), then the engine's tool on the checked uploads.
 */
export function runTool(slug: ConvertSlug, uploads: Upload[], form: FormData, budget: Budget): Promise<ToolResult> {
  const schema = convertOptions[slug];
  const options = parseWith(
    schema,
    fieldsFor(schema, (name) => form.get(name)),
  );
  return (engineTools[slug] as Tool<unknown>).run(uploads, options, budget);
}
