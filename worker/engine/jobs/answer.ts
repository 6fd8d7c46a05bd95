/**
 * A conversion's answer (schema/api.ts's ConversionResponse, the spec's "files[] or file"), made
 * the same way for both homes once each has put the made files where they go: the edge's stored
 * results with their download links, the device's blob: URLs over the bytes in the page's memory.
 */
import type { ConversionResponse, ConvertedFile } from "../../../schema/api";
import type { ToolFailure, ToolOutput } from "../tools/types";

/** Where a made file went. */
export interface Placed {
  downloadUrl: string;
  size: number;
  /** When a stored result is deleted (the device's files have no such day). */
  expiresAt?: string;
}

/** A tool's result as the answer needs it: the made files' bytes have gone where they go. */
export interface Outcome {
  message: string;
  outputs: readonly (Omit<ToolOutput, "bytes"> | ToolFailure)[];
}

/** `placed` holds, in order, where each made file (each output that is ok) went. */
export function answerOf(result: Outcome, placed: readonly Placed[]): ConversionResponse {
  let next = 0;
  const files = result.outputs.map((o): ConvertedFile => {
    if (!o.ok) {
      return {
        originalName: o.originalName,
        status: "error",
        error: o.error,
        message: o.message ?? o.error,
        ...(o.code ? { code: o.code } : {}),
      };
    }
    const p = placed[next++];
    return {
      originalName: o.originalName,
      convertedName: o.fileName,
      downloadUrl: p.downloadUrl,
      size: p.size,
      status: o.status ?? "completed",
      message: o.message,
      ...(p.expiresAt ? { expiresAt: p.expiresAt } : {}),
      ...o.extra,
    };
  });
  // `file` is the single result, or the one marked primary among several.
  const primary = result.outputs.findIndex((o) => o.ok && o.primary);
  const file = files.length === 1 ? files[0] : primary >= 0 ? files[primary] : undefined;
  return { message: result.message, files, ...(file ? { file } : {}) };
}
