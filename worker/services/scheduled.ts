import { isExpired, type ResultMeta } from "./storage";
import { sweepThrottle } from "./throttle";

const RESULTS_PREFIX = "results/";
/** Bounds one run's work; what is left waits for the next run (every 15 minutes). */
const MAX_LIST_PAGES = 20;

export interface SweepReport {
  results: number;
  shares: number;
  sessions: number;
  throttle: number;
}

/** Deletes expired results from R2, page by page, by the expiry in their metadata. */
export async function sweepResults(bucket: R2Bucket, now: Date): Promise<number> {
  let cursor: string | undefined;
  let deleted = 0;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const list = await bucket.list({ prefix: RESULTS_PREFIX, cursor, limit: 1000, include: ["customMetadata"] });
    const expired = list.objects
      .filter((o) => isExpired((o.customMetadata ?? {}) as Pick<ResultMeta, "expiresAt">, now))
      .map((o) => o.key);
    // R2 deletes up to 1000 keys per call; deleting a key that is already gone is not an error.
    if (expired.length > 0) await bucket.delete(expired);
    deleted += expired.length;
    if (!list.truncated) break;
    cursor = list.cursor;
  }
  return deleted;
}

/**
 * The cron sweep. Each step deletes only what has expired, so running it twice at once or
 * twice in a row is harmless; expiry is also enforced at every read, so a late sweep never
 * serves an expired file.
 */
export async function runScheduled(env: Env, now: Date): Promise<SweepReport> {
  const results = await sweepResults(env.FILES, now);
  const shares = await deleteExpiredRows(env.DB, "shares", now);
  const sessions = await deleteExpiredRows(env.DB, "sessions", now);
  await deleteExpiredRows(env.DB, "oauth_states", now);
  const throttle = await sweepThrottle(env.DB, now);
  return { results, shares, sessions, throttle };
}

/** Deletes rows whose expiresAt has passed, 500 at a time, so no statement runs long. */
async function deleteExpiredRows(
  db: D1Database,
  table: "shares" | "sessions" | "oauth_states",
  now: Date,
): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_LIST_PAGES; i++) {
    const res = await db
      .prepare(`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE expiresAt <= ?1 LIMIT 500)`)
      .bind(now.getTime())
      .run();
    const changed = res.meta.changes ?? 0;
    total += changed;
    if (changed < 500) break;
  }
  return total;
}
