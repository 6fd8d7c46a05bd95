import { derivedName } from "../../engine/core/filenames";
import {
  checkWatermarkOptions,
  DEFAULT_OPACITY,
  normalizeWatermarkText,
  OPACITY_MESSAGE,
  watermarkPdf as watermarkEngine,
} from "../../engine/tools/watermark-pdf";
import { AppError } from "../../errors";
import { textField } from "./form";
import { convertEach } from "./per-file";
import type { ConvertEndpoint } from "./types";

function opacityField(form: FormData): number {
  const raw = textField(form, "opacity");
  if (raw === undefined) return DEFAULT_OPACITY;
  const n = Number(raw.trim());
  if (!Number.isFinite(n)) throw new AppError("validation_failed", OPACITY_MESSAGE);
  return n;
}

/**
 * POST /api/convert/watermark-pdf: files (repeated), watermarkText, opacity (0.1-1, default 0.3).
 * Files succeed or fail one by one (status 'watermarked' or 'error'); if none succeeds, the
 * first file's error is the answer, so a single bad file gets a plain 4xx.
 */
export const watermarkPdf: ConvertEndpoint = {
  tool: "watermark-pdf",
  conversionType: "watermark-pdf",
  async run({ uploads, form, budget }) {
    const text = normalizeWatermarkText(textField(form, "watermarkText") ?? "");
    const opacity = opacityField(form);
    checkWatermarkOptions(text, opacity);
    const { outputs, errors } = await convertEach(
      uploads,
      async (u) => {
        const result = await watermarkEngine(u.bytes, { text, opacity, name: u.name, budget });
        return {
          ok: true,
          bytes: result.bytes,
          fileName: derivedName(u.name, "watermarked", ".pdf"),
          contentType: "application/pdf",
          originalName: u.name,
          status: "watermarked",
          message: `Watermark added to ${result.pageCount} page${result.pageCount === 1 ? "" : "s"}`,
        };
      },
      (u, err) => ({ ok: false, originalName: u.name, error: err.message, code: err.code, message: err.message }),
    );
    if (errors.length === outputs.length) throw errors[0];
    const message =
      errors.length === 0
        ? "PDF watermarking completed"
        : `${outputs.length - errors.length} of ${outputs.length} files watermarked`;
    return { outputs, message };
  },
};
