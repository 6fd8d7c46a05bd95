import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { compressionExtra, formatBytes, formatSize, savingMessage } from "../image/compress/report";
import { type CompressedPdf, compressPdf, imagesQuality } from "../pdf/compress/compress";
import { targetExtra, targetSentence } from "./compress-report";
import { convertEach } from "./each-file";
import type { Tool } from "./types";

/** Compress PDF: each file on its own; a damaged or locked file fails only itself. */
export const compressPdfTool: Tool<OptionsOf<"compress-pdf">> = {
  tool: "compress-pdf",
  conversionType: "compress-pdf",
  async run(files, { level, targetSize }, budget) {
    const { outputs, errors } = await convertEach(files, async (f) => {
      const r = await compressPdf(f.bytes, { level, targetSize, name: f.name, password: f.password, budget });
      const before = f.bytes.length;
      const images =
        r.images.recompressed > 0
          ? `, ${r.images.recompressed} image${r.images.recompressed === 1 ? "" : "s"} re-encoded`
          : "";
      return {
        ok: true,
        bytes: r.bytes,
        fileName: derivedName(f.name, "compressed", ".pdf"),
        contentType: "application/pdf",
        originalName: f.name,
        message: pdfMessage(r, before, r.target ? "" : level, images),
        extra: {
          ...compressionExtra(before, r.bytes.length),
          pageCount: r.pageCount,
          ...targetExtra(imagesQuality(r.images), r.target),
        },
      };
    });
    if (errors.length === outputs.length) throw errors[0];
    return { outputs, message: "Files processed successfully" };
  },
};

/** "Saved 40%: ... (recommended, 3 images re-encoded)", with the target's sentence first when one was asked. */
function pdfMessage(r: CompressedPdf, before: number, level: string, images: string): string {
  const what = `${level}${images}`.replace(/^, /, "");
  const done = r.unchanged
    ? "Already optimised: returned unchanged"
    : r.repaired
      ? `This PDF was damaged and could not be made smaller: here is a repaired copy (${formatBytes(before)} to ${formatBytes(r.bytes.length)})`
      : `${savingMessage(before, r.bytes.length)}${what ? ` (${what})` : ""}`;
  if (!r.target) return done;
  if (r.target.met && r.unchanged) return `Already under ${formatSize(r.target.size)}: returned unchanged`;
  return `${targetSentence(r.target)}. ${done}`;
}
