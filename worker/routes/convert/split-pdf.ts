import { AppError } from "../../errors";
import type { ConvertEndpoint } from "./types";

// Placeholders until the split engine lands; they answer a clear 503 rather than pretending.
export const extractPages: ConvertEndpoint = {
  tool: "split-pdf",
  conversionType: "extract-pages",
  async run() {
    throw new AppError("not_configured", "This tool is not available yet.");
  },
};

export const splitPages: ConvertEndpoint = {
  tool: "split-pdf",
  conversionType: "split-pages",
  async run() {
    throw new AppError("not_configured", "This tool is not available yet.");
  },
};
