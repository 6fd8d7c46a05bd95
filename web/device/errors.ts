/**
 * How a job that failed on the device is told. It becomes an ApiError with the status the
 * server would have answered, so every page's existing handling (its toasts, the password
 * prompt on password_required) works unchanged; the message is always the engine's own words.
 */
import { ApiError } from "../api/client";

export const OUT_OF_MEMORY = "This device ran out of memory for this file. Close other tabs, or try a smaller file.";
export const ENGINE_UNAVAILABLE =
  "This browser could not start the on-device engine. Turn off “Process on this device” to use the server.";

/** The server's statuses for the engine's codes (worker/errors.ts), for the pages that look at them. */
const STATUS: Record<string, [number, string]> = {
  validation_failed: [400, "Bad Request"],
  invalid_file: [400, "Bad Request"],
  nothing_found: [422, "Unprocessable Content"],
  pdf_damaged: [422, "Unprocessable Content"],
  pdf_encrypted: [422, "Unprocessable Content"],
  pdf_unsupported: [422, "Unprocessable Content"],
  password_required: [422, "Unprocessable Content"],
  password_incorrect: [422, "Unprocessable Content"],
  job_too_large: [413, "Payload Too Large"],
  job_timeout: [422, "Unprocessable Content"],
  out_of_memory: [413, "Payload Too Large"],
};

export class DeviceError extends ApiError {
  constructor(code: string, message: string) {
    const [status, statusText] = STATUS[code] ?? [500, "Internal Server Error"];
    super(status, statusText, { error: message, code }, message);
    this.name = "DeviceError";
  }
}

export function isDeviceError(err: unknown): err is DeviceError {
  return err instanceof DeviceError;
}

/** A failure the worker reported: the engine's message as it is; memory trouble in plain words. */
export function deviceFailure(reply: { error: string; code: string; outOfMemory?: boolean }): DeviceError {
  if (reply.outOfMemory || reply.code === "out_of_memory") return new DeviceError("out_of_memory", OUT_OF_MEMORY);
  if (reply.code === "engine_unavailable") return new DeviceError("engine_unavailable", ENGINE_UNAVAILABLE);
  if (reply.code === "engine_failed") return new DeviceError("engine_failed", "Processing failed on this device.");
  return new DeviceError(reply.code, reply.error);
}

/**
 * The worker died without answering. Before it started, its code could not load (an old
 * browser, a blocked asset); after, the browser ended it, which for a big file is memory.
 */
export function workerCrash(started: boolean): DeviceError {
  return started
    ? new DeviceError("out_of_memory", OUT_OF_MEMORY)
    : new DeviceError("engine_unavailable", ENGINE_UNAVAILABLE);
}

export function abortError(): DOMException {
  return new DOMException("The job was cancelled.", "AbortError");
}
