import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { organizePdfs, type PlanPage } from "../pdf/organize";
import type { Tool } from "./types";

/** Organize PDF: the pages of one PDF or several, in the order, turn and number the plan gives. */
export const organizePdfTool: Tool<OptionsOf<"organize-pdf">> = {
  tool: "organize-pdf",
  conversionType: "organize-pdf",
  async run(files, { plan }, budget) {
    const pages: PlanPage[] = plan.map((p) =>
      "blank" in p ? { blank: true } : { file: p.file, page: p.page, rotate: (p.rotate + 360) % 360 },
    );
    const result = await organizePdfs(files, pages, { budget });
    const first = files[0];
    return {
      outputs: [
        {
          ok: true,
          bytes: result.bytes,
          fileName: derivedName(first.name, "organized", ".pdf"),
          contentType: "application/pdf",
          originalName: first.name,
          sources: files.map((f) => f.name),
          message: `${result.pageCount} page${result.pageCount === 1 ? "" : "s"}`,
          extra: { pageCount: result.pageCount },
        },
      ],
      message: "Files processed successfully",
    };
  },
};
