import type enCommon from "../web/i18n/locales/en/common.json";
import { LOCALES, type LocaleTag, localePath } from "./locales";
import { type ToolId, tools } from "./tools";

export interface PageMeta {
  title: string;
  description: string;
  /** Pages no search engine should list (a shared file, a path that does not exist). */
  noindex?: boolean;
}

type Values = Record<string, string>;
/** The `common` messages a page's head is made of, in the page's language. */
export type CommonText = (key: keyof typeof enCommon & `${"meta" | "nav"}.${string}`, values?: Values) => string;
/** A tool's title or description in the page's language. */
export type ToolText = (key: `${ToolId}.${"title" | "description"}`) => string;

/**
 * The title and description of a page (spec path, without the language prefix) in the page's
 * language: the site's (in the page, web/i18n/head.tsx) and the Worker's (the first HTML a crawler
 * reads, worker/routes/page-head.ts) are this one function. Tool pages take the catalogue's; the
 * others are listed here; a page not listed has the site's own.
 */
export function pageMeta(path: string, notFound: boolean, t: CommonText, tool: ToolText): PageMeta {
  const site = { title: t("meta.siteTitle"), description: t("meta.siteDescription") };
  const page = (title: string, description = site.description) => ({
    title: t("meta.pageTitle", { page: title }),
    description,
  });
  if (notFound) return { ...page(t("meta.notFoundTitle")), noindex: true };
  const found = tools.find((x) => x.path === path);
  if (found) return page(tool(`${found.id}.title`), tool(`${found.id}.description`));
  if (path === "/all-tools") return page(t("nav.allTools"), t("meta.allToolsDescription"));
  if (path === "/donate") return page(t("meta.donateTitle"), t("meta.donateDescription"));
  if (path.startsWith("/shared/")) return { ...page(t("meta.sharedTitle")), noindex: true };
  if (path.startsWith("/auth/")) return { ...site, noindex: true };
  return site;
}

export interface HeadLink {
  rel: "alternate" | "canonical";
  hreflang: string | undefined;
  href: string;
}

/** The `<link>`s that tell search engines each language's URL of this page, and which is canonical. */
export function alternateLinks(origin: string, path: string, tag: LocaleTag): HeadLink[] {
  return [
    ...LOCALES.map((l) => ({ rel: "alternate" as const, hreflang: l.tag, href: origin + localePath(l.tag, path) })),
    { rel: "alternate", hreflang: "x-default", href: origin + path },
    { rel: "canonical", hreflang: undefined, href: origin + localePath(tag, path) },
  ];
}

/** Marks the head links the page keeps in step with its route (the Worker's first copy included). */
export const HEAD_LINK_MARK = "data-i18n-head";
