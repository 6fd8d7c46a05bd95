import { derivedName } from "../../engine/core/filenames";
import { imagesToPdf } from "../../engine/tools/images-to-pdf";
import { AppError } from "../../errors";
import type { ConvertEndpoint } from "./types";

/** POST /api/convert/jpg-to-pdf: JPEG and PNG images, in order, into one PDF (a page each). */
export const jpgToPdf: ConvertEndpoint = {
  tool: "jpg-to-pdf",
  conversionType: "jpg-to-pdf",
  async run({ uploads, budget }) {
    const images = uploads.map((u) => {
      if (u.kind !== "jpeg" && u.kind !== "png") {
        throw new AppError("unsupported_file_type", `${u.name} is not a JPEG or PNG image.`);
      }
      return { bytes: u.bytes, name: u.name, kind: u.kind };
    });
    const result = await imagesToPdf(images, { budget });
    const first = uploads[0];
    return {
      outputs: [
        {
          ok: true,
          bytes: result.bytes,
          fileName: derivedName(first.name, "", ".pdf"),
          contentType: "application/pdf",
          originalName: first.name,
          message: `${result.pageCount} image${result.pageCount === 1 ? "" : "s"} converted to PDF`,
          extra: { pageCount: result.pageCount },
        },
      ],
      message: "Files processed successfully",
    };
  },
};
