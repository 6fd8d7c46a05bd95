import type { ToolDef } from "../../schema/tools";
import type { FileProblem } from "../../worker/engine/core/file-kind";
import { isDeviceMode } from "../device/mode";
import type { Remedy } from "./upload-items";
import { fileExtension } from "./validation";

/**
 * A refused file's ways forward: one over the size limit can be compressed first (a PDF, on a
 * tool other than Compress PDF) or processed on this device, where the edge's limit does not
 * apply. A file of the wrong type or content has none but to choose another.
 */
export function remediesFor(problem: FileProblem, file: File, tool: Pick<ToolDef, "id" | "endpoints">): Remedy[] {
  if (problem.kind !== "size" || isDeviceMode()) return [];
  const remedies: Remedy[] = [];
  const pdf = fileExtension(file.name) === "pdf" || file.type === "application/pdf";
  if (pdf && tool.id !== "compress-pdf") remedies.push("compress");
  if (tool.endpoints.length > 0) remedies.push("device");
  return remedies;
}
