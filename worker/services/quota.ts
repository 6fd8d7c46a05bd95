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

export function limitReached(tier: Tier, signedIn: boolean): AppError {
  return new AppError("quota_exceeded", "Daily conversion limit reached", {
    upgradeMessage: upgradeMessage(tier, signedIn),
  });
}

export interface Reservation {
  commit(): Promise<void>;
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

async function reserveForUser(env: Env, viewer: Extract<Viewer, { kind: "user" }>, now: Date): Promise<Reservation> {
  const tier = tierOf(viewer.role);
  const limit = dailyLimit(env, tier);
  const day = startOfUtcDay(now);
  // One statement: reset on a new day, then take a slot only if one is free.
  const row = await env.DB.prepare(
    `UPDATE users SET
       dailyConversions = CASE WHEN dailyConversionsReset IS NULL OR dailyConversionsReset < ?1 THEN 1 ELSE coalesce(dailyConversions, 0) + 1 END,
       dailyConversionsReset = CASE WHEN dailyConversionsReset IS NULL OR dailyConversionsReset < ?1 THEN ?1 ELSE dailyConversionsReset END
     WHERE id = ?2 AND (?3 IS NULL OR (CASE WHEN dailyConversionsReset IS NULL OR dailyConversionsReset < ?1 THEN 0 ELSE coalesce(dailyConversions, 0) END) < ?3)
     RETURNING dailyConversions`,
  )
    .bind(day, viewer.userId, limit)
    .first<{ dailyConversions: number }>();
  if (!row) throw limitReached(tier, true);
  let settled = false;
  return {
    async commit() {
      settled = true;
    },
    async release() {
      if (settled) return;
      settled = true;
      await env.DB.prepare(
        "UPDATE users SET dailyConversions = max(coalesce(dailyConversions, 0) - 1, 0) WHERE id = ?1 AND dailyConversionsReset = ?2",
      )
        .bind(viewer.userId, day)
        .run();
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

async function reserveForGuest(env: Env, clientKey: string, now: Date): Promise<Reservation> {
  const limit = dailyLimit(env, "guest");
  const day = startOfUtcDay(now);
  const key = guestKey(clientKey, day);
  const entry = localEntry(key, day);
  const stored = await env.COUNTERS.get(key)
    .then((v) => Number(v ?? 0) || 0)
    .catch((err) => {
      console.warn("guest counter read failed; using this isolate's count", err);
      return entry.count;
    });
  entry.count = Math.max(entry.count, stored);
  if (limit !== null && entry.count + entry.pending >= limit) throw limitReached("guest", false);
  entry.pending++;
  let settled = false;
  const ttl = Math.max(60, Math.ceil((day + 86_400_000 + 3_600_000 - now.getTime()) / 1000));
  return {
    async commit() {
      if (settled) return;
      settled = true;
      entry.pending--;
      entry.count++;
      await env.COUNTERS.put(key, String(entry.count), { expirationTtl: ttl }).catch((err) => {
        console.warn("guest counter write failed; this isolate keeps the count", err);
      });
    },
    async release() {
      if (settled) return;
      settled = true;
      entry.pending--;
    },
  };
}

/**
 * What a guest has used today, read without counting anything: the larger of KV's count and
 * this isolate's own (KV is eventually consistent), plus the slots in flight here.
 */
export async function guestUsedToday(env: Env, clientKey: string, now: Date): Promise<number> {
  const day = startOfUtcDay(now);
  const key = guestKey(clientKey, day);
  const entry = local.get(key);
  const own = entry && entry.day === day ? entry : { count: 0, pending: 0 };
  const stored = await env.COUNTERS.get(key)
    .then((v) => Number(v ?? 0) || 0)
    .catch((err) => {
      console.warn("guest counter read failed; using this isolate's count", err);
      return 0;
    });
  return Math.max(own.count, stored) + own.pending;
}

export function reserveConversion(env: Env, viewer: Viewer, now: Date): Promise<Reservation> {
  return viewer.kind === "user" ? reserveForUser(env, viewer, now) : reserveForGuest(env, viewer.clientKey, now);
}
