import { AppError } from "../../errors";
import type { ConvertEndpoint } from "./types";

// Placeholder until the tool's engine lands; answers a clear 503 rather than pretending.
export const jpgToPdf: ConvertEndpoint = {
  tool: "jpg-to-pdf",
  conversionType: "jpg-to-pdf",
  async run() {
    throw new AppError("not_configured", "This tool is not available yet.");
  },
};
