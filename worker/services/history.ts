import { fileHistory } from "../../schema/db";
import type { ToolOutput } from "../engine/tools";
import { getDb } from "./db";
import type { StoredResult } from "./storage";

/** One file_history row per stored output of a signed-in user's conversion. */
export async function recordHistory(
  d1: D1Database,
  userId: number,
  conversionType: string,
  rows: { output: ToolOutput; stored: StoredResult }[],
  processingTime: number,
): Promise<void> {
  if (rows.length === 0) return;
  await getDb(d1)
    .insert(fileHistory)
    .values(
      rows.map(({ output, stored }) => ({
        userId,
        originalFilename: output.originalName,
        sourceFilenames: output.sources && output.sources.length > 1 ? JSON.stringify(output.sources) : null,
        convertedFilename: output.fileName,
        conversionType,
        fileSize: stored.size,
        status: "completed",
        downloadUrl: stored.downloadUrl,
        processingTime,
        expiresAt: stored.expiresAt,
      })),
    );
}
