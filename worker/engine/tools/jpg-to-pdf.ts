import type { OptionsOf } from "../../../schema/options";
import { EngineError } from "../core/errors";
import { derivedName } from "../core/filenames";
import { imagesToPdf } from "../pdf/embed/images-to-pdf";
import type { Tool } from "./types";

/** JPG/PNG/WebP to PDF: the images, in the order given, into one PDF, a page each. */
export const jpgToPdfTool: Tool<OptionsOf<"jpg-to-pdf">> = {
  tool: "jpg-to-pdf",
  conversionType: "jpg-to-pdf",
  async run(files, layout, budget) {
    const images = files.map((f) => {
      if (f.kind !== "jpeg" && f.kind !== "png" && f.kind !== "webp") {
        throw new EngineError("invalid_file", `${f.name} is not a JPEG, PNG or WebP image.`);
      }
      return { bytes: f.bytes, name: f.name, kind: f.kind };
    });
    const result = await imagesToPdf(images, { budget, layout });
    const first = files[0];
    return {
      outputs: [
        {
          ok: true,
          bytes: result.bytes,
          fileName: derivedName(first.name, "", ".pdf"),
          contentType: "application/pdf",
          originalName: first.name,
          sources: files.map((f) => f.name),
          message: `${result.pageCount} image${result.pageCount === 1 ? "" : "s"} converted to PDF`,
          extra: { pageCount: result.pageCount },
        },
      ],
      message: "Files processed successfully",
    };
  },
};
