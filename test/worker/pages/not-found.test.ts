import { describe, expect, it } from "vitest";
import { pageCsp } from "../../../schema/security-headers";
import { tools } from "../../../schema/tools";
import { call } from "../helpers";

/**
 * Page paths reach the Worker (static files do not: the assets layer serves them first). Its
 * pages get the app with a 200; every other path gets the same app, which shows the spec's
 * not-found page, with a real 404.
 */
const navigate = (path: string, headers: Record<string, string> = {}) =>
  call(path, { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8", ...headers } });

/** The app itself: each page's head is its own (page-head.test.ts), the rest is the same for all. */
const body = (html: string) => html.slice(html.indexOf("<body"));

async function indexHtml(): Promise<string> {
  const res = await navigate("/all-tools");
  expect(res.status).toBe(200);
  return res.text();
}

describe("pages and unknown paths", () => {
  it("every page of the site is the app with a 200: the catalogue's tools and the fixed pages", async () => {
    const html = await indexHtml();
    expect(html).toContain('<div id="root"');
    const paths = [
      ...tools.map((t) => t.path),
      "/all-tools",
      "/donate",
      "/account",
      "/history",
      "/premium",
      "/privacy",
      "/terms",
      "/auth/google/callback",
      "/auth/dropbox/callback",
      "/shared/AbCdEfGhIjKlMnOpQrStUvWxYz012345",
      "/merge-pdf/",
    ];
    for (const path of paths) {
      const res = await navigate(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(body(await res.text()), path).toBe(body(html));
    }
  });

  it("the same pages under a language prefix are pages too", async () => {
    for (const path of [
      "/de",
      "/de/",
      "/de/merge-pdf",
      "/fr/all-tools",
      "/pt-br/premium",
      "/zh-cn/shared/abc",
      "/ar/privacy",
    ]) {
      expect((await navigate(path)).status, path).toBe(200);
    }
  });

  it("an unknown path answers 404 with the app (which shows '404 Page Not Found') and the page's headers", async () => {
    const html = await indexHtml();
    for (const path of [
      "/no-such-page",
      "/merge-pdfs",
      "/merge-pdf/extra",
      "/shared",
      "/shared/a/b",
      "/auth/github/callback",
      "/de/no-such-page",
      "/xx/merge-pdf",
      "/api-docs",
    ]) {
      const res = await navigate(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(res.headers.get("content-security-policy"), path).toBe(pageCsp);
      expect(res.headers.get("etag"), path).toBeNull();
      const text = await res.text();
      expect(body(text), path).toBe(body(html));
      expect(text, path).toContain('<meta name="robots" content="noindex">');
    }
  });

  it("an unknown path is a 404 even when the browser holds the app's ETag", async () => {
    const first = await navigate("/all-tools");
    const etag = first.headers.get("etag");
    await first.arrayBuffer();
    const res = await navigate("/nothing-here", etag ? { "if-none-match": etag } : {});
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });

  it("a missing script or image is a plain 404, not the app", async () => {
    const res = await call("/assets/no-such-chunk.js", { headers: { accept: "*/*" } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<div id="root"');
  });

  it("HEAD gets the status a GET would", async () => {
    expect((await call("/merge-pdf", { method: "HEAD", headers: { accept: "text/html" } })).status).toBe(200);
    expect((await call("/nope", { method: "HEAD", headers: { accept: "text/html" } })).status).toBe(404);
  });

  it("unknown API paths stay JSON 404s", async () => {
    const res = await call("/api/no-such-endpoint");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found", code: "not_found" });
  });
});
