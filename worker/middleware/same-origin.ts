import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { AppError } from "../errors";

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Sign-up, sign-in, sign-out and account deletion set or clear the session cookie, so only this
 * site's own pages may call them: the browser's Sec-Fetch-Site says where a request comes from,
 * and without it the Origin must name this host.
 */
export const sameOriginOnly = createMiddleware<AppEnv>(async (c, next) => {
  const site = c.req.header("sec-fetch-site");
  const origin = c.req.header("origin");
  const crossSite = site
    ? site !== "same-origin" && site !== "none"
    : origin !== undefined && originHost(origin) !== c.req.header("host");
  if (crossSite) throw new AppError("forbidden", "Please sign in from the PDFTools site itself.", { success: false });
  await next();
});
