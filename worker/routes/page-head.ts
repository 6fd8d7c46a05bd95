import { type LocaleTag, splitLocalePath } from "../../schema/locales";
import { alternateLinks, type CommonText, HEAD_LINK_MARK, pageMeta, type ToolText } from "../../schema/page-meta";
import { tools } from "../../schema/tools";
import arCommon from "../../web/i18n/locales/ar/common.json";
import arTools from "../../web/i18n/locales/ar/tools.json";
import deCommon from "../../web/i18n/locales/de/common.json";
import deTools from "../../web/i18n/locales/de/tools.json";
import enCommon from "../../web/i18n/locales/en/common.json";
import esCommon from "../../web/i18n/locales/es/common.json";
import esTools from "../../web/i18n/locales/es/tools.json";
import frCommon from "../../web/i18n/locales/fr/common.json";
import frTools from "../../web/i18n/locales/fr/tools.json";
import hiCommon from "../../web/i18n/locales/hi/common.json";
import hiTools from "../../web/i18n/locales/hi/tools.json";
import itCommon from "../../web/i18n/locales/it/common.json";
import itTools from "../../web/i18n/locales/it/tools.json";
import jaCommon from "../../web/i18n/locales/ja/common.json";
import jaTools from "../../web/i18n/locales/ja/tools.json";
import nlCommon from "../../web/i18n/locales/nl/common.json";
import nlTools from "../../web/i18n/locales/nl/tools.json";
import plCommon from "../../web/i18n/locales/pl/common.json";
import plTools from "../../web/i18n/locales/pl/tools.json";
import ptBRCommon from "../../web/i18n/locales/pt-BR/common.json";
import ptBRTools from "../../web/i18n/locales/pt-BR/tools.json";
import ruCommon from "../../web/i18n/locales/ru/common.json";
import ruTools from "../../web/i18n/locales/ru/tools.json";
import trCommon from "../../web/i18n/locales/tr/common.json";
import trTools from "../../web/i18n/locales/tr/tools.json";
import zhCNCommon from "../../web/i18n/locales/zh-CN/common.json";
import zhCNTools from "../../web/i18n/locales/zh-CN/tools.json";

type Catalog = Record<string, string>;

/** English's tool words are the catalogue itself (schema/tools.ts); the others are the site's catalogs. */
const english: [Catalog, Catalog] = [
  enCommon,
  Object.fromEntries(
    tools.flatMap((t) => [
      [`${t.id}.title`, t.title],
      [`${t.id}.description`, t.description],
    ]),
  ),
];
const CATALOGS: Record<LocaleTag, [Catalog, Catalog]> = {
  en: english,
  es: [esCommon, esTools],
  fr: [frCommon, frTools],
  de: [deCommon, deTools],
  "pt-BR": [ptBRCommon, ptBRTools],
  it: [itCommon, itTools],
  nl: [nlCommon, nlTools],
  pl: [plCommon, plTools],
  tr: [trCommon, trTools],
  ru: [ruCommon, ruTools],
  ja: [jaCommon, jaTools],
  "zh-CN": [zhCNCommon, zhCNTools],
  hi: [hiCommon, hiTools],
  ar: [arCommon, arTools],
};

/**
 * A head message with its `{name}` placeholders filled. The head's messages are plain text with
 * placeholders (test/worker/pages/page-head.test.ts checks that none uses plural or markup), so
 * the Worker needs no message compiler; a key a language lacks falls back to English's.
 */
function message(catalog: Catalog, fallback: Catalog, key: string, values: Record<string, string> = {}): string {
  const text = catalog[key] ?? fallback[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string);

/**
 * The first HTML of a page in its language, for those who read it before any script runs (search
 * engines, link previews): `<html lang dir>`, the translated title and description, robots
 * noindex where the page says so, and hreflang/canonical links (marked, so the page replaces
 * them rather than adding its own beside them). The same words as the page's own head
 * (schema/page-meta.ts). The links are built on `origin`, the site's configured address
 * (services/origin.ts siteOrigin), never on the Host a client sent; with none, there are none.
 */
export function withPageHead(page: Response, url: URL, notFound: boolean, origin: string | null): Response {
  if (
    (page.status !== 200 && page.status !== 404) ||
    !page.body ||
    !(page.headers.get("content-type") ?? "").startsWith("text/html")
  )
    return page;
  const { locale, path: prefixed } = splitLocalePath(url.pathname);
  // The router treats /merge-pdf/ as /merge-pdf.
  const path = prefixed.length > 1 && prefixed.endsWith("/") ? prefixed.slice(0, -1) : prefixed;
  const [common, toolWords] = CATALOGS[locale.tag];
  const t: CommonText = (key, values) => message(common, english[0], key, values);
  const tool: ToolText = (key) => message(toolWords, english[1], key);
  const meta = pageMeta(path, notFound, t, tool);
  const links =
    meta.noindex || origin === null
      ? ""
      : alternateLinks(origin, path, locale.tag)
          .map(
            (l) =>
              `<link rel="${l.rel}"${l.hreflang ? ` hreflang="${l.hreflang}"` : ""} href="${escapeHtml(l.href)}" ${HEAD_LINK_MARK}>`,
          )
          .join("");
  let described = false;
  const headers = new Headers(page.headers);
  headers.delete("content-length");
  // One index.html, a different head per page: a validator of the file, not of this page's bytes.
  const etag = headers.get("etag");
  if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
  return new HTMLRewriter()
    .on("html", {
      element(el) {
        el.setAttribute("lang", locale.tag);
        el.setAttribute("dir", locale.dir);
      },
    })
    .on("title", {
      element(el) {
        el.setInnerContent(meta.title);
      },
    })
    .on('meta[name="description"]', {
      element(el) {
        described = true;
        el.setAttribute("content", meta.description);
      },
    })
    .on("head", {
      element(el) {
        el.onEndTag((end) => {
          const description = described ? "" : `<meta name="description" content="${escapeHtml(meta.description)}">`;
          const robots = meta.noindex ? '<meta name="robots" content="noindex">' : "";
          end.before(description + robots + links, { html: true });
        });
      },
    })
    .transform(new Response(page.body, { status: page.status, statusText: page.statusText, headers }));
}
