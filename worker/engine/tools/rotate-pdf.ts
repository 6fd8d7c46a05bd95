import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { rotatePdf } from "../pdf/rotate";
import type { Tool } from "./types";

/** Rotate PDF: every file (all pages, or the pages chosen) turned clockwise by the angle. */
export const rotatePdfTool: Tool<OptionsOf<"rotate-pdf">> = {
  tool: "rotate-pdf",
  conversionType: "rotate-pdf",
  async run(files, { angle, pages }, budget) {
    const outputs = [];
    for (const f of files) {
      const result = await rotatePdf(f.bytes, { angle, pages, name: f.name, password: f.password, budget });
      outputs.push({
        ok: true as const,
        bytes: result.bytes,
        fileName: derivedName(f.name, "rotated", ".pdf"),
        contentType: "application/pdf",
        originalName: f.name,
        message: `Rotated ${result.rotated} of ${result.pageCount} page${result.pageCount === 1 ? "" : "s"} by ${angle}°`,
      });
    }
    return { outputs, message: "Files processed successfully" };
  },
};
