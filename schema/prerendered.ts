import { type LocaleTag, localePath, splitLocalePath } from "./locales";
import { FIXED_PAGES } from "./pages";
import { tools } from "./tools";

/**
 * Pages whose first HTML is drawn at build time (web/prerender), in every language: the site's
 * own tree, so a first visit sees the page before any script runs. Left out: pages that differ
 * with who is visiting (their account, their history, their plan) and the sign-in callbacks;
 * those, a shared file and the 404 start from the app's index.html as before.
 */
const PER_VISITOR = new Set<string>([
  "/account",
  "/history",
  "/premium",
  "/auth/google/callback",
  "/auth/dropbox/callback",
]);

export const PRERENDERED_PAGES: readonly string[] = [
  ...FIXED_PAGES.filter((p) => !PER_VISITOR.has(p)),
  ...tools.map((t) => t.path),
];

/** Where the drawn pages live among the static assets. */
export const PRERENDER_DIR = "_pages";

/** The file of one page in one language, under PRERENDER_DIR: `de/merge-pdf.html`, `de/index.html`, `index.html`. */
export function prerenderedFile(tag: LocaleTag, path: string): string {
  const home = localePath(tag, "/");
  if (path === "/") return home === "/" ? "index.html" : `${home.slice(1)}/index.html`;
  return `${localePath(tag, path).slice(1)}.html`;
}

/** The asset the Worker answers a page's URL with (`/_pages/de/merge-pdf.html`), or null for a page not drawn. */
export function prerenderedAsset(pathname: string): string | null {
  if (pathname.includes("//")) return null;
  const { locale, path: prefixed } = splitLocalePath(pathname);
  // The router treats /merge-pdf/ as /merge-pdf.
  const path = prefixed.length > 1 && prefixed.endsWith("/") ? prefixed.slice(0, -1) : prefixed;
  return PRERENDERED_PAGES.includes(path) ? `/${PRERENDER_DIR}/${prerenderedFile(locale.tag, path)}` : null;
}
