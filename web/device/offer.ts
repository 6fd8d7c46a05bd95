/**
 * "Process it on this device instead": where the edge refuses a file for its size (the page's
 * 25 MB check, or the server's 413 for memory, pixels or a PDF too big for the isolate), the
 * refusal offers to switch device mode on and run the same job here.
 */
import { ApiError } from "../api/client";
import { isDeviceError } from "./errors";
import { isDeviceMode, setDeviceMode } from "./mode";

export const OFFER_LABEL = "Process it on this device instead";

export function deviceOffer(retry: () => void): { label: string; onClick: () => void } {
  return {
    label: OFFER_LABEL,
    onClick: () => {
      setDeviceMode(true);
      retry();
    },
  };
}

/** The page's own size refusal (validateFile's "File size exceeds 25MB limit"), outside device mode. */
export function offersForSize(problem: string | null): boolean {
  return !isDeviceMode() && problem !== null && problem.startsWith("File size exceeds");
}

/** The server's 413 (job_too_large, file_too_large, payload_too_large): the device may manage it. */
export function offersForServerError(err: unknown): boolean {
  if (isDeviceError(err)) return false;
  return err instanceof ApiError && err.status === 413;
}

/** The toast action for a size refusal or a server 413 (outside device mode), or none. */
export function offerFor(
  cause: { sizeProblem: string | null } | { error: unknown },
  retry: () => void,
): { action: { label: string; onClick: () => void } } | Record<string, never> {
  const offers = "sizeProblem" in cause ? offersForSize(cause.sizeProblem) : offersForServerError(cause.error);
  return offers ? { action: deviceOffer(retry) } : {};
}
