import type { AppContext } from "../env";
import { isProduction } from "../env";
import { AppError } from "../errors";

/** PUBLIC_ORIGIN as an origin (https://example.com), or null when it is not configured. */
export function configuredOrigin(env: Env): string | null {
  const configured = env.PUBLIC_ORIGIN?.trim();
  return configured ? new URL(configured).origin : null;
}

/** The configured site's host name (example.com), or null. */
export function siteHost(env: Env): string | null {
  const origin = configuredOrigin(env);
  return origin ? new URL(origin).hostname : null;
}

/**
 * The site's own address for what a page says about itself (canonical and hreflang links):
 * PUBLIC_ORIGIN; in local development without it, the request's origin; in production without
 * it, null (the page then names no address rather than whatever Host a client sent).
 */
export function siteOrigin(env: Env, requestUrl: string | URL): string | null {
  return configuredOrigin(env) ?? (isProduction(env) ? null : new URL(requestUrl).origin);
}

/**
 * The site's own address, for links that leave the site (share links, OAuth redirect URIs,
 * Stripe's return pages). In production it is configured (PUBLIC_ORIGIN), never read from the
 * request's Host header, which a client chooses; in local development the request's own origin.
 */
export function publicOrigin(c: AppContext): string {
  const origin = siteOrigin(c.env, c.req.url);
  if (origin) return origin;
  throw new AppError("not_configured", "This server's public address is not configured (PUBLIC_ORIGIN).");
}
