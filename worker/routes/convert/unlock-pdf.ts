import { AppError } from "../../errors";
import type { ConvertEndpoint } from "./types";

// Placeholder until the tool's engine lands; answers a clear 503 rather than pretending.
export const unlockPdf: ConvertEndpoint = {
  tool: "unlock-pdf",
  conversionType: "unlock-pdf",
  async run() {
    throw new AppError("not_configured", "This tool is not available yet.");
  },
};
