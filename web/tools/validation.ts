import { DEFAULT_UPLOAD_LIMIT_MB, type ToolDef } from "../../schema/tools";
import { deviceLimitMB } from "../device/budget";
import { isDeviceMode } from "../device/mode";

const MB = 1024 * 1024;

/** The lower-cased extension without its dot ("PDF" -> "pdf"), or "" when the name has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

export function sizeLimitMB(tool: Pick<ToolDef, "maxSizeMB">): number {
  // On this device the limit is the device's memory, not the edge's.
  if (isDeviceMode()) return deviceLimitMB();
  return tool.maxSizeMB || DEFAULT_UPLOAD_LIMIT_MB;
}

/** Spec section 5, generic upload: the reason a file cannot be used, or null when it can. */
export function validateFile(file: File, tool: Pick<ToolDef, "accept" | "maxSizeMB">): string | null {
  const ext = fileExtension(file.name);
  if (!tool.accept.includes(`.${ext}`)) {
    return `File type .${ext} is not supported. Accepted types: ${tool.accept.join(", ")}`;
  }
  const limit = sizeLimitMB(tool);
  if (file.size > limit * MB) return `File size exceeds ${limit}MB limit`;
  return null;
}

/** The title of the toast for a skipped file: images (and protect) say 'Invalid file'. */
export function validationToastTitle(tool: Pick<ToolDef, "id" | "accept">): string {
  const images = tool.accept.every((a) => a !== ".pdf");
  return images || tool.id === "protect-pdf" ? "Invalid file" : "File validation error";
}

/** The picker's accept attribute: extensions and MIME types together, so every platform offers the files. */
export function acceptAttribute(tool: Pick<ToolDef, "accept" | "mimeTypes">): string {
  return [...tool.accept, ...tool.mimeTypes].join(",");
}
