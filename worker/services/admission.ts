import type { ToolId } from "../../schema/tools";
import { config } from "../config";
import type { BudgetOptions } from "../engine/core/budget";
import { busyError, MiB } from "../engine/core/budget";
import { type Lease, MemoryLedger } from "../engine/core/ledger";
import type { AppContext } from "../env";

/**
 * Admission of heavy jobs into this isolate. One Worker isolate has 128 MB for every request
 * it serves at once, so each conversion holds the memory it is estimated to need in one
 * isolate-wide ledger, and waits its turn when that is spent. Light requests (pages, sign-in,
 * downloads, share info) never come here, so they never wait behind heavy ones.
 *
 * What a job holds follows its upload: before the upload is read it takes only a ticket (so a full
 * isolate queues it before it reads anything), then the upload's bytes as they arrive, then, once
 * the upload is in, its whole estimate. A client that declares 26 MB and sends nothing holds 64 KB,
 * not 26 MB, and is stopped by the body's deadlines (services/body-guard.ts).
 */

/** What a job takes before its upload is read: enough to queue it when the isolate is full. */
export const TICKET_BYTES = 64 * 1024;

/** Memory a tool's job needs: `perByte` times its upload, plus `fixedMB` (parsing, codecs, output). */
const ESTIMATES: Record<ToolId | "analyze" | "results", { perByte: number; fixedMB: number }> = {
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
  // A device's result checked before it is stored (services/result-check.ts): a PDF parsed, an
  // image decoded in bands, or a ZIP's entries one at a time, each inflated beside the ZIP.
  results: { perByte: 2.5, fixedMB: 16 },
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
export function estimateJob(tool: ToolId | "analyze" | "results", bodyBytes: number, jobMemory: number): number {
  const e = ESTIMATES[tool];
  return Math.min(jobMemory, e.fixedMB * MiB + e.perByte * bodyBytes);
}

export interface Admission {
  lease: Lease;
  /** The budget a job runs under: its limit, what is reserved (read when the Budget is made), and the ledger to grow into. */
  budget: BudgetOptions;
  /** The upload so far is `bytes` long: held before they are kept (waits for room when there is none). */
  hold(bytes: number): Promise<void>;
  /** The upload is in, `bytes` long: the job's whole estimate is held (waits for room when there is none). */
  ready(bytes: number): Promise<void>;
}

/**
 * Jobs that hold memory (their upload) while they wait for more, in the order they wait. Waiting
 * holding memory can deadlock: two uploads of 40 MB that each need 30 MB more in an 88 MB isolate
 * would wait for each other until the queue's time ran out. A job that would make some waiter's
 * turn impossible (what it needs, beside what it and those behind it hold, is more than the
 * isolate has) is told the server is busy at once instead, and lets go of what it held.
 */
const holders: { held: number; more: number }[] = [];

function canWait(capacity: number, me: { held: number; more: number }): boolean {
  const queue = [...holders, me];
  let behind = 0;
  for (let i = queue.length - 1; i >= 0; i--) {
    behind += queue[i].held;
    if (queue[i].more + behind > capacity) return false;
  }
  return true;
}

/** A job's memory: the ledger leases it took (its ticket, then any it waited for), held and given back as one. */
class JobLease implements Lease {
  private readonly parts: Lease[];
  private released = false;

  constructor(
    private readonly ledger: MemoryLedger,
    first: Lease,
  ) {
    this.parts = [first];
  }

  get bytes(): number {
    return this.parts.reduce((n, p) => n + p.bytes, 0);
  }

  grow(more: number): boolean {
    return !this.released && this.parts[0].grow(more);
  }

  release(): void {
    this.released = true;
    for (const p of this.parts) p.release();
  }

  /** Holds `total` bytes in all: at once when the isolate has them, else after waiting its turn. */
  async growTo(total: number): Promise<void> {
    const more = Math.ceil(total) - this.bytes;
    if (more <= 0 || this.grow(more)) return;
    const me = { held: this.bytes, more };
    if (this.released || !canWait(this.ledger.opts.capacity, me)) throw busyError();
    holders.push(me);
    try {
      const extra = await this.ledger.reserve(more);
      if (this.released) extra.release();
      else this.parts.push(extra);
    } finally {
      holders.splice(holders.indexOf(me), 1);
    }
  }
}

/** Each request's admission, for the services that read its upload (services/uploads.ts). */
const admissions = new WeakMap<AppContext, Admission>();

export function admissionOf(c: AppContext): Admission | undefined {
  return admissions.get(c);
}

/**
 * Waits for a ticket in this isolate's queue (503 when the queue is full or the wait too long),
 * before the upload is read; the job then holds its upload as it arrives (`hold`) and its whole
 * estimate once it is in (`ready`). Release the lease however the request ends.
 */
export async function admitJob(c: AppContext, tool: ToolId | "analyze" | "results"): Promise<Admission> {
  const cfg = admissionConfig(c.env);
  const ledger = isolateLedger(c.env);
  const lease = new JobLease(ledger, await ledger.reserve(TICKET_BYTES));
  const admission: Admission = {
    lease,
    budget: {
      memory: cfg.jobMemory,
      get granted() {
        return lease.bytes;
      },
      grant: lease,
    },
    hold: (bytes) => lease.growTo(Math.max(TICKET_BYTES, bytes)),
    ready: (bytes) => lease.growTo(Math.max(TICKET_BYTES, estimateJob(tool, bytes, cfg.jobMemory))),
  };
  admissions.set(c, admission);
  return admission;
}
