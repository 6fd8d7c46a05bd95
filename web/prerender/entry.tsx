/**
 * The build's server side (web/prerender/plugin.ts loads it in Node): the site's own tree (App)
 * drawn to HTML for one page in one language, over a memory history, with the route's code and
 * catalogs loaded. Chakra's styles come with it: a fresh Emotion cache per page, so each page
 * carries exactly the rules it uses.
 */
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { createMemoryHistory } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { DEFAULT_LOCALE, LOCALES, localePath, splitLocalePath } from "../../schema/locales";
import { type CommonText, pageMeta, type ToolText } from "../../schema/page-meta";
import { PRERENDER_DIR, PRERENDERED_PAGES, prerenderedFile } from "../../schema/prerendered";
import { App } from "../app";
import { CORE_NAMESPACES, type Namespace } from "../i18n/catalogs";
import { setActiveLocale } from "../i18n/locale";
import { loadNamespaces, runtimeOf } from "../i18n/runtime";
import { createAppRouter } from "../router";
import type { RenderedPage } from "./page";

declare const __I18N_BASE__: string;

/** Every page to draw, in every language, and its file in the build (schema/prerendered.ts). */
export function pages(): { url: string; file: string }[] {
  return LOCALES.flatMap((l) =>
    PRERENDERED_PAGES.map((path) => ({
      url: localePath(l.tag, path),
      file: `${PRERENDER_DIR}/${prerenderedFile(l.tag, path)}`,
    })),
  );
}

/** Emotion writes each rule set as a `<style data-emotion>` just before the element that first used it. */
const STYLE = /<style data-emotion="[^"]*">[\s\S]*?<\/style>/g;

const tree = (router: ReturnType<typeof createAppRouter>) => (
  <CacheProvider value={createCache({ key: "css" })}>
    <App router={router} />
  </CacheProvider>
);

export async function renderPage(url: string): Promise<RenderedPage> {
  const { locale, path } = splitLocalePath(url);
  setActiveLocale(locale.tag);
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await Promise.all([loadNamespaces(locale.tag, CORE_NAMESPACES), router.load()]);
  // A part of the tree that still loads as it first renders (a Suspense boundary left waiting,
  // <!--$?-->, or given up, <!--$!-->) would be drawn empty: it is waited for, and the page drawn
  // again. Waiting in one pass (prerenderToNodeStream) would put that part at the end, with a
  // script to move it, and costs ten times as long.
  let body = renderToString(tree(router));
  if (/<!--\$[?!]-->/.test(body)) {
    const errors: unknown[] = [];
    const waited = await prerenderToNodeStream(tree(router), { onError: (err) => void errors.push(err) });
    for await (const _ of waited.prelude);
    if (errors.length) throw new AggregateError(errors, `${url}: the page failed to draw`);
    body = renderToString(tree(router));
    if (/<!--\$[?!]-->/.test(body)) throw new Error(`${url}: part of the page was still loading when drawn`);
  }
  // The head as the page's own (web/i18n/head.tsx) and the Worker's (worker/routes/page-head.ts) make it.
  const runtime = runtimeOf(locale.tag);
  const t: CommonText = (key, values) => runtime._(`common:${key}`, values);
  const tool: ToolText = (key) => runtime._(`tools:${key}`);
  const meta = pageMeta(path, false, t, tool);
  const routes = router.state.matches.map((m) => router.routesById[m.routeId]);
  const needed = [
    ...(locale.tag === DEFAULT_LOCALE ? [] : CORE_NAMESPACES),
    ...routes.flatMap((r) => (r.options.loader as { namespaces?: Namespace[] } | undefined)?.namespaces ?? []),
  ];
  return {
    routeFiles: routes.filter((r) => !r.isRoot).map((r) => `routes${r.id === "/" ? "/index" : r.id}.tsx`),
    catalogs: [...new Set(needed)].map((ns) => `${__I18N_BASE__}/${locale.tag}/${ns}.json`),
    lang: locale.tag,
    dir: locale.dir,
    title: meta.title,
    description: meta.description,
    html: body.replace(STYLE, ""),
    styles: body.match(STYLE) ?? [],
  };
}
