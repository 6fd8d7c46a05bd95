import {
  extractPages as extractEngine,
  pageRangeLabel,
  splitPages as splitEngine,
  zipFiles,
} from "../../engine/split-pdf";
import { AppError } from "../../errors";
import { derivedName } from "../../services/filenames";
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
 * POST /api/convert/split-pages: each selected page as its own PDF, plus one ZIP of them all.
 * The ZIP comes first in files[] (it is what a person downloads) and is the only output with
 * a history row; a single selected page is just that page's PDF.
 */
export const splitPages: ConvertEndpoint = {
  tool: "split-pdf",
  conversionType: "split-pages",
  async run({ uploads, form, budget }) {
    const [u] = uploads;
    const result = await splitEngine(u.bytes, { pages: selectedPages(form, "split"), name: u.name, budget });
    const pages: OutputFile[] = result.files.map((f) => ({
      ok: true,
      bytes: f.bytes,
      fileName: derivedName(u.name, `page-${f.page}`, ".pdf"),
      contentType: "application/pdf",
      originalName: u.name,
      message: `Page ${f.page}`,
      history: result.files.length === 1,
    }));
    if (pages.length === 1) return { outputs: pages, message: "Files processed successfully" };
    budget.check();
    const zip: OutputFile = {
      ok: true,
      bytes: zipFiles(pages.map((p) => ({ name: p.fileName, bytes: p.bytes }))),
      fileName: derivedName(u.name, "pages", ".zip"),
      contentType: "application/zip",
      primary: true,
      originalName: u.name,
      message: `${pages.length} pages, one PDF each`,
      extra: { pageCount: pages.length },
    };
    return { outputs: [zip, ...pages], message: "Files processed successfully" };
  },
};
