/**
 * What one job may use on this device. The edge's limits (25 MB, the isolate's 128 MB) do not
 * apply here: the device's own memory does, as far as the browser tells it (navigator.deviceMemory,
 * in GB, rounded and capped at 8 by Chrome; unknown in Firefox and Safari).
 */
export const MiB = 1024 * 1024;
const MIN_MEMORY = 256 * MiB;
const MAX_MEMORY = 2048 * MiB;
/** When the browser does not say: a middling laptop. */
export const UNKNOWN_DEVICE_GB = 4;
/** Ten minutes: there is no isolate to free, but a stuck file should still stop one day. */
export const DEVICE_JOB_MS = 10 * 60_000;

export interface DeviceBudget {
  /** Most bytes a job may hold at once (the engine's Budget). */
  memory: number;
  /** Largest input file: a job holds several copies of its input (parsed, rewritten, saved). */
  maxFileBytes: number;
  ms: number;
}

export function deviceMemoryGB(): number | undefined {
  const n = (globalThis.navigator as { deviceMemory?: number } | undefined)?.deviceMemory;
  return typeof n === "number" && n > 0 ? n : undefined;
}

/** A quarter of the device's memory, at least 256 MB and at most 2 GB. */
export function deviceBudget(gb: number | undefined = deviceMemoryGB()): DeviceBudget {
  const quarter = ((gb ?? UNKNOWN_DEVICE_GB) * 1024 * MiB) / 4;
  const memory = Math.min(MAX_MEMORY, Math.max(MIN_MEMORY, Math.round(quarter)));
  return { memory, maxFileBytes: Math.floor(memory / 4 / MiB) * MiB, ms: DEVICE_JOB_MS };
}

/** The per-file limit shown and checked on the page in device mode, in MB. */
export function deviceLimitMB(gb?: number): number {
  return deviceBudget(gb).maxFileBytes / MiB;
}
