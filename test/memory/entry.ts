/**
 * What the memory test runs in a fresh Node process: each tool's endpoint exactly as the Worker
 * runs it after reading the upload (the same checks on the files, the same budget, the same
 * engine), bundled for Node by test/bench/bundle.mjs.
 */
import { type ToolId, toolsById } from "../../schema/tools";
import { Budget } from "../../worker/engine/core/budget";
import { loadPdf } from "../../worker/engine/pdf/document";
import { type ErrorCode, errorStatus, isAppError, statusOf } from "../../worker/errors";
import { compressImage } from "../../worker/routes/convert/compress-image";
import { compressPdf } from "../../worker/routes/convert/compress-pdf";
import { jpgToPdf } from "../../worker/routes/convert/jpg-to-pdf";
import { mergePdf } from "../../worker/routes/convert/merge-pdf";
import { protectPdf } from "../../worker/routes/convert/protect-pdf";
import { rotatePdf } from "../../worker/routes/convert/rotate-pdf";
import { extractPages, splitPages } from "../../worker/routes/convert/split-pdf";
import type { ConvertEndpoint } from "../../worker/routes/convert/types";
import { unlockPdf } from "../../worker/routes/convert/unlock-pdf";
import { watermarkPdf } from "../../worker/routes/convert/watermark-pdf";
import { checkUpload } from "../../worker/services/uploads";

export { Budget };

const ENDPOINTS: Record<string, ConvertEndpoint> = {
  "merge-pdf": mergePdf,
  "extract-pages": extractPages,
  "split-pages": splitPages,
  "compress-pdf": compressPdf,
  "jpg-to-pdf": jpgToPdf,
  "compress-image": compressImage,
  "watermark-pdf": watermarkPdf,
  "rotate-pdf": rotatePdf,
  "unlock-pdf": unlockPdf,
  "protect-pdf": protectPdf,
};

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
  const toolId = (slug === "analyze-pdf" ? "split-pdf" : (ENDPOINTS[slug]?.tool ?? slug)) as ToolId;
  const tool = toolsById[toolId];
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
    const result = await ENDPOINTS[slug].run({ uploads, form, budget });
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
