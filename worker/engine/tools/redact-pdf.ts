import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { redactPdf } from "../pdf/redact-document";
import type { Tool } from "./types";

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/**
 * Redact PDF: what lies under each area (marked, or found by a search) is removed from the file,
 * then covered. The report says how much was taken out.
 */
export const redactPdfTool: Tool<OptionsOf<"redact-pdf">> = {
  tool: "redact-pdf",
  conversionType: "redact-pdf",
  async run([file], options, budget) {
    const { bytes, report } = await redactPdf(file.bytes, options, {
      name: file.name,
      password: file.password,
      budget,
    });
    const found = report.matches > 0 ? ` (${plural(report.matches, "search match", "search matches")})` : "";
    const elsewhere =
      report.placesCleaned > 0
        ? ` ${plural(report.placesCleaned, "place")} elsewhere in the file (bookmarks, fields, metadata, scripts, attachments) cleaned.`
        : "";
    return {
      outputs: [
        {
          ok: true,
          bytes,
          fileName: derivedName(file.name, "redacted", ".pdf"),
          contentType: "application/pdf",
          originalName: file.name,
          message:
            `Redacted ${plural(report.boxes, "area")} on ${plural(report.pages, "page")}${found}: ` +
            `${plural(report.glyphsRemoved, "character")} of text, ${plural(report.imagesPainted, "image")} and ` +
            `${plural(report.annotationsRemoved, "annotation")} removed.${elsewhere}`,
          extra: {
            boxes: report.boxes,
            pages: report.pages,
            matches: report.matches,
            glyphsRemoved: report.glyphsRemoved,
            imagesPainted: report.imagesPainted,
            annotationsRemoved: report.annotationsRemoved,
            placesCleaned: report.placesCleaned,
          },
        },
      ],
      message: "PDF redacted successfully",
    };
  },
};
