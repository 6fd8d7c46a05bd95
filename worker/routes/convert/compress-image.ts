import { derivedName, splitExtension } from "../../engine/core/filenames";
import { QUALITY_PRESETS, type QualityPreset } from "../../engine/image/compress/options";
import { compressionExtra, savingMessage } from "../../engine/image/compress/report";
import { compressImage as compressEngine } from "../../engine/tools/compress-image";
import { AppError } from "../../errors";
import { textField } from "./form";
import { convertEach } from "./per-file";
import type { ConvertEndpoint } from "./types";

const TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;

/**
 * quality: "high" (default: visually lossless, chosen by measuring), "balanced", "small", or a
 * number 1-100 (a fixed encoder quality). format: "webp" converts; anything else keeps the format.
 */
function qualityField(form: FormData): QualityPreset | number {
  const raw = textField(form, "quality")?.trim().toLowerCase();
  if (raw === undefined) return "high";
  if (Object.hasOwn(QUALITY_PRESETS, raw)) return raw as QualityPreset;
  const n = Number(raw);
  if (Number.isInteger(n) && n >= 1 && n <= 100) return n;
  throw new AppError("validation_failed", "Quality must be high, balanced, small, or a whole number from 1 to 100.");
}

function formatField(form: FormData): boolean {
  const raw = textField(form, "format")?.trim().toLowerCase();
  if (raw === undefined || raw === "original" || raw === "same") return false;
  if (raw === "webp") return true;
  throw new AppError("validation_failed", "Format must be webp, or left out to keep the image's format.");
}

/** POST /api/convert/compress-image: files (JPEG, PNG, WebP), optional quality and format. */
export const compressImage: ConvertEndpoint = {
  tool: "compress-image",
  conversionType: "compress-image",
  async run({ uploads, form, budget }) {
    const quality = qualityField(form);
    const toWebp = formatField(form);
    // A file that cannot be read fails only itself.
    const { outputs, errors } = await convertEach(uploads, async (u) => {
      const r = await compressEngine(u.bytes, u.name, { quality, toWebp, budget });
      const sameFormat = r.format === u.kind;
      return {
        ok: true,
        bytes: r.bytes,
        fileName: derivedName(
          u.name,
          "compressed",
          sameFormat ? splitExtension(u.name).ext : `.${r.format === "jpeg" ? "jpg" : r.format}`,
        ),
        contentType: TYPES[r.format],
        originalName: u.name,
        message: r.unchanged
          ? toWebp && !sameFormat
            ? "Already optimised: WebP would be larger, so the original was returned unchanged"
            : "Already optimised: returned unchanged"
          : `${savingMessage(u.size, r.bytes.length)} (${r.method})`,
        extra: compressionExtra(u.size, r.bytes.length),
      };
    });
    if (errors.length === outputs.length) throw errors[0];
    return { outputs, message: "Files processed successfully" };
  },
};
