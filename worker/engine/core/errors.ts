/**
 * The engine's own words for what went wrong: a closed set of codes, each a sentence a person can
 * read. The engine runs in the Worker and in the browser, so it knows nothing of HTTP: both homes
 * answer a code with the status of the one table (schema/api.ts), so a job refused on the device
 * is refused as the edge refuses it.
 */
export const ENGINE_ERROR_CODES = [
  "invalid_file",
  "unsupported_file_type",
  "file_too_large",
  "validation_failed",
  "nothing_found",
  "pdf_damaged",
  "pdf_encrypted",
  "pdf_unsupported",
  "password_required",
  "password_incorrect",
  "job_too_large",
  "job_timeout",
  "busy",
] as const;

export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

export class EngineError<Code extends string = EngineErrorCode> extends Error {
  readonly code: Code;
  /** Extra fields the answer carries (retryAfter, a file's name). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: Code, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.name = "EngineError";
    this.code = code;
    this.extra = extra;
  }
}

export function isEngineError(err: unknown): err is EngineError {
  return err instanceof EngineError;
}

/** The job ran out of its time or memory, or the isolate is too busy: never a fault of the file. */
export function isOutOfBudget(err: unknown): err is EngineError {
  return isEngineError(err) && (err.code === "job_timeout" || err.code === "job_too_large" || err.code === "busy");
}
