import { Hono } from "hono";
import type { AllowanceResponse } from "../../schema/api";
import type { AppEnv } from "../env";
import { asUnavailable } from "../errors";
import { usageOf } from "../services/quota";
import { resolveViewer } from "../services/viewer";

/**
 * What the asker has left today, so a page can say so before anything is uploaded ("1 of 2 free
 * conversions left today") and check a whole batch against it. Never cached: it changes with
 * every conversion.
 */
export const allowance = new Hono<AppEnv>().get("/allowance", async (c) => {
  const viewer = await resolveViewer(c).catch((err: unknown): never => {
    throw asUnavailable(err);
  });
  const usage = await usageOf(c.env, viewer, new Date()).catch((err: unknown): never => {
    throw asUnavailable(err);
  });
  c.header("Cache-Control", "no-store");
  return c.json(usage satisfies AllowanceResponse);
});
