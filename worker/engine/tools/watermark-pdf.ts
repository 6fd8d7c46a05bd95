import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { watermarkPdf } from "../pdf/watermark";
import { convertEach } from "./each-file";
import type { Tool } from "./types";

/**
 * Watermark PDF, with text or with an image (a logo, centred, in a corner or tiled). Files succeed or fail one by one (status 'watermarked' or 'error'); if none
 * succeeds, the first file's error is the answer, so a single bad file gets a plain refusal.
 */
export const watermarkPdfTool: Tool<OptionsOf<"watermark-pdf">> = {
  tool: "watermark-pdf",
  conversionType: "watermark-pdf",
  async run(files, { watermarkText: text, opacity, watermarkImage, position, scale, rotation }, budget) {
    const image = watermarkImage
      ? { bytes: watermarkImage.bytes, name: watermarkImage.name, kind: watermarkImage.kind }
      : undefined;
    const logo = { position, scale, rotation };
    const { outputs, errors } = await convertEach(
      files,
      async (f) => {
        const result = await watermarkPdf(f.bytes, {
          text,
          image,
          logo,
          opacity,
          name: f.name,
          password: f.password,
          budget,
        });
        return {
          ok: true,
          bytes: result.bytes,
          fileName: derivedName(f.name, "watermarked", ".pdf"),
          contentType: "application/pdf",
          originalName: f.name,
          status: "watermarked",
          message: `Watermark added to ${result.pageCount} page${result.pageCount === 1 ? "" : "s"}`,
        };
      },
      (f, err) => ({ ok: false, originalName: f.name, error: err.message, code: err.code, message: err.message }),
    );
    if (errors.length === outputs.length) throw errors[0];
    const message =
      errors.length === 0
        ? "PDF watermarking completed"
        : `${outputs.length - errors.length} of ${outputs.length} files watermarked`;
    return { outputs, message };
  },
};
