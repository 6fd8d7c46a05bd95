import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { LoginBody, type PublicUser, RegisterBody } from "../../schema/api";
import { type User, users } from "../../schema/db";
import type { AppContext, AppEnv } from "../env";
import { AppError } from "../errors";
import { getDb } from "../services/db";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../services/passwords";
import { dailyLimit, tierOf, usedToday } from "../services/quota";
import { createSession, invalidateSession, SESSION_TTL_MS } from "../services/sessions";
import {
  clearAttempts,
  MAX_FAILED_LOGINS,
  MAX_FAILED_LOGINS_PER_ACCOUNT,
  MAX_REGISTRATIONS,
  recordAttempt,
  releaseAttempt,
  tooManyAttempts,
} from "../services/throttle";
import { clientAddress, resolveViewer, SESSION_COOKIE, sessionTokenFrom } from "../services/viewer";
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

function authError(code: ConstructorParameters<typeof AppError>[0], message: string) {
  return new AppError(code, message, { success: false });
}

async function startSession(c: AppContext, user: User, status: 200 | 201) {
  const session = await createSession(getDb(c.env.DB), user.id, {
    ipAddress: c.req.header("cf-connecting-ip") ?? null,
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
    if (err instanceof AppError) throw new AppError(err.code, err.message, { ...err.extra, success: false });
    throw err;
  }
}

/**
 * Sign-up, sign-in and sign-out set or clear the session cookie, so only this site's own pages may
 * call them: the browser's Sec-Fetch-Site says where a request comes from, and without it the
 * Origin must name this host.
 */
const sameOriginOnly = createMiddleware<AppEnv>(async (c, next) => {
  const site = c.req.header("sec-fetch-site");
  const origin = c.req.header("origin");
  const crossSite = site
    ? site !== "same-origin" && site !== "none"
    : origin !== undefined && originHost(origin) !== c.req.header("host");
  if (crossSite) throw authError("forbidden", "Please sign in from the PDFTools site itself.");
  await next();
});

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

export const auth = new Hono<AppEnv>()
  .use("/auth/register", sameOriginOnly)
  .use("/auth/login", sameOriginOnly)
  .use("/auth/logout", sameOriginOnly)
  .post("/auth/register", async (c) => {
    const body = await readAuthBody(c, RegisterBody);
    const now = new Date();
    const address = clientAddress(c);
    if ((await recordAttempt(c.env.DB, "register", address, now)) > MAX_REGISTRATIONS) {
      throw tooManyAttempts("Too many accounts created from this address. Please wait 15 minutes and try again.");
    }
    const db = getDb(c.env.DB);
    const password = await hashPassword(body.password);
    const [user] = await db
      .insert(users)
      .values({ email: body.email, password, firstName: body.firstName, lastName: body.lastName })
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
    const keys: [string, string][] = [
      ["login-account", body.email],
      ["login-account-address", `${body.email}\n${address}`],
      ["login-address", address],
    ];
    const [byAccount, byAccountAddress, byAddress] = await Promise.all(
      keys.map(([kind, value]) => recordAttempt(c.env.DB, kind, value, now)),
    );
    if (
      byAccount > MAX_FAILED_LOGINS_PER_ACCOUNT ||
      byAccountAddress > MAX_FAILED_LOGINS ||
      byAddress > MAX_FAILED_LOGINS
    ) {
      throw tooManyAttempts("Too many failed sign-in attempts. Please wait 15 minutes and try again.");
    }
    const db = getDb(c.env.DB);
    const [user] = await db.select().from(users).where(eq(users.email, body.email)).limit(1);
    // An unknown email costs the same work as a wrong password, so timing tells nothing.
    if (!user) await burnPasswordCheck(body.password);
    const check = user ? await verifyPassword(body.password, user.password) : null;
    if (!user || !check?.valid) throw authError("unauthorized", INVALID_CREDENTIALS);
    await Promise.all([
      clearAttempts(c.env.DB, "login-account", body.email),
      clearAttempts(c.env.DB, "login-account-address", `${body.email}\n${address}`),
      releaseAttempt(c.env.DB, "login-address", address),
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
