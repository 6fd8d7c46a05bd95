import type { ConvertedFile } from "../../schema/api";

/**
 * The spec's upload item (section 3), plus `pending` for files waiting for the person to press
 * start, `locked` for an encrypted PDF waiting for its password, and `refused` for a file the
 * tool does not take (its type, size or content): it stays on the list with its reason and what
 * to do, and is never sent.
 */
export type UploadStatus = "pending" | "locked" | "refused" | "uploading" | "processing" | "completed" | "error";

/** What a person can do about a refused file: compress it first, or run the job on this device. */
export type Remedy = "compress" | "device";

export interface UploadItem {
  id: string;
  file: File;
  /** 0-100; the spec's steps are 10 at send, 50 on response, 80 processing, 100 done. */
  progress: number;
  status: UploadStatus;
  error?: string;
  resultUrl?: string;
  /** The whole server answer for this item, for the result actions (name, size, expiry). */
  result?: ConvertedFile;
  originalSize: number;
  compressedSize?: number;
  /** Text such as "42%", as the server words it. */
  compressionRatio?: string;
  /** An encrypted PDF's password, checked (pdf.js opened the file with it) before it is sent. */
  filePassword?: string;
  /** A refused file's ways forward. */
  remedies?: Remedy[];
}

export const PROGRESS = { sent: 10, responded: 50, processing: 80, done: 100 } as const;
/** Spec section 9: the simulated processing pause. */
export const PROCESSING_PAUSE_MS = 1500;

let counter = 0;
export function newItem(file: File, status: UploadStatus, extra: Partial<UploadItem> = {}): UploadItem {
  counter += 1;
  return {
    id: `upload-${Date.now().toString(36)}-${counter}`,
    file,
    progress: 0,
    status,
    originalSize: file.size,
    ...extra,
  };
}

/** Items the tool will work on: everything but refused files. */
export function usable(items: readonly UploadItem[]): UploadItem[] {
  return items.filter((i) => i.status !== "refused");
}

export function isActive(item: UploadItem): boolean {
  return item.status === "uploading" || item.status === "processing";
}

export function patchItems(items: UploadItem[], ids: readonly string[], patch: Partial<UploadItem>): UploadItem[] {
  return items.map((it) => (ids.includes(it.id) ? { ...it, ...patch } : it));
}

/**
 * The completed state of a request's items. One file per item, except in a batch (merge,
 * jpg-to-pdf) where the one output belongs to the first item and the others get no link.
 */
export function completedPatches(
  ids: readonly string[],
  outputs: readonly ConvertedFile[],
  batch: boolean,
): Map<string, Partial<UploadItem>> {
  const patches = new Map<string, Partial<UploadItem>>();
  ids.forEach((id, i) => {
    const out = batch ? (i === 0 ? outputs[0] : undefined) : outputs[i];
    if (batch && i > 0) {
      patches.set(id, { status: "completed", progress: PROGRESS.done, error: undefined });
      return;
    }
    if (!out || out.status === "error" || !out.downloadUrl) {
      patches.set(id, { status: "error", error: out?.error ?? out?.message ?? "Processing failed" });
      return;
    }
    patches.set(id, {
      status: "completed",
      progress: PROGRESS.done,
      error: undefined,
      resultUrl: out.downloadUrl,
      result: out,
      compressedSize: out.compressedSize,
      compressionRatio: out.compressionRatio,
    });
  });
  return patches;
}

/** Resolves after `ms`, or rejects with an AbortError as soon as the signal fires. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("Aborted", "AbortError"));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new DOMException("Aborted", "AbortError"));
      },
      { once: true },
    );
  });
}

/** How many files wait to be sent (ready, or failed and to be tried again). */
export function waitingFiles(items: readonly UploadItem[]): number {
  return items.filter((i) => i.status === "pending" || i.status === "error").length;
}
