import { DEFAULT_UPLOAD_LIMIT_MB, type ToolDef } from "../../schema/tools";
import {
  contentProblem,
  type FileProblem,
  nameAndExtension,
  SNIFF_BYTES,
  sizeProblem,
  typeProblem,
} from "../../worker/engine/core/file-kind";
import { deviceLimitMB } from "../device/budget";
import { isDeviceMode, useDeviceLimitMB, useDeviceMode } from "../device/mode";

const MB = 1024 * 1024;

/** The lower-cased extension without its dot ("PDF" -> "pdf"), or "" when the name has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

export function sizeLimitMB(
  tool: Pick<ToolDef, "maxSizeMB">,
  onDevice = isDeviceMode(),
  deviceMB = deviceLimitMB(),
): number {
  // On this device the limit is the device's memory, not the edge's.
  return onDevice ? deviceMB : tool.maxSizeMB || DEFAULT_UPLOAD_LIMIT_MB;
}

/**
 * The limit as a page shows it: drawn again when the switch is turned, and the drawing's own
 * while the app takes over a page drawn at build time (web/device/mode.ts).
 */
export function useSizeLimitMB(tool: Pick<ToolDef, "maxSizeMB">): number {
  const [onDevice] = useDeviceMode();
  return sizeLimitMB(tool, onDevice, useDeviceLimitMB());
}

/**
 * What is wrong with a file by its name, declared type and size (spec section 5), or null; the
 * rules and words are the server's (worker/engine/core/file-kind.ts). Its content is checked
 * next, by `contentCheck`, which must read it.
 */
export function fileProblem(file: File, tool: Pick<ToolDef, "accept" | "maxSizeMB">): FileProblem | null {
  const { ext } = nameAndExtension(file.name, file.type, tool.accept);
  return typeProblem(ext, tool.accept) ?? sizeProblem(file.size, sizeLimitMB(tool) * MB);
}

/** Spec section 5, generic upload: the reason a file cannot be used, or null when it can. */
export function validateFile(file: File, tool: Pick<ToolDef, "accept" | "maxSizeMB">): string | null {
  return fileProblem(file, tool)?.message ?? null;
}

/**
 * The file's content against what its name says, from its first bytes (read from disk, never
 * the whole file): a text file renamed .pdf is refused as it is added, not after the upload.
 */
export async function contentCheck(file: File, tool: Pick<ToolDef, "accept">): Promise<FileProblem | null> {
  const { name, ext } = nameAndExtension(file.name, file.type, tool.accept);
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  // The name the person gave (the server's cleaned one differs only for odd names).
  return contentProblem(file.name || name, ext, file.size, head, tool.accept);
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
