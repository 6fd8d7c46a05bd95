import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../schema/locales";
import { tools } from "../../../schema/tools";
import arTools from "../../../web/i18n/locales/ar/tools.json";
import de from "../../../web/i18n/locales/de/common.json";
import deTools from "../../../web/i18n/locales/de/tools.json";
import enCommon from "../../../web/i18n/locales/en/common.json";
import { app } from "../../../worker/index";
import { call } from "../helpers";

/**
 * The first HTML of a page, as a crawler that runs no script reads it: its language and
 * direction, its translated title and description, hreflang links to every language and a
 * canonical link, and noindex where the page is not for search engines.
 */
const page = async (path: string) => {
  const res = await call(path, { headers: { accept: "text/html" } });
  return { status: res.status, html: await res.text() };
};
const doc = (html: string) => new DOMParserLite(html);

/** Just enough reading of the Worker's output: attributes of the first tag that matches. */
class DOMParserLite {
  constructor(readonly html: string) {}
  attr(tag: RegExp, name: string): string | undefined {
    const m = this.html.match(tag);
    return m?.[0].match(new RegExp(`${name}="([^"]*)"`))?.[1];
  }
  title(): string | undefined {
    return this.html.match(/<title>([^<]*)<\/title>/)?.[1];
  }
  links(): { rel: string; hreflang?: string; href: string }[] {
    return [...this.html.matchAll(/<link [^>]*data-i18n-head[^>]*>/g)].map(([l]) => ({
      rel: l.match(/rel="([^"]+)"/)?.[1] ?? "",
      hreflang: l.match(/hreflang="([^"]+)"/)?.[1],
      href: l.match(/href="([^"]+)"/)?.[1] ?? "",
    }));
  }
}

const merge = tools.find((t) => t.id === "merge-pdf");
if (!merge) throw new Error("the catalogue has no merge-pdf");

describe("each page's head, in its language, before any script runs", () => {
  it("English at the spec's path: the tool's title and description, lang en, ltr", async () => {
    const { status, html } = await page("/merge-pdf");
    expect(status).toBe(200);
    const d = doc(html);
    expect(d.attr(/<html[^>]*>/, "lang")).toBe("en");
    expect(d.attr(/<html[^>]*>/, "dir")).toBe("ltr");
    expect(d.title()).toBe(enCommon["meta.pageTitle"].replace("{page}", merge.title));
    expect(d.attr(/<meta name="description"[^>]*>/, "content")).toBe(merge.description);
    expect(html).not.toContain('name="robots"');
  });

  it("German under /de: German words, every language's URL, itself canonical", async () => {
    const { status, html } = await page("/de/merge-pdf");
    expect(status).toBe(200);
    const d = doc(html);
    expect(d.attr(/<html[^>]*>/, "lang")).toBe("de");
    expect(d.title()).toBe(de["meta.pageTitle"].replace("{page}", deTools["merge-pdf.title"]));
    expect(d.title()).not.toContain(merge.title);
    expect(d.attr(/<meta name="description"[^>]*>/, "content")).toBe(deTools["merge-pdf.description"]);
    const links = d.links();
    const alternates = links.filter((l) => l.rel === "alternate");
    expect(alternates.map((l) => l.hreflang).sort()).toEqual([...LOCALES.map((l) => l.tag), "x-default"].sort());
    expect(alternates).toContainEqual({
      rel: "alternate",
      hreflang: "pt-BR",
      href: "http://localhost/pt-br/merge-pdf",
    });
    expect(alternates).toContainEqual({ rel: "alternate", hreflang: "x-default", href: "http://localhost/merge-pdf" });
    expect(links.filter((l) => l.rel === "canonical")).toEqual([
      { rel: "canonical", hreflang: undefined, href: "http://localhost/de/merge-pdf" },
    ]);
  });

  it("Arabic is right to left; a trailing slash names the same page", async () => {
    const d = doc((await page("/ar/merge-pdf/")).html);
    expect(d.attr(/<html[^>]*>/, "lang")).toBe("ar");
    expect(d.attr(/<html[^>]*>/, "dir")).toBe("rtl");
    expect(d.title()).toContain(arTools["merge-pdf.title"]);
    expect(d.links().find((l) => l.rel === "canonical")?.href).toBe("http://localhost/ar/merge-pdf");
  });

  it("a shared file and an unknown path are noindex, with no alternates; the 404 is in the prefix's language", async () => {
    for (const path of ["/shared/abc", "/de/shared/abc"]) {
      const { html } = await page(path);
      expect(html, path).toContain('<meta name="robots" content="noindex">');
      expect(doc(html).links(), path).toEqual([]);
    }
    const missing = await page("/de/no-such-page");
    expect(missing.status).toBe(404);
    expect(doc(missing.html).title()).toBe(de["meta.pageTitle"].replace("{page}", de["meta.notFoundTitle"]));
    expect(doc(missing.html).attr(/<html[^>]*>/, "lang")).toBe("de");
  });

  it("words a page's head takes are plain text with placeholders, which the Worker fills without a compiler", async () => {
    for (const tag of LOCALES.map((l) => l.tag)) {
      const common = (await import(`../../../web/i18n/locales/${tag}/common.json`)).default as Record<string, string>;
      for (const [key, text] of Object.entries(common)) {
        if (!key.startsWith("meta.") && key !== "nav.allTools") continue;
        expect(text, `${tag} ${key}`).not.toMatch(/\{\w+,|<\d+>/);
      }
    }
  });

  it("the cloud callback keeps its opener (the popup reports back); other pages isolate theirs", async () => {
    const opener = async (path: string) => {
      const res = await call(path, { headers: { accept: "text/html" } });
      await res.arrayBuffer();
      return res.headers.get("cross-origin-opener-policy");
    };
    expect(await opener("/auth/dropbox/callback")).toBe("unsafe-none");
    expect(await opener("/de/auth/google/callback")).toBe("unsafe-none");
    expect(await opener("/merge-pdf")).toBe("same-origin-allow-popups");
  });

  it("canonical and hreflang links are built on PUBLIC_ORIGIN; the Host header a client sends never decides them", async () => {
    const at = async (url: string, headers: Record<string, string>, extra: Partial<Env>) => {
      const res = await app.fetch(
        new Request(url, { headers: { accept: "text/html", ...headers } }),
        { ...env, ...extra },
        createExecutionContext(),
      );
      return doc(await res.text()).links();
    };
    const configured = await at(
      "https://evil.example/de/merge-pdf",
      { host: "evil.example" },
      {
        PUBLIC_ORIGIN: "https://pdftools.example/",
      },
    );
    expect(configured.length).toBe(LOCALES.length + 2);
    expect(configured.every((l) => l.href.startsWith("https://pdftools.example/"))).toBe(true);
    expect(configured.find((l) => l.rel === "canonical")?.href).toBe("https://pdftools.example/de/merge-pdf");
    expect(configured).toContainEqual({
      rel: "alternate",
      hreflang: "x-default",
      href: "https://pdftools.example/merge-pdf",
    });
    // Whatever Host the request names.
    const foreignHost = await at(
      "http://localhost/merge-pdf",
      { host: "attacker.example" },
      {
        PUBLIC_ORIGIN: "https://pdftools.example",
      },
    );
    expect(foreignHost.find((l) => l.rel === "canonical")?.href).toBe("https://pdftools.example/merge-pdf");
    // Local development without it: the request's own origin, as publicOrigin() does.
    const local = await at("http://127.0.0.1:8791/merge-pdf", {}, {});
    expect(local.find((l) => l.rel === "canonical")?.href).toBe("http://127.0.0.1:8791/merge-pdf");
    // Production without it: no links at all rather than links to whatever host was asked for.
    const unset = await at("https://evil.example/merge-pdf", { host: "evil.example" }, { ENVIRONMENT: "production" });
    expect(unset).toEqual([]);
  });
});
