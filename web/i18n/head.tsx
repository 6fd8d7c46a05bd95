import { useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { alternateLinks, HEAD_LINK_MARK, pageMeta } from "../../schema/page-meta";
import { useLocale, useT } from "./provider";

export type { PageMeta } from "../../schema/page-meta";
export { alternateLinks, pageMeta } from "../../schema/page-meta";

const MARK = HEAD_LINK_MARK;

let siteOrigin: string | undefined;

/**
 * The address the links are built on: the one the server wrote into the first HTML (its
 * PUBLIC_ORIGIN, worker/routes/page-head.ts), read before the first page replaces them; with
 * none (the Vite dev server), this page's own.
 */
function linksOrigin(): string {
  if (siteOrigin) return siteOrigin;
  const href = document.head.querySelector(`link[rel="canonical"][${MARK}]`)?.getAttribute("href");
  try {
    siteOrigin = href ? new URL(href).origin : window.location.origin;
  } catch {
    siteOrigin = window.location.origin;
  }
  return siteOrigin;
}

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
    const origin = linksOrigin();
    for (const el of document.head.querySelectorAll(`link[${MARK}]`)) el.remove();
    if (meta.noindex) return;
    for (const link of alternateLinks(origin, path, tag)) {
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
