import { asc, lte } from "drizzle-orm";
import { results } from "../../schema/db";
import { getDb } from "./db";
import { deleteResults } from "./storage";
import { sweepThrottle } from "./throttle";

const RESULTS_PREFIX = "results/";
/**
 * Bounds one run's work; what is left waits for the next run (every 15 minutes). `batch`: rows
 * (and objects) one batch deletes, R2 taking at most 1000 keys per delete; `batches` of them a
 * run; `listPages` pages of the bucket (of `batch` keys) walked a run. Tests pass smaller ones to
 * reach the same limits with a tenth of the objects.
 */
export interface SweepLimits {
  batch: number;
  batches: number;
  listPages: number;
}
export const SWEEP_LIMITS: SweepLimits = { batch: 1000, batches: 50, listPages: 20 };
const MAX_LIST_PAGES = SWEEP_LIMITS.listPages;
/** Where the bucket walk stopped, so the next run goes on from there instead of the first key. */
const CURSOR_KEY = "sweep:results-cursor";

export interface SweepReport {
  results: number;
  strays: number;
  shares: number;
  sessions: number;
  throttle: number;
}

/** Deletes the results whose time has come, oldest first, by the table's expiry index. */
export async function sweepResults(
  env: Pick<Env, "FILES" | "DB">,
  now: Date,
  { batch, batches }: SweepLimits = SWEEP_LIMITS,
): Promise<number> {
  const db = getDb(env.DB);
  let deleted = 0;
  for (let i = 0; i < batches; i++) {
    const due = await db
      .select({ id: results.id })
      .from(results)
      .where(lte(results.expiresAt, now))
      .orderBy(asc(results.expiresAt))
      .limit(batch);
    if (due.length === 0) break;
    await deleteResults(
      env,
      due.map((r) => r.id),
    );
    deleted += due.length;
    if (due.length < batch) break;
  }
  return deleted;
}

/**
 * The second net: walks the bucket a few pages a run, from where the last run stopped, and
 * deletes objects past the latest moment their own metadata allows (a result's life cap, or the
 * expiry of one stored before the table existed). It finds what the table does not know of.
 */
export async function sweepStrays(
  env: Pick<Env, "FILES" | "COUNTERS">,
  now: Date,
  { batch, listPages }: SweepLimits = SWEEP_LIMITS,
): Promise<number> {
  let cursor = (await env.COUNTERS.get(CURSOR_KEY)) ?? undefined;
  let deleted = 0;
  for (let page = 0; page < listPages; page++) {
    const list = await env.FILES.list({ prefix: RESULTS_PREFIX, cursor, limit: batch, include: ["customMetadata"] });
    const stale = list.objects
      .filter((o) => {
        const meta = o.customMetadata ?? {};
        const by = Date.parse(meta.deleteBy ?? meta.expiresAt ?? "");
        return Number.isFinite(by) && by <= now.getTime();
      })
      .map((o) => o.key);
    if (stale.length > 0) await env.FILES.delete(stale);
    deleted += stale.length;
    cursor = list.truncated ? list.cursor : undefined;
    if (!cursor) break;
  }
  // At the end of the bucket the walk starts again from the first key next time.
  if (cursor) await env.COUNTERS.put(CURSOR_KEY, cursor);
  else await env.COUNTERS.delete(CURSOR_KEY);
  return deleted;
}

/**
 * The cron sweep. Each step deletes only what has expired, so running it twice at once or
 * twice in a row is harmless; expiry is also enforced at every read, so a late sweep never
 * serves an expired file.
 */
export async function runScheduled(env: Env, now: Date): Promise<SweepReport> {
  const results = await sweepResults(env, now);
  const strays = await sweepStrays(env, now);
  const shares = await deleteExpiredRows(env.DB, "shares", now);
  const sessions = await deleteExpiredRows(env.DB, "sessions", now);
  await deleteExpiredRows(env.DB, "oauth_states", now);
  const throttle = await sweepThrottle(env.DB, now);
  return { results, strays, shares, sessions, throttle };
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
