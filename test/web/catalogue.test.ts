import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FIXED_PAGES, isKnownPage } from "../../schema/pages";
import { groupTools, type ToolCategory, toolByAlias, toolGroups, tools, toolsById } from "../../schema/tools";

const root = new URL(`file://${process.cwd()}/`);

describe("the tool catalogue", () => {
  it("holds the spec's nine tools with their categories, and the page, form, signature and redaction tools after them", () => {
    const expected: Record<string, ToolCategory> = {
      "merge-pdf": "merge",
      "split-pdf": "split",
      "compress-pdf": "other",
      "jpg-to-pdf": "other",
      "compress-image": "other",
      "watermark-pdf": "edit",
      "rotate-pdf": "edit",
      "unlock-pdf": "security",
      "protect-pdf": "security",
      "organize-pdf": "merge",
      "remove-pages": "split",
      "page-numbers": "edit",
      "crop-pdf": "edit",
      "nup-pdf": "other",
      "edit-metadata": "edit",
      "fill-form": "edit",
      "flatten-pdf": "edit",
      "sign-pdf": "security",
      "redact-pdf": "security",
      "pdf-to-image": "other",
      "extract-images": "other",
    };
    expect(Object.fromEntries(tools.map((t) => [t.id, t.category]))).toEqual(expected);
  });

  it("gives every tool a unique path, a title, a description, an icon, a colour and a page", () => {
    expect(new Set(tools.map((t) => t.path)).size).toBe(tools.length);
    for (const t of tools) {
      expect(t.path).toBe(`/${t.id}`);
      expect(t.title.length).toBeGreaterThan(2);
      expect(t.description.length).toBeGreaterThan(20);
      expect(t.icon).toBeTruthy();
      expect(t.color).toBeTruthy();
      expect(t.maxSizeMB).toBe(25);
      expect(existsSync(new URL(`web/routes${t.path}.tsx`, root)), `page for ${t.path}`).toBe(true);
    }
  });

  it("accepts the spec's file types (and WebP into PDFs, as compress images takes it: issue 21)", () => {
    expect(toolsById["jpg-to-pdf"].accept).toEqual([".jpg", ".jpeg", ".png", ".webp"]);
    expect(toolsById["compress-image"].accept).toEqual([".jpg", ".jpeg", ".png", ".webp"]);
    for (const id of [
      "merge-pdf",
      "compress-pdf",
      "rotate-pdf",
      "protect-pdf",
      "split-pdf",
      "watermark-pdf",
      "unlock-pdf",
    ] as const) {
      expect(toolsById[id].accept).toEqual([".pdf"]);
    }
    expect(toolsById["merge-pdf"].minFiles).toBe(2);
  });

  it("lists every tool in one of the groups people look under, the same on home and All Tools, with no catch-all", () => {
    expect(toolGroups.map((g) => g.heading)).toEqual([
      "Organize",
      "Optimize",
      "Convert to PDF",
      "Convert from PDF",
      "Edit",
      "Sign and secure",
      "Images",
    ]);
    const groups = groupTools();
    expect(groups.flatMap((g) => g.tools.map((t) => t.id)).sort()).toEqual(tools.map((t) => t.id).sort());
    expect(groups.find((g) => g.id === "optimize")?.tools.map((t) => t.id)).toContain("compress-pdf");
    expect(groups.find((g) => g.id === "convert-to-pdf")?.tools.map((t) => t.id)).toContain("jpg-to-pdf");
    expect(groups.find((g) => g.id === "convert-from-pdf")?.tools.map((t) => t.id)).toContain("pdf-to-image");
    const signSecure = groups.find((g) => g.id === "sign-secure")?.tools.map((t) => t.id);
    expect(signSecure).toEqual(expect.arrayContaining(["sign-pdf", "redact-pdf", "protect-pdf", "unlock-pdf"]));
    // Empty groups are hidden.
    expect(groupTools(tools.filter((t) => t.group === "images")).map((g) => g.heading)).toEqual(["Images"]);
  });

  it("gives every tool words to be found by, and aliases that lead to it without being pages", () => {
    for (const t of tools) expect(t.keywords.length, t.id).toBeGreaterThan(2);
    expect(toolByAlias("/pdf-to-jpg")?.id).toBe("pdf-to-image");
    expect(toolByAlias("/pdf-to-image")).toBeUndefined();
    const aliases = tools.flatMap((t) => ("aliases" in t ? [...t.aliases] : []));
    expect(new Set(aliases).size).toBe(aliases.length);
    const pages = new Set<string>([...FIXED_PAGES, ...tools.map((t) => t.path)]);
    for (const a of aliases) {
      expect(pages.has(a), a).toBe(false);
      expect(isKnownPage(a), a).toBe(false);
    }
  });
});
