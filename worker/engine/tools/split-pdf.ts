import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { extractPages, pageRangeLabel, splitPages } from "../pdf/split";
import type { Tool, ToolOutput } from "./types";

const plural = (n: number) => (n === 1 ? "" : "s");

/** Split PDF, extracting: the selected pages of one PDF, as one PDF. */
export const extractPagesTool: Tool<OptionsOf<"extract-pages">> = {
  tool: "split-pdf",
  conversionType: "extract-pages",
  async run([file], { selectedPages }, budget) {
    const result = await extractPages(file.bytes, {
      pages: selectedPages,
      name: file.name,
      password: file.password,
      budget,
    });
    const n = result.pages.length;
    return {
      outputs: [
        {
          ok: true,
          bytes: result.bytes,
          fileName: derivedName(file.name, pageRangeLabel(result.pages), ".pdf"),
          contentType: "application/pdf",
          originalName: file.name,
          message: `Extracted ${n} of ${result.pageCount} page${plural(result.pageCount)}`,
          extra: { pageCount: n },
        },
      ],
      message: "Pages extracted successfully",
    };
  },
};

/**
 * Split PDF, splitting: each selected page as its own PDF, in one ZIP. The ZIP comes first (it is
 * what a person downloads) and is the only output with a history row; up to 20 pages, each page
 * is also its own result; a single selected page is just that page.
 */
export const splitPagesTool: Tool<OptionsOf<"split-pages">> = {
  tool: "split-pdf",
  conversionType: "split-pages",
  async run([file], { selectedPages }, budget) {
    const pageName = (page: number) => derivedName(file.name, `page-${page}`, ".pdf");
    const result = await splitPages(file.bytes, {
      pages: selectedPages,
      name: file.name,
      password: file.password,
      budget,
      fileName: pageName,
    });
    const pages: ToolOutput[] = (result.files ?? []).map((f) => ({
      ok: true,
      bytes: f.bytes,
      fileName: pageName(f.page),
      contentType: "application/pdf",
      originalName: file.name,
      message: `Page ${f.page}`,
      history: result.pages.length === 1,
    }));
    if (!result.zip) return { outputs: pages, message: "Files processed successfully" };
    const n = result.pages.length;
    const zip: ToolOutput = {
      ok: true,
      bytes: result.zip,
      fileName: derivedName(file.name, "pages", ".zip"),
      contentType: "application/zip",
      primary: true,
      originalName: file.name,
      message: `${n} pages, one PDF each`,
      extra: { pageCount: n },
    };
    return { outputs: [zip, ...pages], message: "Files processed successfully" };
  },
};
