import { type AppError, isAppError, statusOf } from "../../errors";
import type { Upload } from "../../services/uploads";
import type { FailedFile, OutputFile } from "./types";

/**
 * Converts each upload on its own. A file's own problem (a 4xx AppError: damaged, locked, wrong
 * password) fails only that file, described by `failed`; running out of time or anything
 * unexpected stops the whole job. `errors` keeps the failures in order, so an endpoint can answer
 * the first one when nothing succeeded.
 */
export async function convertEach(
  uploads: readonly Upload[],
  convert: (upload: Upload, index: number) => Promise<OutputFile>,
  failed: (upload: Upload, err: AppError) => FailedFile = (u, err) => ({
    ok: false,
    originalName: u.name,
    error: err.message,
    code: err.code,
  }),
): Promise<{ outputs: (OutputFile | FailedFile)[]; errors: AppError[] }> {
  const outputs: (OutputFile | FailedFile)[] = [];
  const errors: AppError[] = [];
  for (const [i, u] of uploads.entries()) {
    try {
      outputs.push(await convert(u, i));
    } catch (err) {
      if (!isAppError(err) || err.code === "job_timeout" || statusOf(err) >= 500) throw err;
      errors.push(err);
      outputs.push(failed(u, err));
    }
  }
  return { outputs, errors };
}
