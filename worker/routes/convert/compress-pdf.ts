import { compressionExtra, formatBytes, savingMessage } from "../../engine/compress-image-report";
import { compressPdf as compressEngine, PDF_LEVELS, type PdfLevel } from "../../engine/compress-pdf";
import { AppError, isAppError } from "../../errors";
import { derivedName } from "../../services/filenames";
import { textField } from "./form";
import type { ConvertEndpoint, FailedFile, OutputFile } from "./types";

function levelField(form: FormData): PdfLevel {
  const raw = textField(form, "level")?.trim().toLowerCase();
  if (raw === undefined) return "recommended";
  if ((PDF_LEVELS as readonly string[]).includes(raw)) return raw as PdfLevel;
  throw new AppError("validation_failed", "Compression level must be low, recommended or extreme.");
}

/** POST /api/convert/compress-pdf: files, optional level (low, recommended (default), extreme). */
export const compressPdf: ConvertEndpoint = {
  tool: "compress-pdf",
  conversionType: "compress-pdf",
  async run({ uploads, form, budget }) {
    const level = levelField(form);
    const outputs: (OutputFile | FailedFile)[] = [];
    let firstError: unknown;
    for (const u of uploads) {
      try {
        const r = await compressEngine(u.bytes, { level, name: u.name, budget });
        const images =
          r.images.recompressed > 0
            ? `, ${r.images.recompressed} image${r.images.recompressed === 1 ? "" : "s"} re-encoded`
            : "";
        outputs.push({
          ok: true,
          bytes: r.bytes,
          fileName: derivedName(u.name, "compressed", ".pdf"),
          contentType: "application/pdf",
          originalName: u.name,
          message: r.unchanged
            ? "Already optimised: returned unchanged"
            : r.repaired
              ? `This PDF was damaged and could not be made smaller: here is a repaired copy (${formatBytes(u.size)} to ${formatBytes(r.bytes.length)})`
              : `${savingMessage(u.size, r.bytes.length)} (${level}${images})`,
          extra: { ...compressionExtra(u.size, r.bytes.length), pageCount: r.pageCount },
        });
      } catch (err) {
        // Running out of time stops the job; a damaged or locked file only fails itself.
        if (!isAppError(err) || err.code === "job_timeout") throw err;
        firstError ??= err;
        outputs.push({ ok: false, originalName: u.name, error: err.message, code: err.code });
      }
    }
    if (!outputs.some((o) => o.ok)) throw firstError;
    return { outputs, message: "Files processed successfully" };
  },
};
