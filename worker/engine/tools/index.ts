import type { ConvertSlug, OptionsOf } from "../../../schema/options";
import { compressImageTool } from "./compress-image";
import { compressPdfTool } from "./compress-pdf";
import { cropPdfTool } from "./crop-pdf";
import { editMetadataTool } from "./edit-metadata";
import { jpgToPdfTool } from "./jpg-to-pdf";
import { mergePdfTool } from "./merge-pdf";
import { nupPdfTool } from "./nup-pdf";
import { organizePdfTool } from "./organize-pdf";
import { pageNumbersTool } from "./page-numbers";
import { protectPdfTool } from "./protect-pdf";
import { removePagesTool } from "./remove-pages";
import { rotatePdfTool } from "./rotate-pdf";
import { extractPagesTool, splitPagesTool } from "./split-pdf";
import type { Tool } from "./types";
import { unlockPdfTool } from "./unlock-pdf";
import { watermarkPdfTool } from "./watermark-pdf";

export type { Tool, ToolFailure, ToolFile, ToolOutput, ToolResult } from "./types";

/**
 * Every conversion the engine does, by its endpoint's slug (the catalogue's tools list them:
 * Split PDF has two, extract-pages and split-pages). The Worker's route and the browser both
 * run a tool from here, with options read by the tool's schema in schema/options.ts; the type
 * checker refuses a slug with no tool behind it.
 */
export const engineTools: { [S in ConvertSlug]: Tool<OptionsOf<S>> } = {
  "merge-pdf": mergePdfTool,
  "extract-pages": extractPagesTool,
  "split-pages": splitPagesTool,
  "compress-pdf": compressPdfTool,
  "jpg-to-pdf": jpgToPdfTool,
  "compress-image": compressImageTool,
  "watermark-pdf": watermarkPdfTool,
  "rotate-pdf": rotatePdfTool,
  "unlock-pdf": unlockPdfTool,
  "protect-pdf": protectPdfTool,
  "organize-pdf": organizePdfTool,
  "remove-pages": removePagesTool,
  "page-numbers": pageNumbersTool,
  "crop-pdf": cropPdfTool,
  "nup-pdf": nupPdfTool,
  "edit-metadata": editMetadataTool,
};
