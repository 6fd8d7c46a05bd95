import { derivedName } from "../../engine/core/filenames";
import { type RotationAngle, rotatePdf as rotateEngine } from "../../engine/tools/rotate-pdf";
import { AppError } from "../../errors";
import { pageListField, textField } from "./form";
import type { ConvertEndpoint } from "./types";

function angleField(form: FormData): RotationAngle {
  const raw = textField(form, "angle");
  if (raw === undefined) return 90;
  const n = Number(raw);
  if (n === 90 || n === 180 || n === 270) return n;
  if (n === -90) return 270;
  throw new AppError("validation_failed", "Angle must be 90, 180 or 270 degrees.");
}

/** POST /api/convert/rotate-pdf: files, optional angle (90/180/270, default 90) and pages. */
export const rotatePdf: ConvertEndpoint = {
  tool: "rotate-pdf",
  conversionType: "rotate-pdf",
  async run({ uploads, form, budget }) {
    const angle = angleField(form);
    const pages = pageListField(form, "pages");
    const outputs = [];
    for (const u of uploads) {
      const result = await rotateEngine(u.bytes, { angle, pages, name: u.name, budget });
      outputs.push({
        ok: true as const,
        bytes: result.bytes,
        fileName: derivedName(u.name, "rotated", ".pdf"),
        contentType: "application/pdf",
        originalName: u.name,
        message: `Rotated ${result.rotated} of ${result.pageCount} page${result.pageCount === 1 ? "" : "s"} by ${angle}°`,
      });
    }
    return { outputs, message: "Files processed successfully" };
  },
};
