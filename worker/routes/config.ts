import { Hono } from "hono";
import type { PublicConfig } from "../../schema/api";
import { MB, config as settings } from "../config";
import type { AppEnv } from "../env";
import { turnstileSiteKey } from "../services/turnstile";

export function publicConfig(env: Env): PublicConfig {
  return {
    donations: {
      enabled: Boolean(env.STRIPE_SECRET_KEY),
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    },
    premium: {
      enabled: Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PREMIUM_PRICE_ID),
      priceLabel: settings(env).premiumPriceLabel,
    },
    cloud: {
      google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET && env.SIGNING_SECRET),
      dropbox: Boolean(env.DROPBOX_CLIENT_ID && env.DROPBOX_CLIENT_SECRET && env.SIGNING_SECRET),
    },
    turnstile: { siteKey: turnstileSiteKey(env) },
    limits: {
      maxFileSizeMB: settings(env).maxFileBytes / MB,
      resultTtlHours: settings(env).resultTtlMs / 3600_000,
      daily: settings(env).daily,
    },
    contact: settings(env).contactEmail,
  };
}

export const config = new Hono<AppEnv>().get("/config", (c) => {
  c.header("Cache-Control", "public, max-age=60");
  return c.json(publicConfig(c.env));
});
