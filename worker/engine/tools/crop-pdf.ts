import type { Margins, OptionsOf } from "../../../schema/options";
import { EngineError } from "../core/errors";
import { derivedName } from "../core/filenames";
import { cropPdf } from "../pdf/crop";
import type { Tool } from "./types";

/** The pages each crop applies to, once the page count is known. */
function boxesFor(options: OptionsOf<"crop-pdf">) {
  return (pageCount: number): Map<number, Margins> => {
    if (options.boxes) return new Map(Object.entries(options.boxes).map(([p, m]) => [Number(p), m]));
    const margins = options.margins;
    if (!margins) throw new EngineError("validation_failed", "Choose the margins to crop.");
    const all = Array.from({ length: pageCount }, (_, i) => i + 1);
    const pages =
      options.scope === "odd"
        ? all.filter((p) => p % 2 === 1)
        : options.scope === "even"
          ? all.filter((p) => p % 2 === 0)
          : options.scope === "pages"
            ? (options.pages ?? [])
            : all;
    if (pages.length === 0) throw new EngineError("validation_failed", "There are no pages to crop in that choice.");
    return new Map(pages.map((p) => [p, margins]));
  };
}

/** Crop PDF: the margins cut from the pages chosen; nothing removed from the file (CropBox, TrimBox). */
export const cropPdfTool: Tool<OptionsOf<"crop-pdf">> = {
  tool: "crop-pdf",
  conversionType: "crop-pdf",
  async run([file], options, budget) {
    const r = await cropPdf(file.bytes, { boxes: boxesFor(options), name: file.name, password: file.password, budget });
    return {
      outputs: [
        {
          ok: true,
          bytes: r.bytes,
          fileName: derivedName(file.name, "cropped", ".pdf"),
          contentType: "application/pdf",
          originalName: file.name,
          message: `Cropped ${r.cropped} of ${r.pageCount} page${r.pageCount === 1 ? "" : "s"}`,
          extra: { pageCount: r.pageCount },
        },
      ],
      message: "Files processed successfully",
    };
  },
};
