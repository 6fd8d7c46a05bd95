/** The messages between a page and the engine's Web Worker (web/device/engine.worker.ts). */
import type { ConvertSlug } from "../../schema/options";

export interface DeviceFile {
  name: string;
  /** The file's own type as the browser gives it (an extensionless name is read by it). */
  type: string;
  bytes: ArrayBuffer;
}

/** What the inspecting endpoints answer, on the device: page count, form fields, search matches. */
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
export interface DeviceOutput {
  ok: true;
  bytes: ArrayBuffer;
  fileName: string;
  contentType: string;
  originalName: string;
  status?: "completed" | "watermarked" | "unlocked";
  message?: string;
  extra?: Record<string, string | number | boolean>;
  primary?: boolean;
}

export interface DeviceFailure {
  ok: false;
  originalName: string;
  error: string;
  code?: string;
}

export type DeviceReply =
  | { type: "started" }
  | { type: "converted"; message: string; outputs: (DeviceOutput | DeviceFailure)[] }
  | { type: "inspected"; answer: unknown }
  | { type: "failed"; error: string; code: string; outOfMemory?: boolean };
