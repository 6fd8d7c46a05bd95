/**
 * A conversion as the Worker's route runs it, minus HTTP: each file checked by the engine's one
 * set of file rules (the catalogue's accepted types, read by their bytes), the options read from
 * form-like text fields with the tool's own schema, files of other fields (a logo, a signature)
 * checked by their rules, then the engine's tool within a job's budget (the Worker's defaults:
 * 30 s, 80 MB). What the route adds (statuses, storage, counting) is tested once per endpoint
 * in test/worker; here the bytes are judged.
 */
import * as v from "valibot";
import { expect } from "vitest";
import { type ConvertSlug, convertAttachments, convertOptions, fieldsFor } from "../../../schema/options";
import { type ToolId, toolsById } from "../../../schema/tools";
import { Budget } from "../../../worker/engine/core/budget";
import { EngineError, isEngineError } from "../../../worker/engine/core/errors";
import { checkFileRules, SNIFF_BYTES } from "../../../worker/engine/core/file-kind";
import { engineTools, type Tool, type ToolFile, type ToolOutput, type ToolResult } from "../../../worker/engine/tools";

const MB = 1024 * 1024;
/** wrangler.toml's JOB_TIMEOUT_MS and JOB_MEMORY_MB, and the largest file the Worker takes. */
export const JOB_MS = 30_000;
export const JOB_MEMORY = 80 * MB;
const MAX_FILE_BYTES = 25 * MB;

/** A file as a person sends it: its name, its bytes, and the type the browser declared. */
export interface SentFile {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

const TYPES: Record<string, string> = {
  ".pdf": "application/pdf",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
};
const typeOf = (f: SentFile) =>
  f.type ?? TYPES[/\.[^.]+$/.exec(f.name.toLowerCase())?.[0] ?? ""] ?? "application/octet-stream";

/** One file through the engine's file rules, as an upload of a tool accepting `accept`. */
function checked(f: SentFile, accept: readonly string[], limitBytes: number) {
  const verdict = checkFileRules(
    { name: f.name, type: typeOf(f), size: f.bytes.byteLength, head: f.bytes.subarray(0, SNIFF_BYTES) },
    accept,
    limitBytes,
  );
  if (!verdict.ok) throw new EngineError("invalid_file", verdict.problem.message);
  const bytes = f.bytes;
  return { name: verdict.name, ext: verdict.ext, kind: verdict.kind, bytes, size: bytes.byteLength };
}

export interface RunOptions {
  /** Files of other fields: the watermark's image, the signature. */
  attachments?: Record<string, SentFile>;
  budget?: Budget;
}

/** Runs one conversion; a refusal rejects with the engine's error (its code and message). */
export async function convert(
  slug: ConvertSlug,
  files: SentFile[],
  fields: Record<string, string> = {},
  opts: RunOptions = {},
): Promise<ToolResult> {
  const tool = engineTools[slug] as Tool<unknown>;
  const def = toolsById[tool.tool as ToolId];
  const uploads: ToolFile[] = files.map((f) => checked(f, def.accept, Math.min(def.maxSizeMB * MB, MAX_FILE_BYTES)));
  const rules = convertAttachments[slug] ?? {};
  const attached = Object.fromEntries(
    Object.entries(opts.attachments ?? {}).map(([field, f]) => {
      const rule = rules[field];
      if (!rule) throw new Error(`${slug} takes no file in ${field}`);
      return [field, checked(f, rule.accept, rule.maxSizeMB * MB)];
    }),
  );
  const schema = convertOptions[slug] as v.GenericSchema;
  const parsed = v.safeParse(schema, { ...fieldsFor(schema, (name) => fields[name]), ...attached });
  if (!parsed.success) throw new EngineError("validation_failed", parsed.issues[0].message);
  const budget = opts.budget ?? new Budget(JOB_MS, { memory: JOB_MEMORY });
  return tool.run(uploads, parsed.output, budget);
}

/** The `i`th output, which must be a file made (not one input's failure). */
export function made(result: ToolResult, i = 0): ToolOutput {
  const out = result.outputs[i];
  expect(out?.ok, JSON.stringify(out && !out.ok ? out : { outputs: result.outputs.length })).toBe(true);
  return out as ToolOutput;
}

/** The one file a conversion makes (its first output). */
export async function convertOne(
  slug: ConvertSlug,
  files: SentFile[],
  fields: Record<string, string> = {},
  opts: RunOptions = {},
): Promise<Uint8Array> {
  return made(await convert(slug, files, fields, opts)).bytes;
}

/** The engine's refusal of a conversion: its code and message. */
export async function refusal(
  slug: ConvertSlug,
  files: SentFile[],
  fields: Record<string, string> = {},
  opts: RunOptions = {},
): Promise<{ code: string; error: string; extra?: Record<string, unknown> }> {
  try {
    await convert(slug, files, fields, opts);
  } catch (err) {
    if (!isEngineError(err)) throw err;
    return { code: err.code, error: err.message, ...(err.extra ? { extra: err.extra } : {}) };
  }
  throw new Error(`${slug} was expected to refuse`);
}

/** A PDF as a person sends it. */
export const pdf = (name: string, bytes: Uint8Array): SentFile => ({ name, bytes, type: "application/pdf" });
