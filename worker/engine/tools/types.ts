import type { Budget } from "../core/budget";
import type { EngineError } from "../core/errors";

/** One input file, checked by whoever received it (the Worker's upload checks, or the page). */
export interface ToolFile {
  name: string;
  kind: "pdf" | "jpeg" | "png" | "webp";
  bytes: Uint8Array;
  /** An encrypted PDF's password, given by the person (see withPasswords). */
  password?: string;
}

/** A file a tool made. */
export interface ToolOutput {
  ok: true;
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
  originalName: string;
  /** Every input it was made from, in order, when there are several (merge); else only originalName. */
  sources?: string[];
  /** The spec's per-file status for the tools that have one (watermarked, unlocked). */
  status?: "completed" | "watermarked" | "unlocked";
  message?: string;
  /** Extra fields for the answer (compressedSize, compressionRatio, pageCount...). */
  extra?: Record<string, string | number | boolean>;
  /** False for secondary outputs (split's single pages) that get no history row. */
  history?: boolean;
  /** The one result a person downloads when there are several (split's ZIP). */
  primary?: boolean;
}

/** One input that could not be converted while others were (watermark, unlock). */
export interface ToolFailure {
  ok: false;
  originalName: string;
  error: string;
  code?: string;
  message?: string;
}

export interface ToolResult {
  outputs: (ToolOutput | ToolFailure)[];
  message: string;
}

/**
 * A tool as the Worker's route and the browser both call it: checked files and typed options
 * (from the tool's schema in schema/options.ts) in, files out, within a budget.
 */
export interface Tool<Options> {
  /** The catalogue's tool id (schema/tools.ts). */
  tool: string;
  /** What file_history records. */
  conversionType: string;
  run(files: ToolFile[], options: Options, budget: Budget): Promise<ToolResult>;
}

/** A file's own problem, as its entry in a batch answer. */
export type Failure = (file: ToolFile, err: EngineError) => ToolFailure;
