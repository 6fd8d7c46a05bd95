import type { OptionsOf } from "../../../schema/options";
import { derivedName, splitExtension } from "../core/filenames";
import { type CompressedImage, compressImage } from "../image/compress/compress";
import { compressionExtra, formatSize, savingMessage } from "../image/compress/report";
import { targetExtra, targetSentence } from "./compress-report";
import { convertEach } from "./each-file";
import type { Tool } from "./types";

const TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;

/** Compress images: JPEG, PNG and WebP, each on its own; a file that cannot be read fails only itself. */
export const compressImageTool: Tool<OptionsOf<"compress-image">> = {
  tool: "compress-image",
  conversionType: "compress-image",
  async run(files, { quality, format, targetSize }, budget) {
    const toWebp = format === "webp";
    const { outputs, errors } = await convertEach(files, async (f) => {
      const r = await compressImage(f.bytes, f.name, { quality, toWebp, targetSize, budget });
      const sameFormat = r.format === f.kind;
      const before = f.bytes.length;
      return {
        ok: true,
        bytes: r.bytes,
        fileName: derivedName(
          f.name,
          "compressed",
          sameFormat ? splitExtension(f.name).ext : `.${r.format === "jpeg" ? "jpg" : r.format}`,
        ),
        contentType: TYPES[r.format],
        originalName: f.name,
        message: imageMessage(r, before, toWebp && !sameFormat),
        extra: { ...compressionExtra(before, r.bytes.length), ...targetExtra(r.quality, r.target) },
      };
    });
    if (errors.length === outputs.length) throw errors[0];
    return { outputs, message: "Files processed successfully" };
  },
};

function imageMessage(r: CompressedImage, before: number, converted: boolean): string {
  const done = r.unchanged
    ? converted
      ? "Already optimised: WebP would be larger, so the original was returned unchanged"
      : "Already optimised: returned unchanged"
    : `${savingMessage(before, r.bytes.length)} (${r.method})`;
  if (!r.target) return done;
  if (r.target.met && r.unchanged && !converted)
    return `Already under ${formatSize(r.target.size)}: returned unchanged`;
  return `${targetSentence(r.target)}. ${done}`;
}
