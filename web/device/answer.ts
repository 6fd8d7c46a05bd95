/**
 * A device job's outputs as the server's answer (ConversionResponse), so every page shows them
 * as it shows the server's: each file's downloadUrl is a blob: URL over the bytes in memory.
 */
import type { ConversionResponse, ConvertedFile } from "../../schema/api";
import type { DeviceFailure, DeviceOutput } from "./protocol";

export interface LocalResult {
  blob: Blob;
  fileName: string;
  originalName: string;
  /** The catalogue's tool that made it, for the history when it is uploaded. */
  tool?: string;
}

/** Every blob: URL a device job made, with its file, until the page lets them go. */
const made = new Map<string, LocalResult>();

export function isLocalUrl(url: string | undefined | null): url is string {
  return typeof url === "string" && url.startsWith("blob:") && made.has(url);
}

export function localResult(url: string): LocalResult | undefined {
  return made.get(url);
}

/** Frees the memory of every device result (the page was left, or its list reset). */
export function revokeDeviceResults(): void {
  for (const url of made.keys()) URL.revokeObjectURL(url);
  made.clear();
}

function convertedOf(o: DeviceOutput | DeviceFailure, tool?: string): ConvertedFile {
  if (!o.ok) {
    return {
      originalName: o.originalName,
      status: "error",
      error: o.error,
      message: o.error,
      ...(o.code ? { code: o.code } : {}),
    };
  }
  const blob = new Blob([o.bytes], { type: o.contentType });
  const url = URL.createObjectURL(blob);
  made.set(url, { blob, fileName: o.fileName, originalName: o.originalName, tool });
  return {
    ...o.extra,
    originalName: o.originalName,
    convertedName: o.fileName,
    downloadUrl: url,
    size: blob.size,
    status: o.status ?? "completed",
    message: o.message,
  };
}

export function toConversionResponse(
  message: string,
  outputs: (DeviceOutput | DeviceFailure)[],
  tool?: string,
): ConversionResponse {
  const files = outputs.map((o) => convertedOf(o, tool));
  const primary = outputs.findIndex((o) => o.ok && o.primary);
  const file = files.length === 1 ? files[0] : primary >= 0 ? files[primary] : undefined;
  return { message, files, ...(file ? { file } : {}) };
}
