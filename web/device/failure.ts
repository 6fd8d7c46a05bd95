/**
 * A job that failed on the device, answered as the server answers a refusal: the status of the
 * one code -> status table (schema/api.ts) and the body app.onError sends (`{ ...extra, error,
 * code }`), so a page reads it as it reads the edge's. The message is always the engine's own
 * words, but for the troubles only a device has (memory, an engine that will not start).
 */
import { errorStatus } from "../../schema/api";
import type { DeviceFailure } from "./protocol";

export const OUT_OF_MEMORY = "This device ran out of memory for this file. Close other tabs, or try a smaller file.";
export const ENGINE_UNAVAILABLE =
  "This browser could not start the on-device engine. Turn off “Process on this device” to use the server.";
const ENGINE_FAILED = "Processing failed on this device.";

/** The device's own codes: memory is a size problem (413), as the edge's job_too_large is. */
const DEVICE_STATUS: Record<string, number> = { out_of_memory: 413, engine_unavailable: 500, engine_failed: 500 };

/** Reason phrases of the statuses a device job can end with. */
const REASONS: Record<number, string> = {
  400: "Bad Request",
  413: "Payload Too Large",
  422: "Unprocessable Content",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export interface FailedAnswer {
  status: number;
  statusText: string;
  body: Record<string, unknown> & { error: string; code: string };
}

export function answerAs(code: string, message: string, extra: Record<string, unknown> = {}): FailedAnswer {
  const status = (errorStatus as Record<string, number>)[code] ?? DEVICE_STATUS[code] ?? 500;
  return { status, statusText: REASONS[status] ?? String(status), body: { ...extra, error: message, code } };
}

/** A failure the worker reported: the engine's message as it is; memory trouble in plain words. */
export function failedAnswer(reply: DeviceFailure): FailedAnswer {
  if (reply.outOfMemory || reply.code === "out_of_memory") return answerAs("out_of_memory", OUT_OF_MEMORY);
  if (reply.code === "engine_unavailable") return answerAs("engine_unavailable", ENGINE_UNAVAILABLE);
  if (reply.code === "engine_failed") return answerAs("engine_failed", ENGINE_FAILED);
  return answerAs(reply.code, reply.error, reply.extra);
}
