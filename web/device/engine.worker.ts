/**
 * The engine's Web Worker: one job per message, run off the page's thread so the page stays
 * responsive, and stopped for good by terminate() when the person cancels.
 */
import type { DeviceJob, DeviceReply } from "./protocol";

/** The worker's global, typed as much as it is used (the engine's types are workerd's, not the DOM's). */
const scope = self as unknown as {
  postMessage(message: DeviceReply, transfer?: ArrayBuffer[]): void;
  onmessage: ((event: { data: DeviceJob }) => void) | null;
};

/**
 * The engine loads on the first job, not with this module: its codecs and font are fetched with
 * top-level awaits, and a message sent while they load would find no handler and be lost.
 */
let engine: Promise<typeof import("./run-job")> | undefined;

scope.onmessage = async (event: { data: DeviceJob }) => {
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
  const { reply, transfer } = await loaded.runDeviceJob(event.data);
  scope.postMessage(reply, transfer);
};
