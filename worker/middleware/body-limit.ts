import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { config } from "../config";
import type { AppEnv } from "../env";
import { AppError, isAppError } from "../errors";

const JSON_LIMIT = 64 * 1024;
/** Stripe event payloads can be larger than anything a person sends. */
const WEBHOOK_LIMIT = 1024 * 1024;

/**
 * Refuses oversized bodies with a 413 before they are buffered: by Content-Length when it is
 * sent, otherwise by counting the stream as it is read.
 */
export const requestBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const isMultipart = type.startsWith("multipart/form-data");
  const maxSize = isMultipart
    ? config(c.env).maxRequestBytes
    : c.req.path === "/api/stripe/webhook"
      ? WEBHOOK_LIMIT
      : JSON_LIMIT;
  const mb = Math.round(maxSize / (1024 * 1024));
  // Without a Content-Length the body is read here, before the route: a client that goes away
  // mid-upload fails this read, and that is a 400 for its request, not a 500.
  let reached = false;
  const proceed = () => {
    reached = true;
    return next();
  };
  const limited = bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError(
        "payload_too_large",
        isMultipart
          ? `This upload is too large. One request can carry at most ${mb}MB in total.`
          : "The request body is too large.",
      );
    },
  });
  try {
    return await limited(c, proceed);
  } catch (err) {
    if (reached || isAppError(err)) throw err;
    throw new AppError(
      "bad_request",
      isMultipart ? "The upload could not be read. Please try again." : "The request body could not be read.",
    );
  }
});
