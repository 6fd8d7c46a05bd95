import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import { DeleteAccountBody } from "../../schema/api";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { eraseAccount } from "../services/erasure";
import { verifyPassword } from "../services/passwords";
import { MAX_FAILED_LOGINS, recordAttempt, tooManyAttempts } from "../services/throttle";
import { clientAddress, resolveViewer, SESSION_COOKIE } from "../services/viewer";
import { readJson } from "../validation";

/**
 * DELETE /api/account { password }: erases the signed-in account and everything it made (only
 * from this site's own pages, as every state-changing route: middleware/same-origin.ts).
 */
export const account = new Hono<AppEnv>().delete("/account", async (c) => {
  const viewer = await resolveViewer(c);
  if (viewer.kind !== "user") throw new AppError("unauthorized", "Please sign in to delete your account");
  const body = await readJson(c, DeleteAccountBody);
  // The password is asked again; guesses at it count like sign-in failures from this address.
  if ((await recordAttempt(c.env, "login-address", clientAddress(c), new Date())) > MAX_FAILED_LOGINS) {
    throw tooManyAttempts("Too many failed attempts. Please wait 15 minutes and try again.");
  }
  const check = await verifyPassword(body.password, viewer.user.password);
  if (!check.valid) throw new AppError("forbidden", "That password is not right, so nothing was deleted.");
  await eraseAccount(c.env, viewer.user, new Date());
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true });
  return c.json({ success: true });
});
