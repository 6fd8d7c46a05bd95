import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ErrorCode, errorStatus } from "../schema/api";
import { EngineError, type EngineErrorCode } from "./engine/core/errors";

/**
 * The closed set of error codes and their statuses is schema/api.ts's (the device answers with it
 * too). Routes throw AppError; app.onError is the only place an error becomes a response.
 */
export { type ErrorCode, errorStatus };

/** Every status in the table is one a response can carry with a body. */
const statuses: Record<ErrorCode, ContentfulStatusCode> = errorStatus;

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
  return statuses[err.code];
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
