/** The messages between a page and the engine's Web Worker (web/device/engine.worker.ts). */
import type { ConvertSlug } from "../../schema/options";
import type { ToolFailure, ToolOutput } from "../../worker/engine/tools/types";

export interface DeviceFile {
  name: string;
  /** The file's own type as the browser gives it (an extensionless name is read by it). */
  type: string;
  bytes: ArrayBuffer;
}

/**
 * What the inspecting endpoints answer, on the device: page count, form fields, search matches
 * (the engine's inspections, worker/engine/jobs/inspect.ts, which run-job.ts hands it to).
 */
export type InspectKind = "analyze-pdf" | "form-fields" | "redact-preview";

export type DeviceJob =
  | {
      kind: "convert";
      slug: ConvertSlug;
      files: DeviceFile[];
      fields: Record<string, string>;
      attachments: Record<string, DeviceFile>;
      memory: number;
      maxFileBytes: number;
      ms: number;
    }
  | {
      kind: "inspect";
      what: InspectKind;
      file: DeviceFile;
      fields: Record<string, string>;
      memory: number;
      maxFileBytes: number;
      ms: number;
    };

/** One made file, its bytes transferred (not copied) back to the page. */
export type DeviceOutput = Omit<ToolOutput, "bytes"> & { bytes: ArrayBuffer };

/** A failure as the engine words it; `extra` is what the server's error body would carry (fileName, params, fields). */
export interface DeviceFailure {
  error: string;
  code: string;
  extra?: Record<string, unknown>;
  outOfMemory?: boolean;
}

export type DeviceReply =
  | { type: "started" }
  | { type: "converted"; message: string; outputs: (DeviceOutput | ToolFailure)[] }
  | { type: "inspected"; answer: unknown }
  | ({ type: "failed" } & DeviceFailure);
