import { AppError } from "../errors";

/**
 * Attempt counters in D1 (strongly consistent, unlike KV): one row per hashed key and
 * 15-minute window, counted with a single upsert so concurrent attempts all count.
 */
export const WINDOW_MS = 15 * 60_000;
export const MAX_FAILED_LOGINS = 10;
/**
 * Failures against one account from all addresses together. Higher than the per-address limit so
 * a stranger cannot lock someone out with ten wrong passwords; still low enough that guessing
 * from many addresses gets nowhere in a window.
 */
export const MAX_FAILED_LOGINS_PER_ACCOUNT = 100;
export const MAX_REGISTRATIONS = 10;

async function hashKey(kind: string, value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${kind}:${value}`));
  return `${kind}:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export async function attemptCount(db: D1Database, kind: string, value: string, now: Date): Promise<number> {
  const key = await hashKey(kind, value);
  const row = await db
    .prepare("SELECT count, windowStart FROM auth_throttle WHERE key = ?1")
    .bind(key)
    .first<{ count: number; windowStart: number }>();
  if (!row || row.windowStart <= now.getTime() - WINDOW_MS) return 0;
  return row.count;
}

export async function recordAttempt(db: D1Database, kind: string, value: string, now: Date): Promise<number> {
  const key = await hashKey(kind, value);
  const t = now.getTime();
  const row = await db
    .prepare(
      `INSERT INTO auth_throttle (key, count, windowStart) VALUES (?1, 1, ?2)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN windowStart <= ?2 - ?3 THEN 1 ELSE count + 1 END,
         windowStart = CASE WHEN windowStart <= ?2 - ?3 THEN ?2 ELSE windowStart END
       RETURNING count`,
    )
    .bind(key, t, WINDOW_MS)
    .first<{ count: number }>();
  return row?.count ?? 1;
}

/** Gives back one reserved attempt (a sign-in that succeeded was not a failure). */
export async function releaseAttempt(db: D1Database, kind: string, value: string): Promise<void> {
  await db
    .prepare("UPDATE auth_throttle SET count = MAX(count - 1, 0) WHERE key = ?1")
    .bind(await hashKey(kind, value))
    .run();
}

export async function clearAttempts(db: D1Database, kind: string, value: string): Promise<void> {
  await db
    .prepare("DELETE FROM auth_throttle WHERE key = ?1")
    .bind(await hashKey(kind, value))
    .run();
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
