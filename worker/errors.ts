import type { ContentfulStatusCode } from "hono/utils/http-status";
import { EngineError, type EngineErrorCode } from "./engine/core/errors";

/**
 * The closed set of error codes and the one table that maps them to HTTP statuses.
 * Routes throw AppError; app.onError is the only place an error becomes a response.
 */
export const errorStatus = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 400,
  nothing_found: 422,
  unsupported_file_type: 400,
  invalid_file: 400,
  cancelled: 400,
  pdf_damaged: 422,
  pdf_encrypted: 422,
  pdf_unsupported: 422,
  password_required: 422,
  password_incorrect: 422,
  job_too_large: 413,
  unauthorized: 401,
  forbidden: 403,
  challenge_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  /** An upload that arrived too slowly, or stopped arriving (worker/services/body-guard.ts). */
  request_timeout: 408,
  unsupported_media_type: 415,
  conflict: 409,
  gone: 410,
  file_too_large: 413,
  payload_too_large: 413,
  rate_limited: 429,
  quota_exceeded: 429,
  /** The daily bytes of device-made files stored with POST /api/results (worker/services/stored-bytes.ts). */
  upload_limit_reached: 429,
  job_timeout: 422,
  not_configured: 503,
  busy: 503,
  unavailable: 503,
  upstream_failed: 502,
  internal: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorStatus;

/**
 * The Worker's errors: the engine's own (whose codes are a subset of these) and the ones only a
 * server has (sign-in, allowances, storage). Both kinds are one class at run time.
 */
export class AppError extends EngineError<ErrorCode> {
  constructor(code: ErrorCode, message: string, extra?: Record<string, unknown>) {
    super(code, message, extra);
    this.name = "AppError";
  }
}

/** Every engine code has its status here. */
export const engineCodesHaveStatuses: Record<EngineErrorCode, ContentfulStatusCode> = errorStatus;

/** An error of ours, thrown by a route, a service or the engine. */
export function isAppError(err: unknown): err is EngineError<ErrorCode> {
  return err instanceof EngineError;
}

export function statusOf(err: EngineError<ErrorCode>): ContentfulStatusCode {
  return errorStatus[err.code];
}

/**
 * Storage or the database failed under a request (R2, D1): a 503 the person can act on, never
 * a 500. The callers undo what the request wrote before they throw it.
 */
export function unavailable(detail = "Nothing was saved. Please try again in a moment."): AppError {
  return new AppError("unavailable", `The service is briefly unavailable. ${detail}`);
}

/** A binding's failure as `unavailable`; our own errors pass through. */
export function asUnavailable(err: unknown, detail?: string): AppError {
  if (isAppError(err)) return err;
  console.error("binding failed:", err instanceof Error ? err.message : err);
  return unavailable(detail);
}
