import { DEFAULT_LIMITS } from "../schema/tools";
import { MiB } from "./engine/core/budget";

/**
 * The [vars] of wrangler.toml, read once per environment object (a missing or malformed value
 * falls back to its default, never NaN). Every part of the Worker reads its settings here.
 */
export interface Config {
  maxFileBytes: number;
  maxRequestBytes: number;
  resultTtlMs: number;
  /** Conversions a day by tier; null is unlimited. */
  daily: { guest: number; free: number; premium: number | null };
  /** One job's wall-clock budget. */
  jobTimeoutMs: number;
  /** What one job may hold, and what all jobs in one isolate may hold together. */
  jobMemory: number;
  isolateMemory: number;
  /** How many jobs may wait for memory, and how long. */
  jobQueueLength: number;
  jobQueueWaitMs: number;
  refusedJobsPerHour: number;
  /**
   * Reading a request body: all of it within `timeoutMs` of waiting on the client, and at least
   * `minBytesPerSecond` in each `windowMs` of it (a stalled or trickling upload is stopped, 408).
   */
  upload: { timeoutMs: number; minBytesPerSecond: number; windowMs: number };
  /** Bytes of device-made files (POST /api/results) each may store a day, by tier; null is unlimited. */
  storedDaily: { guest: number; free: number; premium: number | null };
  premiumPriceLabel: string | null;
  /** The operator's address for privacy and other questions; null when not set. */
  contactEmail: string | null;
}

export const MB = MiB;

/** A numeric var; a missing, empty, negative or malformed one is the fallback. */
export function numberVar(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** A daily allowance: a number, or "unlimited" (null). */
function dailyVar(value: string | undefined, fallback: number | null): number | null {
  if (value?.trim().toLowerCase() === "unlimited") return null;
  return value === undefined ? fallback : numberVar(value, fallback ?? 0);
}

function readConfig(env: Env): Config {
  const d = DEFAULT_LIMITS;
  const premiumStored = dailyVar(env.STORED_MB_PER_DAY_PREMIUM, 2048);
  return {
    maxFileBytes: numberVar(env.MAX_FILE_SIZE_MB, d.maxFileSizeMB) * MB,
    maxRequestBytes: numberVar(env.MAX_REQUEST_MB, d.maxRequestMB) * MB,
    resultTtlMs: numberVar(env.RESULT_TTL_HOURS, d.resultTtlHours) * 3600_000,
    daily: {
      guest: dailyVar(env.DAILY_LIMIT_GUEST, d.daily.guest) ?? d.daily.guest,
      free: dailyVar(env.DAILY_LIMIT_FREE, d.daily.free) ?? d.daily.free,
      premium: dailyVar(env.DAILY_LIMIT_PREMIUM, d.daily.premium),
    },
    jobTimeoutMs: numberVar(env.JOB_TIMEOUT_MS, 30_000),
    jobMemory: numberVar(env.JOB_MEMORY_MB, 80) * MiB,
    isolateMemory: numberVar(env.ISOLATE_MEMORY_MB, 88) * MiB,
    jobQueueLength: numberVar(env.JOB_QUEUE_LENGTH, 64),
    jobQueueWaitMs: numberVar(env.JOB_QUEUE_WAIT_MS, 180_000),
    refusedJobsPerHour: numberVar(env.REFUSED_JOBS_PER_HOUR, 20),
    // 25 MB in 3 minutes is 1.1 Mbit/s; 16 KB a second is the slowest a phone on a poor link sends.
    upload: {
      timeoutMs: numberVar(env.UPLOAD_TIMEOUT_MS, 180_000),
      minBytesPerSecond: numberVar(env.UPLOAD_MIN_KB_PER_SECOND, 16) * 1024,
      windowMs: Math.max(1, numberVar(env.UPLOAD_RATE_WINDOW_MS, 10_000)),
    },
    // A guest's two conversions a day may be 50 MB each; a device's results about as much.
    storedDaily: {
      guest: numberVar(env.STORED_MB_PER_DAY_GUEST, 100) * MB,
      free: numberVar(env.STORED_MB_PER_DAY_FREE, 250) * MB,
      premium: premiumStored === null ? null : premiumStored * MB,
    },
    premiumPriceLabel: env.PREMIUM_PRICE_LABEL || null,
    contactEmail: /^[^\s@]+@[^\s@]+$/.test(env.CONTACT_EMAIL?.trim() ?? "") ? env.CONTACT_EMAIL.trim() : null,
  };
}

const read = new WeakMap<Env, Config>();

/** This environment's settings, parsed the first time they are asked for. */
export function config(env: Env): Config {
  let c = read.get(env);
  if (!c) {
    c = readConfig(env);
    read.set(env, c);
  }
  return c;
}
