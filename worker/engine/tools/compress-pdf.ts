import type { OptionsOf } from "../../../schema/options";
import { derivedName } from "../core/filenames";
import { compressionExtra, formatBytes, savingMessage } from "../image/compress/report";
import { compressPdf } from "../pdf/compress/compress";
import { convertEach } from "./each-file";
import type { Tool } from "./types";

/** Compress PDF: each file on its own; a damaged or locked file fails only itself. */
export const compressPdfTool: Tool<OptionsOf<"compress-pdf">> = {
  tool: "compress-pdf",
  conversionType: "compress-pdf",
  async run(files, { level }, budget) {
    const { outputs, errors } = await convertEach(files, async (f) => {
      const r = await compressPdf(f.bytes, { level, name: f.name, password: f.password, budget });
      const before = f.bytes.length;
      const images =
        r.images.recompressed > 0
          ? `, ${r.images.recompressed} image${r.images.recompressed === 1 ? "" : "s"} re-encoded`
          : "";
      const fonts = r.fontsSubset > 0 ? `, ${r.fontsSubset} font${r.fontsSubset === 1 ? "" : "s"} subset` : "";
      return {
        ok: true,
        bytes: r.bytes,
        fileName: derivedName(f.name, "compressed", ".pdf"),
        contentType: "application/pdf",
        originalName: f.name,
        message: r.unchanged
          ? "Already optimised: returned unchanged"
          : r.repaired
            ? `This PDF was damaged and could not be made smaller: here is a repaired copy (${formatBytes(before)} to ${formatBytes(r.bytes.length)})`
            : `${savingMessage(before, r.bytes.length)} (${level}${images}${fonts})`,
        extra: { ...compressionExtra(before, r.bytes.length), pageCount: r.pageCount, fontsSubset: r.fontsSubset },
      };
    });
    if (errors.length === outputs.length) throw errors[0];
    return { outputs, message: "Files processed successfully" };
  },
};
