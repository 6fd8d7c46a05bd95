import { derivedName } from "../../engine/core/filenames";
import { extractPages as extractEngine, pageRangeLabel, splitPages as splitEngine } from "../../engine/tools/split-pdf";
import { AppError } from "../../errors";
import { pageListField } from "./form";
import type { ConvertEndpoint, OutputFile } from "./types";

function selectedPages(form: FormData, verb: "extract" | "split"): number[] {
  const pages = pageListField(form, "selectedPages");
  if (!pages || pages.length === 0) {
    throw new AppError("validation_failed", `Please select at least one page to ${verb}.`);
  }
  return pages;
}

/** POST /api/convert/extract-pages: files (one PDF), selectedPages (JSON array) -> one PDF. */
export const extractPages: ConvertEndpoint = {
  tool: "split-pdf",
  conversionType: "extract-pages",
  async run({ uploads, form, budget }) {
    const [u] = uploads;
    const result = await extractEngine(u.bytes, { pages: selectedPages(form, "extract"), name: u.name, budget });
    const n = result.pages.length;
    return {
      outputs: [
        {
          ok: true,
          bytes: result.bytes,
          fileName: derivedName(u.name, pageRangeLabel(result.pages), ".pdf"),
          contentType: "application/pdf",
          originalName: u.name,
          message: `Extracted ${n} of ${result.pageCount} page${result.pageCount === 1 ? "" : "s"}`,
          extra: { pageCount: n },
        },
      ],
      message: "Pages extracted successfully",
    };
  },
};

/**
 * POST /api/convert/split-pages: each selected page as its own PDF, in one ZIP. The ZIP comes
 * first in files[] (it is what a person downloads) and is the only output with a history row;
 * up to 20 pages, each page is also its own result; a single selected page is just that page.
 */
export const splitPages: ConvertEndpoint = {
  tool: "split-pdf",
  conversionType: "split-pages",
  async run({ uploads, form, budget }) {
    const [u] = uploads;
    const pageName = (page: number) => derivedName(u.name, `page-${page}`, ".pdf");
    const result = await splitEngine(u.bytes, {
      pages: selectedPages(form, "split"),
      name: u.name,
      budget,
      fileName: pageName,
    });
    const pages: OutputFile[] = (result.files ?? []).map((f) => ({
      ok: true,
      bytes: f.bytes,
      fileName: pageName(f.page),
      contentType: "application/pdf",
      originalName: u.name,
      message: `Page ${f.page}`,
      history: result.pages.length === 1,
    }));
    if (!result.zip) return { outputs: pages, message: "Files processed successfully" };
    const n = result.pages.length;
    const zip: OutputFile = {
      ok: true,
      bytes: result.zip,
      fileName: derivedName(u.name, "pages", ".zip"),
      contentType: "application/zip",
      primary: true,
      originalName: u.name,
      message: `${n} pages, one PDF each`,
      extra: { pageCount: n },
    };
    return { outputs: [zip, ...pages], message: "Files processed successfully" };
  },
};
