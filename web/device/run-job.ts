/**
 * One job inside the engine's Web Worker: the engine's own job pipeline (worker/engine/jobs), the
 * one the edge runs, on this device's budget. What is the device's alone: the files come from the
 * page's memory, and what is made goes back to it, its buffers transferred, not copied.
 */
import { Budget } from "../../worker/engine/core/budget";
import { isEngineError } from "../../worker/engine/core/errors";
import { prepareJob, runJob } from "../../worker/engine/jobs/convert";
import type { JobFile, JobInput } from "../../worker/engine/jobs/input";
import { inspect, prepareInspection } from "../../worker/engine/jobs/inspect";
import type { DeviceFile, DeviceJob, DeviceReply } from "./protocol";

/** A reply and the buffers it hands over. */
export interface Sent {
  reply: DeviceReply;
  transfer: ArrayBuffer[];
}

const jobFile = (f: DeviceFile): JobFile => ({ name: f.name, type: f.type, bytes: new Uint8Array(f.bytes) });

function inputOf(job: DeviceJob): JobInput {
  const fields = job.fields;
  return {
    files: (job.kind === "convert" ? job.files : [job.file]).map(jobFile),
    field: (name) => (Object.hasOwn(fields, name) ? fields[name] : undefined),
    attachments:
      job.kind === "convert" ? Object.entries(job.attachments).map(([field, f]) => ({ field, ...jobFile(f) })) : [],
  };
}

type Job<K extends DeviceJob["kind"]> = Extract<DeviceJob, { kind: K }>;

/** A conversion: what it made goes back whole, its buffers transferred. */
export async function runConvert(job: Job<"convert">): Promise<Sent> {
  const input = inputOf(job);
  const budget = new Budget(job.ms, { memory: job.memory });
  const result = await runJob(prepareJob(job.slug, input, { maxFileBytes: job.maxFileBytes }), budget);
  const transfer: ArrayBuffer[] = [];
  const outputs = result.outputs.map((o) => {
    if (!o.ok) return o;
    // A view into a larger buffer would transfer (and detach) more than the file.
    const whole = o.bytes.byteOffset === 0 && o.bytes.byteLength === o.bytes.buffer.byteLength;
    const bytes = (whole ? o.bytes : o.bytes.slice()).buffer as ArrayBuffer;
    transfer.push(bytes);
    return { ...o, bytes };
  });
  return { reply: { type: "converted", message: result.message, outputs }, transfer };
}

/** An inspection: page count, form fields or search matches, as the inspecting endpoints answer. */
export async function runInspect(job: Job<"inspect">): Promise<Sent> {
  const input = inputOf(job);
  const budget = new Budget(job.ms, { memory: job.memory });
  const answer = await inspect(prepareInspection(job.what, input, { maxFileBytes: job.maxFileBytes }), budget);
  return { reply: { type: "inspected", answer }, transfer: [] };
}

function failed(err: unknown): DeviceReply {
  if (isEngineError(err)) return { type: "failed", error: err.message, code: err.code, extra: err.extra };
  // WebAssembly's "Out of memory", a typed array too large to allocate, V8's "Array buffer allocation failed".
  const outOfMemory =
    err instanceof RangeError || (err instanceof Error && /out of memory|allocation failed|memory/i.test(err.message));
  const error = err instanceof Error ? err.message : String(err);
  return { type: "failed", error, code: outOfMemory ? "out_of_memory" : "engine_failed", outOfMemory };
}

/** Runs one job to its reply: what was made, what an inspection found, or why it failed. */
export async function runDeviceJob(job: DeviceJob): Promise<Sent> {
  try {
    return job.kind === "convert" ? await runConvert(job) : await runInspect(job);
  } catch (err) {
    return { reply: failed(err), transfer: [] };
  }
}
