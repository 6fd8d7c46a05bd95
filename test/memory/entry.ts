/**
 * What the memory test runs in a fresh Node process: each tool's endpoint exactly as the Worker
 * runs it after reading the upload (the same checks on the files, the same budget, the same
 * engine), bundled for Node by test/bench/bundle.mjs.
 */
import { toolsById } from "../../schema/tools";
import { Budget } from "../../worker/engine/core/budget";
import { loadPdf } from "../../worker/engine/pdf/document";
import { type ErrorCode, errorStatus, isAppError, statusOf } from "../../worker/errors";
import { catalogueToolOf, isConvertSlug, runTool } from "../../worker/routes/convert/run";
import { checkUpload } from "../../worker/services/uploads";

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

/** One request's job: the files checked as uploads are, then the endpoint (or analyze) under `budget`. */
export async function runJob(
  slug: string,
  files: JobFile[],
  fields: Record<string, string>,
  budget: Budget,
): Promise<JobOutcome> {
  const tool = isConvertSlug(slug) ? catalogueToolOf(slug) : toolsById["split-pdf"];
  try {
    const uploads = [];
    for (const f of files)
      uploads.push(await checkUpload({ name: f.name, type: f.type, bytes: f.bytes }, tool, 25 * 1024 * 1024));
    budget.take(
      uploads.reduce((n, u) => n + u.size, 0),
      uploads.length === 1 ? uploads[0].name : "The uploaded files",
    );
    if (slug === "analyze-pdf") {
      const doc = await loadPdf(uploads[0].bytes, { name: uploads[0].name, budget });
      return { status: 200, outputBytes: doc.getPages().length };
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (!isConvertSlug(slug)) throw new Error(`no endpoint ${slug}`);
    const result = await runTool(slug, uploads, form, budget);
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
