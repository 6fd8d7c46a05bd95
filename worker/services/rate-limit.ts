import { AppError } from "../errors";

/**
 * Cloudflare's Rate Limiting binding: counted per location in 10 or 60 s periods, so a brake
 * rather than an exact count (allowances are kept in D1 and KV). Without the binding (a
 * deployment that left it out) nothing is limited.
 */
export async function brake(limiter: RateLimit | undefined, key: string, message: string): Promise<void> {
  if (!limiter) return;
  const { success } = await limiter.limit({ key });
  if (!success) throw new AppError("rate_limited", message, { retryAfter: 60 });
}
