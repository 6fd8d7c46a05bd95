/**
 * The Worker's upload rules, on the device: the catalogue entry's count and types, real content
 * by its first bytes, and the size limit of this device (not the edge's). The messages are the
 * server's, so a person reads the same words wherever the job runs.
 */
import * as v from "valibot";
import { type ConvertSlug, convertAttachments, convertOptions, fieldsFor, objectEntries } from "../../schema/options";
import { type ToolDef, toolsById } from "../../schema/tools";
import { EngineError } from "../../worker/engine/core/errors";
import { checkFileRules, type FileProblemKind, SNIFF_BYTES } from "../../worker/engine/core/file-kind";
import type { ToolFile } from "../../worker/engine/tools/types";
import type { DeviceFile } from "./protocol";

type Rules = Pick<ToolDef, "id" | "accept" | "maxSizeMB" | "minFiles" | "maxFiles">;

const MB = 1024 * 1024;

/** The device's error for each kind of problem (the words are the shared rules', as on the server). */
const PROBLEM_CODE: Record<FileProblemKind, "validation_failed" | "job_too_large" | "invalid_file"> = {
  type: "validation_failed",
  size: "job_too_large",
  empty: "invalid_file",
  content: "invalid_file",
};

export function checkFile(file: DeviceFile, tool: Pick<ToolDef, "accept">, maxBytes: number): ToolFile {
  const bytes = new Uint8Array(file.bytes);
  const verdict = checkFileRules(
    { name: file.name, type: file.type, size: bytes.byteLength, head: bytes.subarray(0, SNIFF_BYTES) },
    tool.accept,
    maxBytes,
  );
  if (!verdict.ok) throw new EngineError(PROBLEM_CODE[verdict.problem.kind], verdict.problem.message);
  return { name: verdict.name, kind: verdict.kind, bytes };
}

export function checkFiles(files: DeviceFile[], tool: Rules, maxBytes: number): ToolFile[] {
  if (files.length === 0) throw new EngineError("validation_failed", "No files selected");
  if (files.length < tool.minFiles) {
    throw new EngineError(
      "validation_failed",
      tool.id === "merge-pdf"
        ? "At least 2 files required for merging"
        : `At least ${tool.minFiles} files are required`,
    );
  }
  if (files.length > tool.maxFiles) {
    throw new EngineError(
      "validation_failed",
      tool.maxFiles === 1
        ? "Please upload one file at a time."
        : `You can upload at most ${tool.maxFiles} files at once.`,
    );
  }
  return files.map((f) => checkFile(f, tool, maxBytes));
}

/** Reads options as the server does: the schema's fields from the form, then valibot. */
export function parseOptions(
  schema: v.GenericSchema,
  fields: Record<string, string>,
  extra: Record<string, unknown> = {},
): unknown {
  const input = { ...fieldsFor(schema, (name) => fields[name] ?? null), ...extra };
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw new EngineError("validation_failed", firstMessage(schema, result.issues[0]));
}

/** A missing field is worded by its own schema (as the server does), not valibot's "Invalid key". */
function firstMessage(schema: v.GenericSchema, issue: v.BaseIssue<unknown>): string {
  const entries = objectEntries(schema);
  const key = issue.path?.length === 1 ? issue.path[0].key : undefined;
  const entry = entries && typeof key === "string" ? entries[key] : undefined;
  if (entry && issue.kind === "schema" && issue.input === undefined) {
    const own = v.safeParse(entry, undefined);
    if (!own.success) return own.issues[0].message;
  }
  return issue.message;
}

export function convertOptionsOf(
  slug: ConvertSlug,
  fields: Record<string, string>,
  attachments: Record<string, DeviceFile>,
): unknown {
  const rules = convertAttachments[slug] ?? {};
  const found: Record<string, ToolFile> = {};
  for (const [field, file] of Object.entries(attachments)) {
    const rule = rules[field];
    if (rule) found[field] = checkFile(file, rule, rule.maxSizeMB * MB);
  }
  return parseOptions(convertOptions[slug], fields, found);
}

export function catalogueTool(toolId: string): Rules {
  return toolsById[toolId as keyof typeof toolsById];
}
