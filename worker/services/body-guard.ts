import { AppError } from "../errors";

/**
 * A request body, passed on as it arrives, that stops a client who sends too slowly. A Worker
 * holds what an upload has sent until it ends, and an upload that trickles (or stalls) would hold
 * it, and its connection, for as long as the client likes. So the body must arrive within
 * `timeoutMs`, and at least `minBytesPerSecond` of it in every `windowMs`; past either it fails
 * with a 408 (the reader's error, whoever reads it: multipart, JSON, a webhook's text).
 *
 * The clock runs only while a read waits on the client: time the Worker itself spends between
 * reads (waiting for memory to hold the next bytes, see services/admission.ts) is not the
 * client's. The stream pulls only when read (highWaterMark 0), so that is exactly when it waits.
 */
export interface BodyLimits {
  /** Most bytes the body may have; one more is `tooLarge()`. */
  max: number;
  tooLarge(): AppError;
  /** The error of a body that cannot be read (the client went away mid-upload). */
  unreadable(): AppError;
  timeoutMs: number;
  minBytesPerSecond: number;
  windowMs: number;
  /** The body's declared length (Content-Length), if it has one: the last window needs only what is left. */
  declared?: number;
}

const SECOND = 1000;

function kb(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function duration(ms: number): string {
  if (ms >= 60 * SECOND && ms % (60 * SECOND) === 0) return `${ms / (60 * SECOND)} minute${ms === 60_000 ? "" : "s"}`;
  if (ms >= SECOND) return `${Math.round(ms / SECOND)} second${Math.round(ms / SECOND) === 1 ? "" : "s"}`;
  return `${ms} ms`;
}

export function uploadTooSlow(limits: Pick<BodyLimits, "minBytesPerSecond" | "windowMs">): AppError {
  return new AppError(
    "request_timeout",
    `The upload was too slow and was stopped: less than ${kb(limits.minBytesPerSecond)} a second arrived for ${duration(limits.windowMs)}. Nothing was saved or counted. Please try again on a faster connection.`,
  );
}

export function uploadTookTooLong(limits: Pick<BodyLimits, "timeoutMs">): AppError {
  return new AppError(
    "request_timeout",
    `The upload took longer than ${duration(limits.timeoutMs)} and was stopped. Nothing was saved or counted. Please try again on a faster connection, or with a smaller file.`,
  );
}

type Read = ReadableStreamReadResult<Uint8Array>;

export function guardBody(body: ReadableStream<Uint8Array>, limits: BodyLimits): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  /** Time spent waiting on the client so far, the start of the current window in it, and what arrived in it. */
  let clientMs = 0;
  let windowStart = 0;
  let sizeAtWindowStart = 0;
  let pending: Promise<Read> | null = null;
  const perWindow = (limits.minBytesPerSecond * limits.windowMs) / SECOND;

  const stop = (err: AppError): AppError => {
    reader.cancel(err).catch(() => {});
    return err;
  };
  /** Judges the windows and the deadline that have passed; throws when the client fell short. */
  const judge = () => {
    if (clientMs >= limits.timeoutMs) throw stop(uploadTookTooLong(limits));
    while (clientMs >= windowStart + limits.windowMs) {
      const left = limits.declared !== undefined ? limits.declared - sizeAtWindowStart : Number.POSITIVE_INFINITY;
      if (size - sizeAtWindowStart < Math.min(perWindow, left)) throw stop(uploadTooSlow(limits));
      windowStart += limits.windowMs;
      sizeAtWindowStart = size;
    }
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          pending ??= reader.read();
          const wait = Math.max(0, Math.min(windowStart + limits.windowMs, limits.timeoutMs) - clientMs);
          const began = Date.now();
          let timer: ReturnType<typeof setTimeout> | undefined;
          let result: Read | null;
          try {
            result = await Promise.race([
              pending,
              new Promise<null>((resolve) => {
                timer = setTimeout(() => resolve(null), wait);
              }),
            ]);
          } catch {
            throw stop(limits.unreadable());
          } finally {
            clearTimeout(timer);
            clientMs += Date.now() - began;
          }
          if (result === null) {
            // A window (or the deadline) ended while the read waited: judge it, then wait on.
            judge();
            continue;
          }
          pending = null;
          if (result.done) {
            controller.close();
            return;
          }
          size += result.value.byteLength;
          if (size > limits.max) throw stop(limits.tooLarge());
          judge();
          controller.enqueue(result.value);
          return;
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
