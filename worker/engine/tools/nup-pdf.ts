import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { nupPdf } from "../pdf/nup";
import type { Tool } from "./types";

/** Pages per sheet (N-up): 2, 4, 6, 9 or 16 pages on each sheet. */
export const nupPdfTool: Tool<OptionsOf<"nup-pdf">> = {
  tool: "nup-pdf",
  conversionType: "nup-pdf",
  async run([file], options, budget) {
    const r = await nupPdf(file.bytes, { ...options, name: file.name, password: file.password, budget });
    return {
      outputs: [
        {
          ok: true,
          bytes: r.bytes,
          fileName: derivedName(file.name, `${options.perSheet}-up`, ".pdf"),
          contentType: "application/pdf",
          originalName: file.name,
          message: `${r.pageCount} page${r.pageCount === 1 ? "" : "s"} on ${r.sheets} sheet${r.sheets === 1 ? "" : "s"}`,
          extra: { pageCount: r.sheets },
        },
      ],
      message: "Files processed successfully",
    };
  },
};
