import { localePath, splitLocalePath } from "./locales";
import { toolByAlias, tools } from "./tools";

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

// The router treats /merge-pdf/ as /merge-pdf.
const bare = (path: string) => (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path);

/** Whether `pathname` (with or without a language prefix such as /de) is one of the site's pages. */
export function isKnownPage(pathname: string): boolean {
  if (pathname.includes("//")) return false;
  const path = bare(splitLocalePath(pathname).path);
  return KNOWN.has(path) || PARAM_PAGES.some((p) => p.test(path));
}

/**
 * Where an alias a person types leads (the catalogue's `aliases`): `/pdf-to-jpg` to `/pdf-to-image`,
 * `/de/pdf-to-jpg` to `/de/pdf-to-image`. Undefined for any other path.
 */
export function aliasTarget(pathname: string): string | undefined {
  if (pathname.includes("//")) return undefined;
  const { locale, path } = splitLocalePath(pathname);
  const tool = toolByAlias(bare(path).toLowerCase());
  return tool && localePath(locale.tag, tool.path);
}
