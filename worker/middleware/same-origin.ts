import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { configuredOrigin } from "../services/origin";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Called by servers, not by pages: Stripe's webhook (its signature is what is checked). A browser
 * never has a reason to post to it, and Stripe sends neither Origin nor Sec-Fetch-Site.
 */
export const SERVER_TO_SERVER = new Set(["/api/stripe/webhook"]);

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === "null" ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * Where a request comes from, as the browser says it: allowed from this site's own pages, and
 * from programs that are no browser (curl, scripts send neither header); refused from any other
 * site. Sec-Fetch-Site first (every current browser sends it): same-origin and none (typed by the
 * person) pass, cross-site never does, same-site (another subdomain) only from PUBLIC_ORIGIN.
 * Without it (older browsers), the Origin must be this request's own or PUBLIC_ORIGIN; "null"
 * (sandboxed frames, opaque redirects) is refused.
 */
export function crossSite(req: Request, publicOrigin: string | null): boolean {
  const site = req.headers.get("sec-fetch-site")?.trim().toLowerCase();
  const origin = req.headers.get("origin");
  if (site === "same-origin" || site === "none") return false;
  if (site === undefined && origin === null) return false;
  if (site === "cross-site") return true;
  if (origin === null) return true;
  const from = originOf(origin);
  if (from === null) return true;
  if (from === publicOrigin) return false;
  // A same-site request comes from another origin by definition: only PUBLIC_ORIGIN may send one.
  return site !== undefined || from !== new URL(req.url).origin;
}

const MESSAGE = "This request came from another website, so it was refused. Please use PDFTools itself.";
/** Sign-up, sign-in and sign-out answer { success, error } as the dialogs read them. */
const SIGN_IN = new Set(["/api/auth/register", "/api/auth/login", "/api/auth/logout"]);
const SIGN_IN_MESSAGE = "Please sign in from the PDFTools site itself.";

/**
 * Every state-changing /api route (POST, PUT, PATCH, DELETE) refuses a request another site's
 * page makes (a form post, a fetch): without this, a page elsewhere could spend a guest's daily
 * allowance, store results under the visitor's session, or sign them in to an account it chose.
 * Cookies are SameSite=Strict, but a guest's allowance is counted by address, not by cookie.
 */
export const sameOriginWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!STATE_CHANGING.has(c.req.method) || SERVER_TO_SERVER.has(c.req.path)) return next();
  if (crossSite(c.req.raw, configuredOrigin(c.env))) {
    const signIn = SIGN_IN.has(c.req.path);
    throw new AppError("forbidden", signIn ? SIGN_IN_MESSAGE : MESSAGE, signIn ? { success: false } : undefined);
  }
  await next();
});
