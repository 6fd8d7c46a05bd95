/**
 * The page's side of the on-device engine: each job in a Web Worker (the page stays responsive),
 * ended by terminate() on Cancel, its files read into memory and never sent anywhere.
 */
import type { ConversionResponse } from "../../schema/api";
import type { ConvertSlug } from "../../schema/options";
import { tools } from "../../schema/tools";
import { toConversionResponse } from "./answer";
import { deviceBudget } from "./budget";
import { abortError, deviceFailure, workerCrash } from "./errors";
import type { DeviceFile, DeviceJob, DeviceReply, InspectKind } from "./protocol";

export type DeviceStage = "reading" | "processing";

export interface DeviceRunOptions {
  signal?: AbortSignal;
  onProgress?: (stage: DeviceStage) => void;
}

/** A worker that finished its job cleanly, kept for the next one: its engine is already loaded. */
let spare: Worker | null = null;

function takeWorker(): Worker {
  const w = spare ?? new Worker(new URL("./engine.worker.ts", import.meta.url), { type: "module" });
  spare = null;
  return w;
}

function release(w: Worker, healthy: boolean) {
  if (healthy && spare === null) spare = w;
  else w.terminate();
}

async function deviceFile(file: File): Promise<DeviceFile> {
  return { name: file.name, type: file.type, bytes: await file.arrayBuffer() };
}

type Answer = Extract<DeviceReply, { type: "converted" | "inspected" }>;

function run(job: DeviceJob, opts: DeviceRunOptions): Promise<Answer> {
  const { signal, onProgress } = opts;
  if (signal?.aborted) return Promise.reject(abortError());
  return new Promise<Answer>((resolve, reject) => {
    const worker = takeWorker();
    let started = false;
    const stop = () => {
      // terminate() ends the job at once, whatever the engine is doing.
      release(worker, false);
      reject(abortError());
    };
    signal?.addEventListener("abort", stop, { once: true });
    const done = () => signal?.removeEventListener("abort", stop);
    worker.onmessage = (event: MessageEvent<DeviceReply>) => {
      const reply = event.data;
      if (reply.type === "started") {
        started = true;
        onProgress?.("processing");
        return;
      }
      done();
      if (reply.type === "failed") {
        release(worker, !reply.outOfMemory);
        reject(deviceFailure(reply));
      } else {
        release(worker, true);
        resolve(reply);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      done();
      release(worker, false);
      reject(workerCrash(started));
    };
    const buffers = job.kind === "convert" ? [...job.files, ...Object.values(job.attachments)] : [job.file];
    worker.postMessage(
      job,
      buffers.map((f) => f.bytes),
    );
  });
}

/** A conversion on this device, answered as the server answers it (files with blob: URLs). */
export async function runOnDevice(
  slug: ConvertSlug,
  files: readonly File[],
  fields: Record<string, string> = {},
  attachments: Record<string, File> = {},
  opts: DeviceRunOptions = {},
): Promise<ConversionResponse> {
  opts.onProgress?.("reading");
  const packed = await Promise.all(files.map(deviceFile));
  const extra: Record<string, DeviceFile> = {};
  for (const [field, file] of Object.entries(attachments)) extra[field] = await deviceFile(file);
  const reply = await run(
    { kind: "convert", slug, files: packed, fields, attachments: extra, ...deviceBudget() },
    opts,
  );
  if (reply.type !== "converted") throw new Error("Processing failed");
  const tool = tools.find((t) => (t.endpoints as readonly string[]).includes(`/api/convert/${slug}`))?.id;
  return toConversionResponse(reply.message, reply.outputs, tool);
}

/** What the inspecting endpoints answer (page count, form fields, search matches), on this device. */
export async function inspectOnDevice(
  what: InspectKind,
  file: File,
  fields: Record<string, string> = {},
  opts: DeviceRunOptions = {},
): Promise<unknown> {
  const reply = await run({ kind: "inspect", what, file: await deviceFile(file), fields, ...deviceBudget() }, opts);
  if (reply.type !== "inspected") throw new Error("Processing failed");
  return reply.answer;
}

/** The conversion endpoint's slug of an API path ("/api/convert/merge-pdf" -> "merge-pdf"). */
export function slugOfPath(path: string): ConvertSlug | null {
  const m = /^\/api\/convert\/([a-z-]+)$/.exec(path);
  return m ? (m[1] as ConvertSlug) : null;
}
