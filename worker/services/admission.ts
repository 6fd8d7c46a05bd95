import type { ToolId } from "../../schema/tools";
import { config } from "../config";
import type { BudgetOptions } from "../engine/core/budget";
import { MiB } from "../engine/core/budget";
import { type Lease, MemoryLedger } from "../engine/core/ledger";
import type { AppContext } from "../env";

/**
 * Admission of heavy jobs into this isolate. One Worker isolate has 128 MB for every request
 * it serves at once, so each conversion reserves the memory it is estimated to need (from the
 * size of its upload, before the upload is read) from one isolate-wide ledger, and waits its
 * turn when that is spent. Light requests (pages, sign-in, downloads, share info) never come
 * here, so they never wait behind heavy ones.
 */

/** Memory a tool's job needs: `perByte` times its upload, plus `fixedMB` (parsing, codecs, output). */
const ESTIMATES: Record<ToolId | "analyze", { perByte: number; fixedMB: number }> = {
  // Lossless PDF jobs hold the input, the parsed objects and the output (bench: 2.3x to 3.8x).
  "merge-pdf": { perByte: 2.5, fixedMB: 12 },
  "split-pdf": { perByte: 2.5, fixedMB: 12 },
  "rotate-pdf": { perByte: 2.5, fixedMB: 12 },
  "watermark-pdf": { perByte: 2.5, fixedMB: 16 },
  "unlock-pdf": { perByte: 3.5, fixedMB: 12 },
  "protect-pdf": { perByte: 3.5, fixedMB: 12 },
  // Page tools: the page copying of merge and split; N-up embeds every page as a form too.
  "organize-pdf": { perByte: 2.5, fixedMB: 12 },
  "remove-pages": { perByte: 2.5, fixedMB: 12 },
  "page-numbers": { perByte: 2.5, fixedMB: 16 },
  "crop-pdf": { perByte: 2.5, fixedMB: 12 },
  "nup-pdf": { perByte: 3, fixedMB: 16 },
  "edit-metadata": { perByte: 2.5, fixedMB: 12 },
  // Forms: appearances are drawn per field; mail merge keeps each row's output until the ZIP.
  "fill-form": { perByte: 4, fixedMB: 16 },
  "flatten-pdf": { perByte: 2.5, fixedMB: 16 },
  "sign-pdf": { perByte: 2.5, fixedMB: 20 },
  // Redaction decodes the page contents it rewrites and the images under its boxes.
  "redact-pdf": { perByte: 3, fixedMB: 32 },
  // Extract images decodes one non-JPEG image at a time; the images kept are about the input's size.
  "extract-images": { perByte: 3, fixedMB: 32 },
  // Rendered in the browser: nothing reaches the Worker.
  "pdf-to-image": { perByte: 0, fixedMB: 0 },
  // Image work on top: one image decoded in bands, resampled and encoded (WebAssembly codecs).
  "compress-pdf": { perByte: 2, fixedMB: 40 },
  "jpg-to-pdf": { perByte: 2, fixedMB: 24 },
  "compress-image": { perByte: 1.5, fixedMB: 48 },
  analyze: { perByte: 1.5, fixedMB: 8 },
};

export interface AdmissionConfig {
  /** What one job may hold at most. */
  jobMemory: number;
  /** What all jobs in one isolate may hold together. */
  isolateMemory: number;
  maxWaiting: number;
  maxWaitMs: number;
}

export function admissionConfig(env: Env): AdmissionConfig {
  const c = config(env);
  return {
    jobMemory: c.jobMemory,
    isolateMemory: c.isolateMemory,
    maxWaiting: c.jobQueueLength,
    maxWaitMs: c.jobQueueWaitMs,
  };
}

let ledger: MemoryLedger | null = null;

/** This isolate's ledger, made at its first heavy request. */
export function isolateLedger(env: Env): MemoryLedger {
  if (!ledger) {
    const cfg = admissionConfig(env);
    ledger = new MemoryLedger({ capacity: cfg.isolateMemory, maxWaiting: cfg.maxWaiting, maxWaitMs: cfg.maxWaitMs });
  }
  return ledger;
}

/** The estimate for a job of `tool` whose request body is `bodyBytes` long. */
export function estimateJob(tool: ToolId | "analyze", bodyBytes: number, jobMemory: number): number {
  const e = ESTIMATES[tool];
  return Math.min(jobMemory, e.fixedMB * MiB + e.perByte * bodyBytes);
}

export interface Admission {
  lease: Lease;
  /** The budget a job runs under: its limit, what was reserved, and the ledger to grow into. */
  budget: BudgetOptions;
}

/**
 * Waits for room for a job in this isolate and reserves it. The size comes from the declared
 * Content-Length (the body limit has already refused anything over it); without one, the most
 * a request may carry is assumed.
 */
export async function admitJob(c: AppContext, tool: ToolId | "analyze"): Promise<Admission> {
  const cfg = admissionConfig(c.env);
  const declared = Number(c.req.header("content-length"));
  const body = Number.isFinite(declared) && declared > 0 ? declared : config(c.env).maxRequestBytes;
  const lease = await isolateLedger(c.env).reserve(estimateJob(tool, body, cfg.jobMemory));
  return { lease, budget: { memory: cfg.jobMemory, granted: lease.bytes, grant: lease } };
}
