import { type ConvertSlug, type OptionsOf, passwordFor } from "../../../schema/options";
import { compressImageTool } from "./compress-image";
import { compressPdfTool } from "./compress-pdf";
import { cropPdfTool } from "./crop-pdf";
import { editMetadataTool } from "./edit-metadata";
import { extractImagesTool } from "./extract-images";
import { fillFormTool } from "./fill-form";
import { flattenPdfTool } from "./flatten-pdf";
import { jpgToPdfTool } from "./jpg-to-pdf";
import { mergePdfTool } from "./merge-pdf";
import { nupPdfTool } from "./nup-pdf";
import { organizePdfTool } from "./organize-pdf";
import { pageNumbersTool } from "./page-numbers";
import { protectPdfTool } from "./protect-pdf";
import { redactPdfTool } from "./redact-pdf";
import { removePagesTool } from "./remove-pages";
import { rotatePdfTool } from "./rotate-pdf";
import { signPdfTool } from "./sign-pdf";
import { extractPagesTool, splitPagesTool } from "./split-pdf";
import type { Tool } from "./types";
import { unlockPdfTool } from "./unlock-pdf";
import { watermarkPdfTool } from "./watermark-pdf";

/**
 * A PDF tool that opens encrypted inputs: each PDF carries the password given for it (by its
 * position or name, or the one for every file) down to loadPdf. Without one, a file whose user
 * password is empty still opens and any other is refused asking for its password.
 */
function withPasswords<O extends { password?: string; passwords: Record<string, string> }>(tool: Tool<O>): Tool<O> {
  return {
    ...tool,
    run: (files, options, budget) =>
      tool.run(
        files.map((f, i) => (f.kind === "pdf" ? { ...f, password: passwordFor(options, f.name, i) } : f)),
        options,
        budget,
      ),
  };
}

export type { Tool, ToolFailure, ToolFile, ToolOutput, ToolResult } from "./types";

/**
 * Every conversion the engine does, by its endpoint's slug (the catalogue's tools list them:
 * Split PDF has two, extract-pages and split-pages). The Worker's route and the browser both
 * run a tool from here, with options read by the tool's schema in schema/options.ts; the type
 * checker refuses a slug with no tool behind it.
 */
export const engineTools: { [S in ConvertSlug]: Tool<OptionsOf<S>> } = {
  "merge-pdf": withPasswords(mergePdfTool),
  "extract-pages": withPasswords(extractPagesTool),
  "split-pages": withPasswords(splitPagesTool),
  "compress-pdf": withPasswords(compressPdfTool),
  "jpg-to-pdf": jpgToPdfTool,
  "compress-image": compressImageTool,
  "watermark-pdf": withPasswords(watermarkPdfTool),
  "rotate-pdf": withPasswords(rotatePdfTool),
  "unlock-pdf": unlockPdfTool,
  "protect-pdf": protectPdfTool,
  "organize-pdf": withPasswords(organizePdfTool),
  "remove-pages": withPasswords(removePagesTool),
  "page-numbers": withPasswords(pageNumbersTool),
  "crop-pdf": withPasswords(cropPdfTool),
  "nup-pdf": withPasswords(nupPdfTool),
  "edit-metadata": withPasswords(editMetadataTool),
  "fill-form": withPasswords(fillFormTool),
  "flatten-pdf": withPasswords(flattenPdfTool),
  "sign-pdf": withPasswords(signPdfTool),
  "redact-pdf": withPasswords(redactPdfTool),
  "extract-images": withPasswords(extractImagesTool),
};
