/**
 * How a job that failed on the device is told. It becomes an ApiError with the status and body
 * the server would have answered (./failure.ts), so every page's existing handling (its toasts,
 * the password prompt on password_required) works unchanged.
 */
import { ApiError } from "../api/client";
import { answerAs, ENGINE_UNAVAILABLE, failedAnswer, OUT_OF_MEMORY } from "./failure";
import type { DeviceFailure } from "./protocol";

export { ENGINE_UNAVAILABLE, OUT_OF_MEMORY };

export class DeviceError extends ApiError {
  constructor(code: string, message: string, extra?: Record<string, unknown>) {
    const { status, statusText, body } = answerAs(code, message, extra);
    super(status, statusText, body, message);
    this.name = "DeviceError";
  }
}

export function isDeviceError(err: unknown): err is DeviceError {
  return err instanceof DeviceError;
}

export function deviceFailure(reply: DeviceFailure): DeviceError {
  const { body } = failedAnswer(reply);
  const { error, code, ...extra } = body;
  return new DeviceError(code, error, extra);
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
