import { createRouter } from "@tanstack/react-router";
import { localePath, splitLocalePath } from "../schema/locales";
import { createQueryClient } from "./api/query-client";
import { NotFound } from "./components/not-found";
import { activeLocale, setActiveLocale } from "./i18n/locale";
import { routeTree } from "./routeTree.gen";

export const queryClient = createQueryClient();

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
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

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
