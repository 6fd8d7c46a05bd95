import { splitLocalePath } from "../../schema/locales";
import type { Namespace } from "./catalogs";
import { loadNamespaces } from "./runtime";

/**
 * A route's `loader` that fetches its namespaces in the page's language while the route's code
 * loads, instead of after it: `loader: namespaces("home")`. Optional (useT suspends for a
 * namespace that is not loaded yet), but it saves a round trip on the first visit.
 */
export function namespaces(...list: Namespace[]) {
  const loader = ({ location }: { location: { publicHref?: string; href: string } }) => {
    const path = new URL(location.publicHref ?? location.href, "http://x").pathname;
    // A failed load is left to the page (useT tries again), not turned into a route error.
    return loadNamespaces(splitLocalePath(path).locale.tag, list).catch(() => undefined);
  };
  // Named on the loader too: a page drawn at build time asks for its catalogs at once (web/prerender).
  return Object.assign(loader, { namespaces: list });
}
