import type { Context } from "hono";
import { aliasTarget, isKnownPage } from "../../schema/pages";
import { PRERENDER_DIR, prerenderedAsset } from "../../schema/prerendered";
import type { AppEnv } from "../env";
import { siteOrigin } from "../services/origin";
import { withPageHead } from "./page-head";

/**
 * The site's pages. Static files are served by the assets layer before the Worker runs; a path
 * that is no file comes here (`not_found_handling = "none"` in wrangler.toml). A page the router
 * knows gets its own first HTML (pageFile below) or the app's index.html; any other path gets
 * index.html (the app shows its not-found page) with a real 404, so crawlers and link checkers
 * are told the truth. Either way the head is the page's own, in its language (page-head.ts). A
 * tool's alias (`/pdf-to-jpg`) is a 301 to the tool's own path, in the same language, so only the
 * real path is ever indexed.
 */
export async function servePage(c: Context<AppEnv>): Promise<Response> {
  const req = c.req.raw;
  if (req.method !== "GET" && req.method !== "HEAD") return c.env.ASSETS.fetch(req);
  const alias = aliasTarget(c.req.path);
  if (alias) {
    // Kept a day, not forever as browsers keep a bare 301: an alias may become a page of its own.
    c.header("Cache-Control", "public, max-age=86400");
    return c.redirect(alias + new URL(req.url).search, 301);
  }
  const known = isKnownPage(c.req.path);
  // A drawn page's own file has no address of its own (wrangler.toml's run_worker_first sends it
  // here): a navigation gets the not-found page below, anything else a plain 404.
  const drawnFile = c.req.path.startsWith(`/${PRERENDER_DIR}/`);
  if (drawnFile && !acceptsHtml(req)) return c.text("Not Found", 404);
  // A missing script or image is a plain 404; only a navigation gets the not-found page.
  if (!known && !acceptsHtml(req)) return c.env.ASSETS.fetch(req);
  const headers = new Headers(req.headers);
  // An unknown path must not be answered "304: same as /".
  if (!known) for (const h of ["if-none-match", "if-modified-since"]) headers.delete(h);
  const index = await pageFile(c.env.ASSETS, req, known ? prerenderedAsset(c.req.path) : null, headers);
  const url = new URL(req.url);
  const origin = siteOrigin(c.env, url);
  if (known || !index.ok) return withPageHead(index, url, false, origin);
  const answer = new Headers(index.headers);
  // The same page as the others, but not a cacheable copy of "/".
  answer.delete("ETag");
  answer.set("Cache-Control", "no-cache");
  const notFound = new Response(index.body, { status: 404, statusText: "Not Found", headers: answer });
  return withPageHead(notFound, url, true, origin);
}

/**
 * The page's first HTML: the file drawn for it at build time (schema/prerendered.ts: the page
 * itself, so it is on screen before any script runs), else the app's index.html, which the app
 * fills in. Both by their exact names (`html_handling = "none"` in wrangler.toml).
 */
async function pageFile(assets: Fetcher, req: Request, drawn: string | null, headers: Headers): Promise<Response> {
  const get = (path: string) => assets.fetch(new Request(new URL(path, req.url), { method: req.method, headers }));
  if (drawn) {
    const page = await get(drawn);
    if (page.ok || page.status === 304) return page;
  }
  return get("/index.html");
}

function acceptsHtml(req: Request): boolean {
  const accept = req.headers.get("accept") ?? "";
  return accept.includes("text/html") || req.headers.get("sec-fetch-mode") === "navigate";
}
