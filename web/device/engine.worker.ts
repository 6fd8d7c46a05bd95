/**
 * The engine's Web Worker: one job per message, run off the page's thread so the page stays
 * responsive, and stopped for good by terminate() when the person cancels.
 */
import { isEngineError } from "../../worker/engine/core/errors";
import type { DeviceJob, DeviceReply } from "./protocol";

/** The worker's global, typed as much as it is used (the engine's types are workerd's, not the DOM's). */
const scope = self as unknown as {
  postMessage(message: DeviceReply, transfer?: ArrayBuffer[]): void;
  onmessage: ((event: { data: DeviceJob }) => void) | null;
};

function failure(err: unknown): DeviceReply {
  if (isEngineError(err)) return { type: "failed", error: err.message, code: err.code };
  // WebAssembly's "Out of memory", a typed array too large to allocate, V8's "Array buffer allocation failed".
  const outOfMemory =
    err instanceof RangeError || (err instanceof Error && /out of memory|allocation failed|memory/i.test(err.message));
  const error = err instanceof Error ? err.message : String(err);
  return { type: "failed", error, code: outOfMemory ? "out_of_memory" : "engine_failed", outOfMemory };
}

/**
 * The engine loads on the first job, not with this module: its codecs and font are fetched with
 * top-level awaits, and a message sent while they load would find no handler and be lost.
 */
let engine: Promise<typeof import("./run-job")> | undefined;

scope.onmessage = async (event: { data: DeviceJob }) => {
  const job = event.data;
  scope.postMessage({ type: "started" } satisfies DeviceReply);
  let loaded: typeof import("./run-job");
  try {
    engine ??= import("./run-job");
    loaded = await engine;
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    scope.postMessage({ type: "failed", error, code: "engine_unavailable" });
    return;
  }
  const { runConvert, runInspect } = loaded;
  try {
    if (job.kind === "convert") {
      const { reply, transfer } = await runConvert(job);
      scope.postMessage(reply, transfer);
    } else {
      scope.postMessage(await runInspect(job));
    }
  } catch (err) {
    scope.postMessage(failure(err));
  }
};
