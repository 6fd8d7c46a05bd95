import { Hono } from "hono";
import type { PublicConfig } from "../../schema/api";
import { type AppEnv, numberVar } from "../env";
import { turnstileSiteKey } from "../services/turnstile";

/** Parses a daily allowance var: a number, or "unlimited" (null). */
export function dailyLimitVar(value: string | undefined, fallback: number | null): number | null {
  if (value?.trim().toLowerCase() === "unlimited") return null;
  return value === undefined ? fallback : numberVar(value, fallback ?? 0);
}

export function publicConfig(env: Env): PublicConfig {
  return {
    donations: {
      enabled: Boolean(env.STRIPE_SECRET_KEY),
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    },
    premium: {
      enabled: Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PREMIUM_PRICE_ID),
      priceLabel: env.PREMIUM_PRICE_LABEL || null,
    },
    cloud: {
      google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET && env.SIGNING_SECRET),
      dropbox: Boolean(env.DROPBOX_CLIENT_ID && env.DROPBOX_CLIENT_SECRET && env.SIGNING_SECRET),
    },
    turnstile: { siteKey: turnstileSiteKey(env) },
    limits: {
      maxFileSizeMB: numberVar(env.MAX_FILE_SIZE_MB, 25),
      resultTtlHours: numberVar(env.RESULT_TTL_HOURS, 24),
      daily: {
        guest: dailyLimitVar(env.DAILY_LIMIT_GUEST, 2) ?? 2,
        free: dailyLimitVar(env.DAILY_LIMIT_FREE, 10) ?? 10,
        premium: dailyLimitVar(env.DAILY_LIMIT_PREMIUM, null),
      },
    },
  };
}

export const config = new Hono<AppEnv>().get("/config", (c) => {
  c.header("Cache-Control", "public, max-age=60");
  return c.json(publicConfig(c.env));
});
