import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { LoginBody, type PublicUser, RegisterBody } from "../../schema/api";
import { type NewUser, type User, users } from "../../schema/db";
import type { AppContext, AppEnv } from "../env";
import { AppError, isAppError } from "../errors";
import { newPasswordProblem, PASSWORD_MESSAGES } from "../services/common-passwords";
import { getDb } from "../services/db";
import { siteHost } from "../services/origin";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../services/passwords";
import { dailyLimit, tierOf, usedToday } from "../services/quota";
import { createSession, invalidateSession, SESSION_TTL_MS } from "../services/sessions";
import {
  CHALLENGE_AFTER,
  clearAttempts,
  MAX_FAILED_LOGINS,
  MAX_REGISTRATIONS,
  recordAttempt,
  releaseAttempt,
  slowDownMs,
  tooManyAttempts,
} from "../services/throttle";
import { turnstileSiteKey, verifyTurnstile } from "../services/turnstile";
import { clientAddress, hashClientAddress, resolveViewer, SESSION_COOKIE, sessionTokenFrom } from "../services/viewer";
import { readJson } from "../validation";

/** What the client may know about a user: never the hash, reset token or Stripe ids. */
export function publicUser(env: Env, user: User, now = new Date()): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    dailyConversions: usedToday(user, now),
    dailyLimit: dailyLimit(env, tierOf(user.role)),
    subscriptionStatus: user.subscriptionStatus,
    hasBillingAccount: Boolean(user.stripeCustomerId),
    emailVerified: Boolean(user.emailVerified),
    createdAt: user.createdAt.toISOString(),
  };
}

const INVALID_CREDENTIALS = "Invalid email or password";

function authError(code: ConstructorParameters<typeof AppError>[0], message: string, extra: object = {}) {
  return new AppError(code, message, { ...extra, success: false });
}

/**
 * A new password passes NIST SP 800-63B's check here, on the server and against bundled lists
 * (the password goes nowhere): the dialog shows the refusal by the password field.
 */
function checkNewPassword(
  c: AppContext,
  body: { password: string; email: string; firstName: string; lastName: string },
) {
  const host = siteHost(c.env);
  // pdftools.example: the host and its name ("www" and the top-level domain say nothing).
  const names = host?.split(".").slice(0, -1) ?? [];
  const site = host ? [host, ...names.filter((label) => label !== "www")] : [];
  const problem = newPasswordProblem(body.password, { ...body, site });
  if (!problem) return;
  const message = PASSWORD_MESSAGES[problem];
  throw authError("validation_failed", message, { fields: { password: message }, passwordProblem: problem });
}

async function startSession(c: AppContext, user: User, status: 200 | 201) {
  const session = await createSession(getDb(c.env.DB), user.id, {
    // Like every stored address: a keyed hash, never the address itself (the privacy policy says so).
    ipAddress: await hashClientAddress(c.env, clientAddress(c)),
    userAgent: c.req.header("user-agent") ?? null,
  });
  setCookie(c, SESSION_COOKIE, session.token, {
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
    path: "/",
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
  return c.json({ success: true, sessionToken: session.token, user: publicUser(c.env, user) }, status);
}

/** Validation failures answer { success: false, error } like every other auth failure. */
async function readAuthBody<S extends Parameters<typeof readJson>[1]>(c: AppContext, schema: S) {
  try {
    return await readJson(c, schema);
  } catch (err) {
    if (isAppError(err)) throw new AppError(err.code, err.message, { ...err.extra, success: false });
    throw err;
  }
}

/**
 * The check an attempt on an account under attack must pass: a Turnstile token where Turnstile
 * is configured (the dialog shows the widget on this answer), otherwise a growing wait.
 */
async function passChallenge(c: AppContext, token: string | undefined, failures: number): Promise<void> {
  const siteKey = turnstileSiteKey(c.env);
  if (!siteKey) {
    await new Promise((resolve) => setTimeout(resolve, slowDownMs(failures)));
    return;
  }
  if (!token) {
    throw new AppError(
      "challenge_required",
      "There were several failed attempts to sign in to this account. Please confirm you are a person, then sign in again.",
      { success: false, siteKey },
    );
  }
  if (!(await verifyTurnstile(c.env, token, c.req.header("cf-connecting-ip") ?? null))) {
    throw new AppError("challenge_required", "The check did not go through. Please try it again, then sign in.", {
      success: false,
      siteKey,
    });
  }
}

/** Sign-up, sign-in and sign-out only from this site's own pages (middleware/same-origin.ts). */
export const auth = new Hono<AppEnv>()
  .post("/auth/register", async (c) => {
    const body = await readAuthBody(c, RegisterBody);
    const now = new Date();
    const address = clientAddress(c);
    checkNewPassword(c, body);
    if ((await recordAttempt(c.env, "register", address, now)) > MAX_REGISTRATIONS) {
      throw tooManyAttempts("Too many accounts created from this address. Please wait 15 minutes and try again.");
    }
    const db = getDb(c.env.DB);
    const password = await hashPassword(body.password);
    const [user] = await db
      .insert(users)
      .values({ email: body.email, password, firstName: body.firstName, lastName: body.lastName } satisfies NewUser)
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw authError("conflict", "An account with this email already exists. Please sign in instead.");
    return startSession(c, user, 201);
  })
  .post("/auth/login", async (c) => {
    const body = await readAuthBody(c, LoginBody);
    const now = new Date();
    const address = clientAddress(c);
    // Every attempt is counted before the password is checked, so parallel guesses all see each
    // other; a sign-in that succeeds gives its count back.
    const [byAccount, byAccountAddress, byAddress] = await Promise.all(
      [
        ["login-account", body.email],
        ["login-account-address", `${body.email}\n${address}`],
        ["login-address", address],
      ].map(([kind, value]) => recordAttempt(c.env, kind, value, now)),
    );
    // Limits that stop only the address the failures come from.
    if (byAccountAddress > MAX_FAILED_LOGINS || byAddress > MAX_FAILED_LOGINS) {
      throw tooManyAttempts("Too many failed sign-in attempts. Please wait 15 minutes and try again.");
    }
    // An account failed against from anywhere is never locked (a stranger could lock its owner
    // out): every sign-in to it needs a challenge, or without one waits longer each time.
    const failures = byAccount - 1;
    if (failures >= CHALLENGE_AFTER) await passChallenge(c, body.challenge, failures);
    const db = getDb(c.env.DB);
    const [user] = await db.select().from(users).where(eq(users.email, body.email)).limit(1);
    // An unknown email costs the same work as a wrong password, so timing tells nothing.
    if (!user) await burnPasswordCheck(body.password);
    const check = user ? await verifyPassword(body.password, user.password) : null;
    if (!user || !check?.valid) throw authError("unauthorized", INVALID_CREDENTIALS);
    await Promise.all([
      clearAttempts(c.env, "login-account", body.email),
      clearAttempts(c.env, "login-account-address", `${body.email}\n${address}`),
      releaseAttempt(c.env, "login-address", address),
    ]);
    if (check.needsRehash) {
      await db
        .update(users)
        .set({ password: await hashPassword(body.password), updatedAt: now })
        .where(eq(users.id, user.id));
    }
    return startSession(c, user, 200);
  })
  .get("/auth/me", async (c) => {
    const viewer = await resolveViewer(c);
    if (viewer.kind !== "user") throw new AppError("unauthorized", "Not signed in");
    return c.json({ user: publicUser(c.env, viewer.user) });
  })
  .post("/auth/logout", async (c) => {
    const token = sessionTokenFrom(c);
    if (token) await invalidateSession(getDb(c.env.DB), token);
    deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true });
    return c.json({ success: true });
  });
