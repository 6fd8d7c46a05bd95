import type { ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../env";
import { AppError, isAppError, statusOf } from "../errors";
import { servePage } from "../routes/pages";

function toAppError(err: unknown): AppError {
  if (isAppError(err)) return err;
  if (err instanceof HTTPException) {
    if (err.status === 413) return new AppError("payload_too_large", "The request body is too large.");
    if (err.status === 400) return new AppError("bad_request", err.message || "Bad request.");
  }
  return new AppError("internal", "Something went wrong on our side. Please try again.");
}

/** The one place an error becomes an HTTP response: `{ error, code, ...extra }`. */
export const errorHandler: ErrorHandler<AppEnv> = (err, c) => {
  const appErr = toAppError(err);
  if (appErr.code === "internal") {
    console.error(`[${c.get("requestId") ?? "-"}] ${c.req.method} ${c.req.path}`, err);
  }
  const retryAfter = appErr.extra?.retryAfter;
  if (typeof retryAfter === "number") c.header("Retry-After", String(retryAfter));
  return c.json({ ...appErr.extra, error: appErr.message, code: appErr.code }, statusOf(appErr));
};

/** Unknown /api paths are JSON 404s; anything else is a page of the app (a 404 if it has no such page). */
export const notFoundHandler: NotFoundHandler<AppEnv> = (c) => {
  if (c.req.path === "/api" || c.req.path.startsWith("/api/")) {
    return c.json({ error: "Not found", code: "not_found" }, 404);
  }
  return servePage(c);
};
