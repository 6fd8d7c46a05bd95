import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { numberPages } from "../pdf/page-numbers";
import { convertEach } from "./each-file";
import type { Tool } from "./types";

/** Add page numbers: each file on its own, in the position and style chosen. */
export const pageNumbersTool: Tool<OptionsOf<"page-numbers">> = {
  tool: "page-numbers",
  conversionType: "page-numbers",
  async run(files, options, budget) {
    const { outputs, errors } = await convertEach(files, async (f) => {
      const r = await numberPages(f.bytes, { ...options, name: f.name, password: f.password, budget });
      return {
        ok: true,
        bytes: r.bytes,
        fileName: derivedName(f.name, "numbered", ".pdf"),
        contentType: "application/pdf",
        originalName: f.name,
        message: `Numbered ${r.numbered} of ${r.pageCount} page${r.pageCount === 1 ? "" : "s"}`,
        extra: { pageCount: r.pageCount },
      };
    });
    if (errors.length === outputs.length) throw errors[0];
    return { outputs, message: "Files processed successfully" };
  },
};
