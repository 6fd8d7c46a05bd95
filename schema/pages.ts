import { splitLocalePath } from "./locales";
import { tools } from "./tools";

/**
 * Every screen the site has, so the Worker can answer an unknown path with a real 404 (the SPA
 * alone would say 200 to anything). The tools come from the catalogue; these are the others, one
 * per file in web/routes (test/web/pages.test.ts checks the two agree).
 */
export const FIXED_PAGES = [
  "/",
  "/all-tools",
  "/donate",
  "/account",
  "/history",
  "/premium",
  "/privacy",
  "/terms",
  "/auth/google/callback",
  "/auth/dropbox/callback",
] as const;

/** Pages with a parameter: the shared-file page takes any id (it says itself when one is unknown). */
const PARAM_PAGES: readonly RegExp[] = [/^\/shared\/[^/]+$/];

const KNOWN = new Set<string>([...FIXED_PAGES, ...tools.map((t) => t.path)]);

/** Whether `pathname` (with or without a language prefix such as /de) is one of the site's pages. */
export function isKnownPage(pathname: string): boolean {
  if (pathname.includes("//")) return false;
  const { path } = splitLocalePath(pathname);
  // The router treats /merge-pdf/ as /merge-pdf.
  const bare = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return KNOWN.has(bare) || PARAM_PAGES.some((p) => p.test(bare));
}
