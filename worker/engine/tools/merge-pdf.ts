import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { mergePdfs } from "../pdf/merge";
import type { Tool } from "./types";

const plural = (n: number) => (n === 1 ? "" : "s");

/** Merge PDF: every file, in the order given, into one PDF. */
export const mergePdfTool: Tool<OptionsOf<"merge-pdf">> = {
  tool: "merge-pdf",
  conversionType: "merge-pdf",
  async run(files, _options, budget) {
    const result = await mergePdfs(files, { budget });
    const first = files[0];
    return {
      outputs: [
        {
          ok: true,
          bytes: result.bytes,
          fileName: derivedName(first.name, "merged", ".pdf"),
          contentType: "application/pdf",
          originalName: first.name,
          sources: files.map((f) => f.name),
          message: `Merged ${files.length} files into ${result.pageCount} page${plural(result.pageCount)}`,
          extra: { pageCount: result.pageCount },
        },
      ],
      message: "Files processed successfully",
    };
  },
};
