import { useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { LOCALES, type LocaleTag, localePath } from "../../schema/locales";
import { tools } from "../../schema/tools";
import { type Translate, useLocale, useT } from "./provider";

export interface PageMeta {
  title: string;
  description: string;
  /** Pages no search engine should list (a shared file, a path that does not exist). */
  noindex?: boolean;
}

/**
 * The title and description of a page (spec path, without the language prefix) in the page's
 * language. Tool pages take the catalogue's; the others are listed here. A page not listed yet
 * has the site's own.
 */
export function pageMeta(path: string, notFound: boolean, t: Translate<"common">, tool: Translate<"tools">): PageMeta {
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

/** The `<link>`s that tell search engines each language's URL of this page, and which is canonical. */
export function alternateLinks(origin: string, path: string, tag: LocaleTag) {
  return [
    ...LOCALES.map((l) => ({ rel: "alternate", hreflang: l.tag, href: origin + localePath(l.tag, path) })),
    { rel: "alternate", hreflang: "x-default", href: origin + path },
    { rel: "canonical", hreflang: undefined, href: origin + localePath(tag, path) },
  ];
}

const MARK = "data-i18n-head";

function setMeta(name: string, content: string | null) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement("meta");
    el.name = name;
    document.head.append(el);
  }
  el.content = content;
}

/** Keeps `<title>`, the description, robots and the hreflang/canonical links in step with the page. */
export function PageHead() {
  const t = useT("common");
  const tool = useT("tools");
  const tag = useLocale();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const notFound = useRouterState({
    select: (s) => s.matches.some((m) => m.status === "notFound" || (m as { _notFound?: boolean })._notFound === true),
  });
  const meta = pageMeta(path, notFound, t, tool);

  useEffect(() => {
    document.title = meta.title;
    setMeta("description", meta.description);
    setMeta("robots", meta.noindex ? "noindex" : null);
    for (const el of document.head.querySelectorAll(`link[${MARK}]`)) el.remove();
    if (meta.noindex) return;
    for (const link of alternateLinks(window.location.origin, path, tag)) {
      const el = document.createElement("link");
      el.rel = link.rel;
      if (link.hreflang) el.hreflang = link.hreflang;
      el.href = link.href;
      el.setAttribute(MARK, "");
      document.head.append(el);
    }
  }, [meta.title, meta.description, meta.noindex, path, tag]);
  return null;
}
