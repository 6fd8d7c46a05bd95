import type { Context } from "hono";

/** Secrets (wrangler secret put / .dev.vars): absent means the feature is not configured. */
interface Secrets {
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PREMIUM_PRICE_ID?: string;
  /** Host, port and protocol of the Stripe API; tests point these at a local imitation. */
  STRIPE_API_HOST?: string;
  STRIPE_API_PORT?: string;
  STRIPE_API_PROTOCOL?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  DROPBOX_CLIENT_ID?: string;
  DROPBOX_CLIENT_SECRET?: string;
  /** Provider endpoints; the defaults are the real ones, tests point them at local imitations. */
  GOOGLE_AUTH_URL?: string;
  GOOGLE_TOKEN_URL?: string;
  GOOGLE_UPLOAD_URL?: string;
  GOOGLE_REVOKE_URL?: string;
  DROPBOX_AUTH_URL?: string;
  DROPBOX_TOKEN_URL?: string;
  DROPBOX_UPLOAD_URL?: string;
  DROPBOX_REVOKE_URL?: string;
  /** HMAC key for OAuth state and other signed values. */
  SIGNING_SECRET?: string;
  /** HMAC key for stored client addresses and sign-in keys (falls back to SIGNING_SECRET). */
  HASH_SECRET?: string;
  /** Cloudflare Turnstile keys; the siteverify URL is configurable so tests can imitate it. */
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  TURNSTILE_VERIFY_URL?: string;
  /** The site's public origin (https://example.com): links that leave the site are built on it. */
  PUBLIC_ORIGIN?: string;
}

declare global {
  interface Env extends Secrets {}
  namespace Cloudflare {
    interface Env extends Secrets {}
  }
}

export interface AppVariables {
  requestId: string;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
export type AppContext = Context<AppEnv>;

export function isProduction(env: Env): boolean {
  return env.ENVIRONMENT === "production";
}
