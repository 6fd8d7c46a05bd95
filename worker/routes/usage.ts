import { Hono } from "hono";
import type { Usage } from "../../schema/api";
import type { AppEnv } from "../env";
import { asUnavailable } from "../errors";
import { usageOf } from "../services/quota";
import { brake } from "../services/rate-limit";
import { resolveViewer } from "../services/viewer";

/**
 * GET /api/usage: what the asker has used of today's allowance and what is left, so a page can
 * say so before anything is uploaded. It only reads: nothing is counted. A guest is known by the
 * keyed hash of their address, as the conversions count them.
 */
export const usage = new Hono<AppEnv>().get("/usage", async (c) => {
  const now = new Date();
  const viewer = await resolveViewer(c).catch((err: unknown): never => {
    throw asUnavailable(err, "Your allowance could not be read. Please try again in a moment.");
  });
  await brake(
    c.env.USAGE_LIMITER,
    viewer.kind === "user" ? `user:${viewer.userId}` : viewer.clientKey,
    "Too many requests in the last minute. Please wait a minute and try again.",
  );
  const body: Usage = await usageOf(c.env, viewer, now).catch((err: unknown): never => {
    throw asUnavailable(err, "Your allowance could not be read. Please try again in a moment.");
  });
  // Never cached: it changes with every conversion.
  c.header("Cache-Control", "no-store");
  return c.json(body);
});
