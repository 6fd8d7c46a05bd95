import { derivedName } from "../../engine/core/filenames";
import { compressionExtra, formatBytes, savingMessage } from "../../engine/image/compress/report";
import { compressPdf as compressEngine, PDF_LEVELS, type PdfLevel } from "../../engine/tools/compress-pdf";
import { AppError } from "../../errors";
import { textField } from "./form";
import { convertEach } from "./per-file";
import type { ConvertEndpoint } from "./types";

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
    // A damaged or locked file fails only itself.
    const { outputs, errors } = await convertEach(uploads, async (u) => {
      const r = await compressEngine(u.bytes, { level, name: u.name, budget });
      const images =
        r.images.recompressed > 0
          ? `, ${r.images.recompressed} image${r.images.recompressed === 1 ? "" : "s"} re-encoded`
          : "";
      return {
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
      };
    });
    if (errors.length === outputs.length) throw errors[0];
    return { outputs, message: "Files processed successfully" };
  },
};
