import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { removePages } from "../pdf/organize";
import type { Tool } from "./types";

/** Remove pages: the PDF without the pages listed. */
export const removePagesTool: Tool<OptionsOf<"remove-pages">> = {
  tool: "remove-pages",
  conversionType: "remove-pages",
  async run([file], { pages }, budget) {
    const result = await removePages(file, pages, { budget });
    const before = result.pageCount + result.removed;
    return {
      outputs: [
        {
          ok: true,
          bytes: result.bytes,
          fileName: derivedName(file.name, "pages-removed", ".pdf"),
          contentType: "application/pdf",
          originalName: file.name,
          message: `Removed ${result.removed} of ${before} pages: ${result.pageCount} left`,
          extra: { pageCount: result.pageCount },
        },
      ],
      message: "Files processed successfully",
    };
  },
};
