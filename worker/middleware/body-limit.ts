import { createMiddleware } from "hono/factory";
import { config } from "../config";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { guardBody } from "../services/body-guard";

const JSON_LIMIT = 64 * 1024;
/** Stripe event payloads can be larger than anything a person sends. */
const WEBHOOK_LIMIT = 1024 * 1024;

/**
 * Every request body is read under limits, by whoever reads it: a declared size over the limit is
 * refused (413) before any of it is read; a body without one is refused as soon as it passes the
 * limit; and a body that arrives too slowly, or stops arriving, is stopped with a 408
 * (services/body-guard.ts; the deadlines are config's `upload`). Nothing is buffered here: the
 * route reads the body once, as it arrives (multipart into one buffer, services/multipart.ts).
 */
export const requestBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.raw;
  if (!raw.body) return next();
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const isMultipart = type.startsWith("multipart/form-data");
  const cfg = config(c.env);
  const max = isMultipart ? cfg.maxRequestBytes : c.req.path === "/api/stripe/webhook" ? WEBHOOK_LIMIT : JSON_LIMIT;
  const tooLarge = () =>
    new AppError(
      "payload_too_large",
      isMultipart
        ? `This upload is too large. One request can carry at most ${Math.round(max / (1024 * 1024))}MB in total.`
        : "The request body is too large.",
    );
  const length = raw.headers.get("content-length");
  const declared = length !== null && /^\d+$/.test(length.trim()) ? Number(length) : undefined;
  if (declared !== undefined && declared > max) throw tooLarge();
  const body = guardBody(raw.body, {
    max,
    tooLarge,
    unreadable: () =>
      new AppError(
        "bad_request",
        isMultipart ? "The upload could not be read. Please try again." : "The request body could not be read.",
      ),
    ...cfg.upload,
    declared,
  });
  c.req.raw = new Request(raw, { body, duplex: "half" } as RequestInit);
  return next();
});
