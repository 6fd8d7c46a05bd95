import type { OptionsOf } from "../../../schema/options";
import { derivedName, splitExtension } from "../core/filenames";
import { compressImage } from "../image/compress/compress";
import { compressionExtra, savingMessage } from "../image/compress/report";
import { convertEach } from "./each-file";
import type { Tool } from "./types";

const TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;

/** Compress images: JPEG, PNG and WebP, each on its own; a file that cannot be read fails only itself. */
export const compressImageTool: Tool<OptionsOf<"compress-image">> = {
  tool: "compress-image",
  conversionType: "compress-image",
  async run(files, { quality, format }, budget) {
    const toWebp = format === "webp";
    const { outputs, errors } = await convertEach(files, async (f) => {
      const r = await compressImage(f.bytes, f.name, { quality, toWebp, budget });
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
        message: r.unchanged
          ? toWebp && !sameFormat
            ? "Already optimised: WebP would be larger, so the original was returned unchanged"
            : "Already optimised: returned unchanged"
          : `${savingMessage(before, r.bytes.length)} (${r.method})`,
        extra: compressionExtra(before, r.bytes.length),
      };
    });
    if (errors.length === outputs.length) throw errors[0];
    return { outputs, message: "Files processed successfully" };
  },
};
