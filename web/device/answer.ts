/**
 * A device job's outputs as the server's answer (ConversionResponse, made by the engine's
 * answerOf as the edge's is), so every page shows them as it shows the server's: where the edge
 * stores a file, the device keeps it in memory, and its downloadUrl is a blob: URL over it.
 */
import type { ConversionResponse } from "../../schema/api";
import { answerOf, type Placed } from "../../worker/engine/jobs/answer";
import type { ToolFailure } from "../../worker/engine/tools/types";
import type { DeviceOutput } from "./protocol";

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

/** Each made file as a blob: URL the page keeps until it lets it go. */
function place(o: DeviceOutput, tool?: string): Placed {
  const blob = new Blob([o.bytes], { type: o.contentType });
  const url = URL.createObjectURL(blob);
  made.set(url, { blob, fileName: o.fileName, originalName: o.originalName, tool });
  return { downloadUrl: url, size: blob.size };
}

export function toConversionResponse(
  message: string,
  outputs: (DeviceOutput | ToolFailure)[],
  tool?: string,
): ConversionResponse {
  const placed = outputs.flatMap((o) => (o.ok ? [place(o, tool)] : []));
  return answerOf({ message, outputs }, placed);
}
