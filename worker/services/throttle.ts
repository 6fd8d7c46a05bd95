import { eq, sql } from "drizzle-orm";
import { authThrottle } from "../../schema/db";
import { AppError } from "../errors";
import { getDb } from "./db";
import { keyedHash } from "./keyed-hash";

/**
 * Attempt counters in D1 (strongly consistent, unlike KV): one row per keyed hash and 15-minute
 * window, counted with a single upsert so concurrent attempts all count.
 */
export const WINDOW_MS = 15 * 60_000;
/** Failures from one address (for one account, or for all together) before that address must wait. */
export const MAX_FAILED_LOGINS = 10;
/**
 * Failures against one account from anywhere before every sign-in to it needs a Turnstile
 * challenge (and, where Turnstile is not configured, waits a little longer each time). Nothing a
 * stranger does locks the owner out: the owner's right password, with the challenge, still works.
 */
export const CHALLENGE_AFTER = 5;
export const MAX_REGISTRATIONS = 10;

function hashKey(env: Env, kind: string, value: string): Promise<string> {
  return keyedHash(env, `throttle:${kind}`, value).then((h) => `${kind}:${h}`);
}

export async function recordAttempt(env: Env, kind: string, value: string, now: Date): Promise<number> {
  const key = await hashKey(env, kind, value);
  const stale = now.getTime() - WINDOW_MS;
  // One upsert: a window that has ended starts again at 1, in the same statement that counts.
  const [row] = await getDb(env.DB)
    .insert(authThrottle)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        count: sql`CASE WHEN ${authThrottle.windowStart} <= ${stale} THEN 1 ELSE ${authThrottle.count} + 1 END`,
        windowStart: sql`CASE WHEN ${authThrottle.windowStart} <= ${stale} THEN ${now.getTime()} ELSE ${authThrottle.windowStart} END`,
      },
    })
    .returning({ count: authThrottle.count });
  return row?.count ?? 1;
}

/** Gives back one reserved attempt (a sign-in that succeeded was not a failure). */
export async function releaseAttempt(env: Env, kind: string, value: string): Promise<void> {
  await getDb(env.DB)
    .update(authThrottle)
    .set({ count: sql`MAX(${authThrottle.count} - 1, 0)` })
    .where(eq(authThrottle.key, await hashKey(env, kind, value)));
}

export async function clearAttempts(env: Env, kind: string, value: string): Promise<void> {
  await getDb(env.DB)
    .delete(authThrottle)
    .where(eq(authThrottle.key, await hashKey(env, kind, value)));
}

/**
 * How long an attempt against an account with `failures` recent failures waits before its
 * password is checked, where no challenge can be asked: 0.5 s doubling to at most 8 s.
 */
export function slowDownMs(failures: number): number {
  if (failures < CHALLENGE_AFTER) return 0;
  return Math.min(8000, 500 * 2 ** (failures - CHALLENGE_AFTER));
}

export function tooManyAttempts(message: string): AppError {
  return new AppError("rate_limited", message, { success: false });
}

/** Removes windows that ended, in bounded batches (the cron sweep). */
export async function sweepThrottle(db: D1Database, now: Date): Promise<number> {
  const res = await db
    .prepare(
      "DELETE FROM auth_throttle WHERE key IN (SELECT key FROM auth_throttle WHERE windowStart <= ?1 LIMIT 1000)",
    )
    .bind(now.getTime() - WINDOW_MS)
    .run();
  return res.meta.changes ?? 0;
}
