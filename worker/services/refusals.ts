import { config } from "../config";
import { AppError, isAppError } from "../errors";
import type { Viewer } from "./viewer";

/**
 * Refused heavy jobs cost the service (the upload was read and work began), and nothing else
 * counts them: allowances count only successes. So refusals are counted per account (or per
 * hashed address for guests) and UTC hour, in KV with this isolate's own count beside it (KV is
 * eventually consistent: the local count makes a burst from one client stop at once). Past the
 * limit, heavy jobs from that client are answered 429 before their upload is read.
 */
const COUNTED = new Set(["job_too_large", "job_timeout", "pdf_damaged", "invalid_file", "nothing_found"]);
const HOUR = 3_600_000;
const local = new Map<string, number>();

function keyOf(viewer: Viewer, now: Date): string {
  const hour = Math.floor(now.getTime() / HOUR);
  const who = viewer.kind === "user" ? `user:${viewer.userId}` : `addr:${viewer.clientKey}`;
  return `refused:${hour}:${who}`;
}

export function refusalLimit(env: Env): number {
  return config(env).refusedJobsPerHour;
}

/** Whether an error is a refusal that counts. */
export function isCountedRefusal(err: unknown): boolean {
  return isAppError(err) && COUNTED.has(err.code);
}

/** 429 when this client has had too many jobs refused this hour. */
export async function checkRefusals(env: Env, viewer: Viewer, now: Date): Promise<void> {
  const key = keyOf(viewer, now);
  const stored = await env.COUNTERS.get(key)
    .then((v) => Number(v ?? 0) || 0)
    .catch(() => 0);
  const count = Math.max(stored, local.get(key) ?? 0);
  if (count >= refusalLimit(env)) {
    throw new AppError(
      "rate_limited",
      "Too many of your files were refused in the last hour (too large, damaged, not what their name says, or searched without a match). Please wait an hour before trying again.",
      { retryAfter: Math.ceil((HOUR - (now.getTime() % HOUR)) / 1000) },
    );
  }
}

/** Counts one refused job (never fails the request it is counted for). */
export async function countRefusal(env: Env, viewer: Viewer, now: Date): Promise<void> {
  const key = keyOf(viewer, now);
  const stored = await env.COUNTERS.get(key)
    .then((v) => Number(v ?? 0) || 0)
    .catch(() => 0);
  const count = Math.max(stored, local.get(key) ?? 0) + 1;
  local.set(key, count);
  if (local.size > 10_000) {
    const current = Math.floor(now.getTime() / HOUR);
    for (const k of local.keys()) if (!k.startsWith(`refused:${current}:`)) local.delete(k);
  }
  await env.COUNTERS.put(key, String(count), { expirationTtl: 7200 }).catch((err) => {
    console.warn("refusal counter write failed; this isolate keeps the count", err);
  });
}
