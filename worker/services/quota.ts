import { remainingToday } from "../../schema/allowance";
import { config } from "../config";
import { AppError } from "../errors";
import type { Viewer } from "./viewer";

/**
 * Daily allowances (spec sections 6 and 9): guest 2, free 10, premium unlimited, any other role
 * as a guest. A slot is reserved before the work starts and given back if the work fails, so a
 * request is counted only when it succeeds and two requests can never share the last slot.
 */
export type Tier = "guest" | "free" | "premium";

export function tierOf(role: string | null | undefined): Tier {
  return role === "free" || role === "premium" ? role : "guest";
}

export function dailyLimit(env: Env, tier: Tier): number | null {
  return config(env).daily[tier];
}

export function startOfUtcDay(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

/** Spec section 6: free users are offered Premium; guests an account; anyone else tomorrow. */
export function upgradeMessage(tier: Tier, signedIn: boolean): string {
  if (tier === "free") return "Upgrade to Premium for unlimited conversions";
  if (!signedIn) return "Create a free account for 10 conversions a day, or please try again tomorrow";
  return "Please try again tomorrow";
}

export function limitReached(tier: Tier, signedIn: boolean, batch?: { needed: number; remaining: number }): AppError {
  const base = upgradeMessage(tier, signedIn);
  if (!batch || batch.remaining <= 0) {
    return new AppError("quota_exceeded", "Daily conversion limit reached", { upgradeMessage: base });
  }
  // A batch that would cross the limit is refused whole: say what it needs and what is left.
  const { needed, remaining } = batch;
  return new AppError("quota_exceeded", "Daily conversion limit reached", {
    upgradeMessage: `This needs ${needed} conversions and ${remaining} ${remaining === 1 ? "is" : "are"} left today. ${base}`,
    needed,
    remaining,
  });
}

/**
 * Slots taken for one request. `extend` takes more once the request's files are counted, all or
 * none; `commit(n)` keeps n of them (the files that came out converted) and gives the rest back;
 * `release` gives them all back.
 */
export interface Reservation {
  readonly count: number;
  extend(more: number): Promise<void>;
  commit(keep?: number): Promise<void>;
  release(): Promise<void>;
}

/** Today's count for a user row: the stored count only if it belongs to today (UTC). */
export function usedToday(
  row: { dailyConversions: number | null; dailyConversionsReset: Date | null },
  now: Date,
): number {
  const reset = row.dailyConversionsReset?.getTime() ?? 0;
  return reset >= startOfUtcDay(now) ? (row.dailyConversions ?? 0) : 0;
}

/** Takes `n` slots for a user in one statement (a new day starts at 0), or none; the count after, or null. */
async function takeForUser(env: Env, userId: number, day: number, n: number, limit: number | null) {
  const row = await env.DB.prepare(
    `UPDATE users SET
       dailyConversions = CASE WHEN dailyConversionsReset IS NULL OR dailyConversionsReset < ?1 THEN ?4 ELSE coalesce(dailyConversions, 0) + ?4 END,
       dailyConversionsReset = CASE WHEN dailyConversionsReset IS NULL OR dailyConversionsReset < ?1 THEN ?1 ELSE dailyConversionsReset END
     WHERE id = ?2 AND (?3 IS NULL OR (CASE WHEN dailyConversionsReset IS NULL OR dailyConversionsReset < ?1 THEN 0 ELSE coalesce(dailyConversions, 0) END) + ?4 <= ?3)
     RETURNING dailyConversions`,
  )
    .bind(day, userId, limit, n)
    .first<{ dailyConversions: number }>();
  return row?.dailyConversions ?? null;
}

async function usedByUser(env: Env, userId: number, day: number): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT CASE WHEN dailyConversionsReset IS NULL OR dailyConversionsReset < ?1 THEN 0 ELSE coalesce(dailyConversions, 0) END AS used FROM users WHERE id = ?2",
  )
    .bind(day, userId)
    .first<{ used: number }>();
  return row?.used ?? 0;
}

async function reserveForUser(
  env: Env,
  viewer: Extract<Viewer, { kind: "user" }>,
  now: Date,
  n: number,
): Promise<Reservation> {
  const tier = tierOf(viewer.role);
  const limit = dailyLimit(env, tier);
  const day = startOfUtcDay(now);
  /** The refusal, saying what is left apart from the `own` slots this request holds (given back with it). */
  const refuse = async (needed: number, own: number) => {
    const used = await usedByUser(env, viewer.userId, day).catch(() => null);
    if (used === null || limit === null) return limitReached(tier, true);
    return limitReached(tier, true, { needed, remaining: Math.max(0, limit - used + own) });
  };
  if ((await takeForUser(env, viewer.userId, day, n, limit)) === null) throw await refuse(n, 0);
  let held = n;
  let settled = false;
  const giveBack = async (k: number) => {
    if (k <= 0) return;
    await env.DB.prepare(
      "UPDATE users SET dailyConversions = max(coalesce(dailyConversions, 0) - ?3, 0) WHERE id = ?1 AND dailyConversionsReset = ?2",
    )
      .bind(viewer.userId, day, k)
      .run();
  };
  return {
    get count() {
      return held;
    },
    async extend(more) {
      if (more <= 0 || settled) return;
      if ((await takeForUser(env, viewer.userId, day, more, limit)) === null) {
        // The request is refused whole (its caller releases what it held).
        throw await refuse(held + more, held);
      }
      held += more;
    },
    async commit(keep = held) {
      if (settled) return;
      settled = true;
      // The job succeeded: failing to hand back a file's unused slot must not fail it.
      await giveBack(held - Math.max(0, Math.min(keep, held))).catch((err) => {
        console.warn("could not give back unused conversions", err);
      });
    },
    async release() {
      if (settled) return;
      settled = true;
      await giveBack(held);
    },
  };
}

/**
 * Guests are counted in KV per hashed address and UTC day. KV is eventually consistent and
 * takes about one write per second per key, so this isolate also keeps its own count and its
 * in-flight reservations: a KV failure falls back to that count, never to no limit.
 */
const local = new Map<string, { day: number; count: number; pending: number }>();

function localEntry(key: string, day: number) {
  let e = local.get(key);
  if (!e || e.day !== day) {
    e = { day, count: 0, pending: 0 };
    local.set(key, e);
  }
  if (local.size > 10_000) {
    for (const [k, v] of local) if (v.day !== day) local.delete(k);
  }
  return e;
}

export function guestKey(clientKey: string, day: number): string {
  return `guest:${new Date(day).toISOString().slice(0, 10)}:${clientKey}`;
}

/** A guest's count today: the stored one, or this isolate's when KV cannot be read (never less than it). */
async function guestCount(env: Env, key: string, entry: { count: number }): Promise<number> {
  const stored = await env.COUNTERS.get(key)
    .then((v) => Number(v ?? 0) || 0)
    .catch((err) => {
      console.warn("guest counter read failed; using this isolate's count", err);
      return entry.count;
    });
  entry.count = Math.max(entry.count, stored);
  return entry.count;
}

async function reserveForGuest(env: Env, clientKey: string, now: Date, n: number): Promise<Reservation> {
  const limit = dailyLimit(env, "guest");
  const day = startOfUtcDay(now);
  const key = guestKey(clientKey, day);
  const entry = localEntry(key, day);
  await guestCount(env, key, entry);
  const take = (k: number, own: number) => {
    const taken = entry.count + entry.pending - own;
    if (limit !== null && taken + own + k > limit) {
      throw limitReached("guest", false, { needed: own + k, remaining: Math.max(0, limit - taken) });
    }
    entry.pending += k;
  };
  take(n, 0);
  let held = n;
  let settled = false;
  const ttl = Math.max(60, Math.ceil((day + 86_400_000 + 3_600_000 - now.getTime()) / 1000));
  return {
    get count() {
      return held;
    },
    async extend(more) {
      if (more <= 0 || settled) return;
      take(more, held);
      held += more;
    },
    async commit(keep = held) {
      if (settled) return;
      settled = true;
      const kept = Math.max(0, Math.min(keep, held));
      entry.pending -= held;
      if (kept === 0) return;
      entry.count += kept;
      await env.COUNTERS.put(key, String(entry.count), { expirationTtl: ttl }).catch((err) => {
        console.warn("guest counter write failed; this isolate keeps the count", err);
      });
    },
    async release() {
      if (settled) return;
      settled = true;
      entry.pending -= held;
    },
  };
}

/** Takes `n` slots (one request's conversions, schema/allowance.ts), all or none: a 429 when fewer are left. */
export function reserveConversion(env: Env, viewer: Viewer, now: Date, n = 1): Promise<Reservation> {
  return viewer.kind === "user" ? reserveForUser(env, viewer, now, n) : reserveForGuest(env, viewer.clientKey, now, n);
}

export interface Usage {
  tier: Tier;
  used: number;
  /** null: unlimited. */
  daily: number | null;
  remaining: number | null;
}

/** What the viewer has used today and what is left: a guest's by their address, an account's from D1. */
export async function usageOf(env: Env, viewer: Viewer, now: Date): Promise<Usage> {
  const day = startOfUtcDay(now);
  if (viewer.kind === "user") {
    const tier = tierOf(viewer.role);
    const daily = dailyLimit(env, tier);
    const used = await usedByUser(env, viewer.userId, day);
    return { tier, used, daily, remaining: remainingToday(used, daily) };
  }
  const key = guestKey(viewer.clientKey, day);
  const entry = localEntry(key, day);
  const used = await guestCount(env, key, entry);
  const daily = dailyLimit(env, "guest");
  return { tier: "guest", used, daily, remaining: remainingToday(used, daily) };
}
