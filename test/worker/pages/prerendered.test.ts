import { describe, expect, it } from "vitest";
import { PRERENDERED_PAGES, prerenderedAsset } from "../../../schema/prerendered";
import { tools } from "../../../schema/tools";
import { call } from "../helpers";

/**
 * A page drawn at build time (dist/web/_pages, web/prerender) is what the Worker answers its URL
 * with, its head written as for any page; a page without one gets the app's index.html. The test
 * site (test/fixtures/site) has two drawn pages: the home page and /de/merge-pdf.
 */
const navigate = (path: string, headers: Record<string, string> = {}) =>
  call(path, { headers: { accept: "text/html", ...headers } });

describe("pages drawn at build time", () => {
  it("each page's file: the home page of each language, a page by its path, in its language's folder", () => {
    expect(prerenderedAsset("/")).toBe("/_pages/index.html");
    expect(prerenderedAsset("/de")).toBe("/_pages/de/index.html");
    expect(prerenderedAsset("/de/")).toBe("/_pages/de/index.html");
    expect(prerenderedAsset("/merge-pdf")).toBe("/_pages/merge-pdf.html");
    expect(prerenderedAsset("/merge-pdf/")).toBe("/_pages/merge-pdf.html");
    expect(prerenderedAsset("/pt-br/compress-pdf")).toBe("/_pages/pt-br/compress-pdf.html");
    expect(prerenderedAsset("/zh-cn/all-tools")).toBe("/_pages/zh-cn/all-tools.html");
  });

  it("every tool and the pages that are the same for every visitor are drawn; personal pages are not", () => {
    for (const t of tools) expect(PRERENDERED_PAGES, t.path).toContain(t.path);
    for (const p of ["/", "/all-tools", "/donate", "/privacy", "/terms"]) expect(PRERENDERED_PAGES).toContain(p);
    for (const p of [
      "/account",
      "/history",
      "/premium",
      "/auth/google/callback",
      "/shared/abc",
      "/nope",
      "//merge-pdf",
    ])
      expect(prerenderedAsset(p), p).toBeNull();
  });

  it("the Worker answers a drawn page's URL with its file, its head written in its language", async () => {
    for (const [path, drawn, lang] of [
      ["/", "Drawn: /", "en"],
      ["/de/merge-pdf", "Drawn: /de/merge-pdf", "de"],
      ["/de/merge-pdf/", "Drawn: /de/merge-pdf", "de"],
    ] as const) {
      const res = await navigate(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(drawn);
      expect(html, path).toContain(`<html lang="${lang}"`);
      expect(html.match(/<title>([^<]*)<\/title>/)?.[1], path).toMatch(/PDFTools/);
      expect(html, path).not.toContain("stand-in");
    }
  });

  it("a page with no drawn file (not built, or personal) gets the app's index.html; an unknown path its 404", async () => {
    for (const path of ["/merge-pdf", "/account", "/de/history"]) {
      const res = await navigate(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain("Drawn:");
    }
    const missing = await navigate("/de/merge-pdfs");
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain("Drawn:");
  });

  it("a drawn page's file has no address of its own: asked for by its name, it is a 404", async () => {
    for (const path of ["/_pages/index.html", "/_pages/de/merge-pdf.html", "/_pages/de/merge-pdf"]) {
      for (const res of [await navigate(path), await call(path, { headers: { accept: "*/*" } })]) {
        expect(res.status, path).toBe(404);
        expect(await res.text(), path).not.toContain("Drawn:");
      }
    }
  });

  it("a drawn page's validator is its own, not index.html's", async () => {
    const drawn = await navigate("/de/merge-pdf");
    const app = await navigate("/all-tools");
    await Promise.all([drawn.arrayBuffer(), app.arrayBuffer()]);
    expect(drawn.headers.get("etag")).toMatch(/^W\//);
    expect(drawn.headers.get("etag")).not.toBe(app.headers.get("etag"));
  });
});
