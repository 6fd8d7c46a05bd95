import { describe, expect, it } from "vitest";
import { tools } from "../../../schema/tools";
import { call } from "../helpers";

/**
 * The names people type for a tool (the catalogue's `aliases`) lead to it: a 301 to the tool's
 * own path, in the same language, so links and search engines keep only the real path.
 */
const navigate = (path: string) =>
  call(path, { redirect: "manual", headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });

describe("aliases", () => {
  it("/pdf-to-jpg is PDF to JPG's page, moved for good, in every language prefix, with its query", async () => {
    for (const [from, to] of [
      ["/pdf-to-jpg", "/pdf-to-image"],
      ["/pdf-to-jpg/", "/pdf-to-image"],
      ["/de/pdf-to-jpg", "/de/pdf-to-image"],
      ["/zh-cn/pdf-to-png", "/zh-cn/pdf-to-image"],
      ["/png-to-pdf?from=ad", "/jpg-to-pdf?from=ad"],
    ]) {
      const res = await navigate(from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location"), from).toBe(to);
      expect(res.headers.get("cache-control"), from).toBe("public, max-age=86400");
    }
  });

  it("every alias in the catalogue leads to its tool; the tools' own paths are pages, not redirects", async () => {
    for (const t of tools) {
      expect((await navigate(t.path)).status, t.path).toBe(200);
      for (const alias of "aliases" in t ? t.aliases : []) {
        const res = await navigate(alias);
        expect(res.status, alias).toBe(301);
        expect(res.headers.get("location"), alias).toBe(t.path);
      }
    }
  });

  it("a path like an alias that is not one is still a 404", async () => {
    for (const path of ["/pdf-to-jpeg", "/pdf-to-jpg/x", "/xx/pdf-to-jpg", "/de/de/pdf-to-jpg"]) {
      expect((await navigate(path)).status, path).toBe(404);
    }
  });
});
