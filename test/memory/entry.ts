/**
 * What the memory test runs in a fresh Node process: each tool's endpoint exactly as the Worker
 * runs it after reading the upload (the same checks on the files, the same budget, the same
 * engine), bundled for Node by test/bench/bundle.mjs.
 */
import { toolsById } from "../../schema/tools";
import { Budget } from "../../worker/engine/core/budget";
import { catalogueToolOf, isConvertSlug, prepareJob, runJob as runPrepared } from "../../worker/engine/jobs/convert";
import { checkFiles } from "../../worker/engine/jobs/files";
import { loadPdf } from "../../worker/engine/pdf/document";
import { listFormFields } from "../../worker/engine/pdf/form-fields";
import { previewRedactions } from "../../worker/engine/pdf/redact-document";
import { type ErrorCode, errorStatus, isAppError, statusOf } from "../../worker/errors";
import { checkResult, NOT_OURS, resultKind } from "../../worker/services/result-check";

export { Budget };

export interface JobFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface JobOutcome {
  status: number;
  code?: string;
  error?: string;
  outputBytes: number;
}

/** A file of another field (Sign PDF's signature). */
export interface JobAttachment extends JobFile {
  field: string;
}

/** What the inspecting endpoints (not conversions) do once the upload is checked. */
const INSPECT: Record<string, (file: { name: string; bytes: Uint8Array }, budget: Budget) => Promise<number>> = {
  "analyze-pdf": async (f, budget) => (await loadPdf(f.bytes, { name: f.name, budget })).getPages().length,
  // The answer's size, as the route sends it.
  "form-fields": async (f, budget) =>
    JSON.stringify(listFormFields(await loadPdf(f.bytes, { name: f.name, budget }), f.name, budget)).length,
  "redact-preview": async (f, budget) =>
    (
      await previewRedactions(
        f.bytes,
        { search: "secret", matchCase: false, wholeWord: false, patterns: ["email", "phone", "iban"] },
        { name: f.name, budget },
      )
    ).matches.length,
};

const MAX_FILE_BYTES = 25 * 1024 * 1024;

/** POST /api/results once its upload is read: a device's result checked as the route checks it (nothing stored). */
async function storeResult(file: JobFile, budget: Budget): Promise<JobOutcome> {
  if (file.bytes.length > MAX_FILE_BYTES) return { status: 413, code: "file_too_large", outputBytes: 0 };
  budget.take(file.bytes.length, file.name);
  const kind = resultKind(file.bytes);
  if (!kind) return { status: 400, code: "invalid_file", error: NOT_OURS, outputBytes: 0 };
  await checkResult(kind, file.bytes, file.name, budget, MAX_FILE_BYTES);
  return { status: 200, outputBytes: file.bytes.length };
}

/** One request's job: the files checked as uploads are, then the endpoint (or an inspector) under `budget`. */
export async function runJob(
  slug: string,
  files: JobFile[],
  fields: Record<string, string>,
  budget: Budget,
  attachments: JobAttachment[] = [],
): Promise<JobOutcome> {
  const tool = isConvertSlug(slug) ? catalogueToolOf(slug) : toolsById["split-pdf"];
  try {
    if (slug === "results") return await storeResult(files[0], budget);
    const limits = { maxFileBytes: 25 * 1024 * 1024 };
    const inspect = INSPECT[slug];
    if (inspect) {
      const [file] = checkFiles(files, tool, limits.maxFileBytes);
      budget.take(file.bytes.length, file.name);
      return { status: 200, outputBytes: await inspect(file, budget) };
    }
    if (!isConvertSlug(slug)) throw new Error(`no endpoint ${slug}`);
    const job = prepareJob(slug, { files, field: (name) => fields[name], attachments }, limits);
    const result = await runPrepared(job, budget);
    let outputBytes = 0;
    for (const o of result.outputs) if (o.ok) outputBytes += o.bytes.length;
    // Tools that answer 200 with a failure per file (unlock, watermark): nothing made is a refusal.
    const failed = result.outputs.find((o) => !o.ok);
    if (outputBytes === 0 && failed && !failed.ok) {
      const code = (failed.code ?? "invalid_file") as ErrorCode;
      return { status: errorStatus[code] ?? 422, code, error: failed.error, outputBytes };
    }
    return { status: 200, outputBytes };
  } catch (err) {
    if (isAppError(err)) return { status: statusOf(err), code: err.code, error: err.message, outputBytes: 0 };
    throw err;
  }
}
