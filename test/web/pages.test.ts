import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FIXED_PAGES, isKnownPage } from "../../schema/pages";
import { tools } from "../../schema/tools";

/** The Worker's list of pages (schema/pages.ts) and the router's files must name the same screens. */
const routeTree = readFileSync(`${process.cwd()}/web/routeTree.gen.ts`, "utf8");
const routerPaths = [
  ...new Set(
    [...routeTree.matchAll(/^ {2}path: '([^']+)'/gm)]
      .map((m) => m[1])
      // A language prefix the router may add (e.g. `/{-$locale}`) is the Worker's splitLocalePath.
      .map((p) => p.replace(/^\/\{-\$[a-z]+\}/i, "") || "/"),
  ),
];

describe("the pages the Worker knows", () => {
  it("are the router's pages: the catalogue's tools and the fixed pages", () => {
    expect(routerPaths.length).toBeGreaterThan(20);
    const worker = [...FIXED_PAGES, ...tools.map((t) => t.path), "/shared/$shareId"];
    expect([...routerPaths].sort()).toEqual([...new Set(worker)].sort());
  });

  it("accept each router path (parameters filled in), with and without a language prefix", () => {
    for (const p of routerPaths) {
      const path = p.replace(/\$[A-Za-z]+/g, "abc123");
      expect(isKnownPage(path), path).toBe(true);
      expect(isKnownPage(`/de${path === "/" ? "" : path}`), `/de${path}`).toBe(true);
    }
  });

  it("refuse anything else", () => {
    for (const p of ["/nope", "/merge-pdf/x", "/shared", "/shared/a/b", "/xx/merge-pdf", "/de/de/merge-pdf", "//"]) {
      expect(isKnownPage(p), p).toBe(false);
    }
  });
});
