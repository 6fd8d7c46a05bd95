import { createMiddleware } from "hono/factory";
import { splitLocalePath } from "../../schema/locales";
import { apiCsp, commonSecurityHeaders, HSTS, pageCsp } from "../../schema/security-headers";
import { type AppEnv, isProduction } from "../env";

/** Every response the worker sends carries these, errors included. */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const isApi = c.req.path === "/api" || c.req.path.startsWith("/api/");
  // Responses from the assets binding have immutable headers: copy before changing them.
  if (!isApi) c.res = new Response(c.res.body, c.res);
  const headers = c.res.headers;
  for (const [k, v] of Object.entries(commonSecurityHeaders)) headers.set(k, v);
  headers.set("Content-Security-Policy", isApi ? apiCsp : pageCsp);
  // The cloud-save popup comes back to /auth/... from the provider's pages; it must still reach the
  // window that opened it (to report and close), which a stricter opener policy would sever. The
  // Worker serves these pages now (worker/routes/pages.ts), so the _headers file's rule is not enough.
  if (splitLocalePath(c.req.path).path.startsWith("/auth/")) headers.set("Cross-Origin-Opener-Policy", "unsafe-none");
  if (isProduction(c.env)) headers.set("Strict-Transport-Security", HSTS);
  if (isApi && !headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
});
