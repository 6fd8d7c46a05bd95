import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

/**
 * Every request gets an id of our own making, in the logs and the X-Request-Id answer header. A
 * client's X-Request-Id is never taken: it would let anyone write what our logs say.
 */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = crypto.randomUUID();
  c.set("requestId", id);
  c.header("X-Request-Id", id);
  await next();
});
