/**
 * The one counting rule of the daily allowance (spec sections 6 and 9), read by the Worker (what
 * a request reserves and what a finished job counts) and by the pages (the line by the run
 * button, and the check of a whole batch before anything is uploaded):
 *
 *   Each file you convert counts as one conversion; files combined into one PDF count once.
 *
 * So compressing three images is three, watermarking two PDFs is two, merging five PDFs (or
 * turning ten photos into one PDF, or organizing pages of several PDFs into one) is one, and a
 * split of one PDF is one whatever it makes. Only files that come out converted are counted: a
 * file the tool could not convert, and jobs run on the visitor's own device, are not.
 */
import type { ToolDef } from "./tools";

export const COUNTING_RULE = "Each file you convert counts as one conversion; files combined into one PDF count once.";

type Counted = Pick<ToolDef, "combines" | "maxFiles">;

/** The conversions a job of `files` files uses if every file converts. */
export function conversionsFor(tool: Counted, files: number): number {
  if (files <= 0) return 0;
  return tool.combines ? 1 : files;
}

/**
 * The conversions a finished job used: `failed` of its `files` files could not be converted
 * (their entries in the answer say why); a combined document counts once if it was made.
 */
export function conversionsUsed(tool: Counted, files: number, failed: number, produced: boolean): number {
  if (!produced) return 0;
  return tool.combines ? 1 : Math.max(0, Math.min(files, files - failed));
}

/** What is left today: `daily` null is unlimited (and so is what is left). */
export function remainingToday(used: number, daily: number | null): number | null {
  return daily === null ? null : Math.max(0, daily - used);
}

/** The short line a tool page shows by its run button. */
export function countingLine(tool: Pick<ToolDef, "combines" | "maxFiles">): string {
  if (tool.combines) return "Counts as one conversion, however many files you combine.";
  return tool.maxFiles === 1 ? "Counts as one conversion." : "Each file counts as one conversion.";
}
