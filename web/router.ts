import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { localePath, splitLocalePath } from "../schema/locales";
import { createQueryClient } from "./api/query-client";
import { NotFound } from "./components/not-found";
import { activeLocale, setActiveLocale } from "./i18n/locale";
import { routeTree } from "./routeTree.gen";

/**
 * Scroll restoration that leaves the first render alone: a page drawn at build time may have been
 * scrolled before the app took it over (or put back where it was by the browser, on a reload), and
 * the router's first render would otherwise send it back to the top.
 */
function afterTheFirstRender() {
  let first = true;
  return () => {
    const restore = !first;
    first = false;
    return restore;
  };
}

/**
 * The site's router: the browser's (main.tsx, over its history; `drawn` when it takes over a page
 * drawn at build time), or one per page at build time over a memory history (web/prerender), so
 * each page's first HTML is the tree the browser then takes over.
 */
export function createAppRouter(history?: RouterHistory, { drawn = false } = {}) {
  const queryClient = createQueryClient();
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    // Not while drawing a page at build time: there is no scroll to restore, and its server-only
    // script (inline) would be refused by the CSP.
    scrollRestoration: history !== undefined ? false : drawn ? afterTheFirstRender() : true,
    defaultNotFoundComponent: NotFound,
    // One route file per screen in every language: `/de/merge-pdf` is matched as `/merge-pdf`, and
    // every link and navigation is written back with the page's language prefix.
    rewrite: {
      input: ({ url }) => {
        const { locale, path } = splitLocalePath(url.pathname);
        // Before anything renders for this URL: links below are then written in its language.
        setActiveLocale(locale.tag);
        url.pathname = path;
        return url;
      },
      output: ({ url }) => {
        url.pathname = localePath(activeLocale(), url.pathname);
        return url;
      },
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
