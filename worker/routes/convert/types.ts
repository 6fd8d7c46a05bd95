import type { FileStatus } from "../../../schema/api";
import type { ToolId } from "../../../schema/tools";
import type { Budget } from "../../engine/core/budget";
import type { Upload } from "../../services/uploads";

export interface ConvertInput {
  uploads: Upload[];
  /** The other multipart fields (password, watermarkText, selectedPages, ...). */
  form: FormData;
  budget: Budget;
}

/** A produced file: stored in R2 and answered with a downloadUrl. */
export interface OutputFile {
  ok: true;
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
  originalName: string;
  status?: Exclude<FileStatus, "error">;
  message?: string;
  /** Extra response fields (compressedSize, compressionRatio, pageCount...). */
  extra?: Record<string, string | number>;
  /** False for secondary outputs (split's single pages) that get no file_history row. */
  history?: boolean;
  /** The one result a person downloads when there are several (split's ZIP): answered as `file`. */
  primary?: boolean;
}

/** One input that could not be converted, while others were (watermark, unlock). */
export interface FailedFile {
  ok: false;
  originalName: string;
  error: string;
  code?: string;
  message?: string;
}

export interface ConvertResult {
  outputs: (OutputFile | FailedFile)[];
  message: string;
}

export interface ConvertEndpoint {
  tool: ToolId;
  /** Conversion type recorded in file_history. */
  conversionType: string;
  run(input: ConvertInput): Promise<ConvertResult>;
}
