import { config } from "../config";
import { AppError } from "../errors";
import { startOfUtcDay, type Tier, tierOf } from "./quota";
import type { Viewer } from "./viewer";

/**
 * How many bytes of files made on the device (POST /api/results) each may store a day: an
 * account by its id, a guest by the keyed hash of their address (as the guest allowance), in KV
 * per UTC day. Like the guest allowance, this isolate keeps its own count and its uploads in
 * flight beside KV's (eventually consistent, one write a second per key): a burst stops at once
 * here, and a KV failure falls back to this count, never to no limit. Only what is stored counts:
 * a file is reserved once it is read, given back if it is refused or fails to store.
 */
const local = new Map<string, { day: number; count: number; pending: number }>();

function keyOf(viewer: Viewer, day: number): string {
  const who = viewer.kind === "user" ? `user:${viewer.userId}` : `addr:${viewer.clientKey}`;
  return `stored:${new Date(day).toISOString().slice(0, 10)}:${who}`;
}

function entryOf(key: string, day: number) {
  let e = local.get(key);
  if (!e || e.day !== day) {
    e = { day, count: 0, pending: 0 };
    local.set(key, e);
  }
  if (local.size > 10_000) for (const [k, v] of local) if (v.day !== day) local.delete(k);
  return e;
}

function tierOfViewer(viewer: Viewer): Tier {
  return viewer.kind === "user" ? tierOf(viewer.role) : "guest";
}

const mb = (bytes: number) => `${Math.floor(bytes / (1024 * 1024)).toLocaleString("en-US")} MB`;

function limitReached(env: Env, tier: Tier, limit: number, left: number, size: number): AppError {
  const daily = config(env).storedDaily;
  const next =
    tier === "guest"
      ? ` Create a free account for ${mb(daily.free)} a day, or try again tomorrow.`
      : tier === "free"
        ? ` Upgrade to Premium for ${daily.premium === null ? "no daily limit" : `${mb(daily.premium)} a day`}, or try again tomorrow.`
        : " Please try again tomorrow.";
  return new AppError(
    "upload_limit_reached",
    `Daily upload limit reached: files made on your device can be stored up to ${mb(limit)} a day${tier === "guest" ? " without an account" : ""}, and ${mb(left)} ${left >= 2 * 1024 * 1024 ? "are" : "is"} left today for this ${mb(size)} file.${next}`,
    { params: { limitMB: Math.floor(limit / (1024 * 1024)), leftMB: Math.floor(left / (1024 * 1024)) } },
  );
}

export interface StoredBytes {
  /** The upload was stored: its bytes count today. */
  commit(): Promise<void>;
  /** It was not: they are given back. */
  release(): void;
}

async function today(env: Env, viewer: Viewer, now: Date) {
  const day = startOfUtcDay(now);
  const key = keyOf(viewer, day);
  const entry = entryOf(key, day);
  const stored = await env.COUNTERS.get(key)
    .then((v) => Number(v ?? 0) || 0)
    .catch((err) => {
      console.warn("stored-bytes counter read failed; using this isolate's count", err);
      return entry.count;
    });
  entry.count = Math.max(entry.count, stored);
  const tier = tierOfViewer(viewer);
  const limit = config(env).storedDaily[tier];
  return { day, key, entry, tier, limit };
}

/**
 * Refuses at once (429) an upload of `bytes` that could not fit what is left today: before the
 * upload is read, by its declared size less what its form fields may take.
 */
export async function checkStoredBytes(env: Env, viewer: Viewer, now: Date, bytes: number): Promise<void> {
  const { entry, tier, limit } = await today(env, viewer, now);
  if (limit === null) return;
  const left = Math.max(0, limit - entry.count - entry.pending);
  if (left === 0 || bytes > left) throw limitReached(env, tier, limit, left, bytes);
}

/** Takes `bytes` of today's storage for one upload, or refuses (429) when they are not left. */
export async function reserveStoredBytes(env: Env, viewer: Viewer, now: Date, bytes: number): Promise<StoredBytes> {
  const { day, key, entry, tier, limit } = await today(env, viewer, now);
  if (limit !== null) {
    const left = Math.max(0, limit - entry.count - entry.pending);
    if (bytes > left) throw limitReached(env, tier, limit, left, bytes);
  }
  entry.pending += bytes;
  let settled = false;
  const ttl = Math.max(60, Math.ceil((day + 86_400_000 + 3_600_000 - now.getTime()) / 1000));
  return {
    async commit() {
      if (settled) return;
      settled = true;
      entry.pending -= bytes;
      entry.count += bytes;
      await env.COUNTERS.put(key, String(entry.count), { expirationTtl: ttl }).catch((err) => {
        console.warn("stored-bytes counter write failed; this isolate keeps the count", err);
      });
    },
    release() {
      if (settled) return;
      settled = true;
      entry.pending -= bytes;
    },
  };
}
