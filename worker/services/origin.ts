import type { AppContext } from "../env";
import { isProduction } from "../env";
import { AppError } from "../errors";

/**
 * The site's own address, for links that leave the site (share links, OAuth redirect URIs,
 * Stripe's return pages). In production it is configured (PUBLIC_ORIGIN), never read from the
 * request's Host header, which a client chooses; in local development the request's own origin.
 */
export function publicOrigin(c: AppContext): string {
  const configured = c.env.PUBLIC_ORIGIN?.trim();
  if (configured) return new URL(configured).origin;
  if (!isProduction(c.env)) return new URL(c.req.url).origin;
  throw new AppError("not_configured", "This server's public address is not configured (PUBLIC_ORIGIN).");
}
