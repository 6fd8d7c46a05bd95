import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { groupTools, type ToolCategory, tools, toolsById } from "../../schema/tools";

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

  it("groups tools under the four All Tools headings and hides empty groups", () => {
    expect(groupTools().map((g) => g.heading)).toEqual(["Merge & Split", "Edit PDFs", "Security", "Other Tools"]);
    const onlyOther = groupTools(tools.filter((t) => t.category === "other"));
    expect(onlyOther.map((g) => g.heading)).toEqual(["Other Tools"]);
  });
});
