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
