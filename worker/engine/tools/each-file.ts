import { type EngineError, isEngineError } from "../core/errors";
import type { Failure, ToolFailure, ToolFile, ToolOutput } from "./types";

/** Problems that are the job's, not one file's: they stop the whole batch. */
const WHOLE_JOB = new Set(["job_timeout", "busy"]);

const describe: Failure = (f, err) => ({ ok: false, originalName: f.name, error: err.message, code: err.code });

/**
 * Converts each file on its own. A file's own problem (damaged, locked, a wrong password) fails
 * only that file, described by `failed`; running out of time, a busy isolate or anything
 * unexpected stops the whole job. `errors` keeps the failures in order, so a tool can answer the
 * first one when nothing succeeded.
 */
export async function convertEach(
  files: readonly ToolFile[],
  convert: (file: ToolFile, index: number) => Promise<ToolOutput>,
  failed: Failure = describe,
): Promise<{ outputs: (ToolOutput | ToolFailure)[]; errors: EngineError[] }> {
  const outputs: (ToolOutput | ToolFailure)[] = [];
  const errors: EngineError[] = [];
  for (const [i, f] of files.entries()) {
    try {
      outputs.push(await convert(f, i));
    } catch (err) {
      if (!isEngineError(err) || WHOLE_JOB.has(err.code)) throw err;
      errors.push(err);
      outputs.push(failed(f, err));
    }
  }
  return { outputs, errors };
}
