/**
 * A conversion as the Worker's route runs it, minus HTTP: the engine's job pipeline
 * (worker/engine/jobs: the files checked by their bytes, the options read from form-like text
 * fields with the tool's own schema, the files of other fields checked by their rules), then the
 * tool within a job's budget (the Worker's defaults: 30 s, 80 MB). What the route adds (statuses,
 * storage, counting) is tested once per endpoint in test/worker; here the bytes are judged.
 */
import { expect } from "vitest";
import type { ConvertSlug } from "../../../schema/options";
import { Budget } from "../../../worker/engine/core/budget";
import { prepareJob, runJob } from "../../../worker/engine/jobs/convert";
import type { JobInput } from "../../../worker/engine/jobs/input";
import { type InspectAnswer, type InspectKind, inspect, prepareInspection } from "../../../worker/engine/jobs/inspect";
import type { ToolOutput, ToolResult } from "../../../worker/engine/tools";

const MB = 1024 * 1024;
/** wrangler.toml's JOB_TIMEOUT_MS and JOB_MEMORY_MB, and the largest file the Worker takes (MAX_FILE_SIZE_MB). */
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
const jobFile = (f: SentFile) => ({
  name: f.name,
  bytes: f.bytes,
  type: f.type ?? TYPES[/\.[^.]+$/.exec(f.name.toLowerCase())?.[0] ?? ""] ?? "application/octet-stream",
});

export interface RunOptions {
  /** Files of other fields: the watermark's image, the signature. */
  attachments?: Record<string, SentFile>;
  budget?: Budget;
}

function jobInput(files: SentFile[], fields: Record<string, string>, opts: RunOptions): JobInput {
  return {
    files: files.map(jobFile),
    field: (name) => (Object.hasOwn(fields, name) ? fields[name] : undefined),
    attachments: Object.entries(opts.attachments ?? {}).map(([field, f]) => ({ field, ...jobFile(f) })),
  };
}

const jobBudget = (opts: RunOptions) => opts.budget ?? new Budget(JOB_MS, { memory: JOB_MEMORY });

/** Runs one conversion; a refusal rejects with the engine's error (its code and message). */
export async function convert(
  slug: ConvertSlug,
  files: SentFile[],
  fields: Record<string, string> = {},
  opts: RunOptions = {},
): Promise<ToolResult> {
  const job = prepareJob(slug, jobInput(files, fields, opts), { maxFileBytes: MAX_FILE_BYTES });
  return runJob(job, jobBudget(opts));
}

/** One inspection (analyze-pdf's page count, form-fields, redact-preview) of one file, as its endpoint reads it. */
export async function inspectFile<K extends InspectKind>(
  what: K,
  file: SentFile,
  fields: Record<string, string> = {},
  opts: RunOptions = {},
): Promise<InspectAnswer<K>> {
  const job = prepareInspection(what, jobInput([file], fields, opts), { maxFileBytes: MAX_FILE_BYTES });
  return inspect(job, jobBudget(opts));
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

/** A PDF as a person sends it. */
export const pdf = (name: string, bytes: Uint8Array): SentFile => ({ name, bytes, type: "application/pdf" });
