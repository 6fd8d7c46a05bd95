import type { ConvertedFile } from "../../schema/api";

/**
 * The spec's upload item (section 3), plus `pending` for files waiting for the person to press
 * start and `locked` for an encrypted PDF waiting for its password.
 */
export type UploadStatus = "pending" | "locked" | "uploading" | "processing" | "completed" | "error";

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
}

export const PROGRESS = { sent: 10, responded: 50, processing: 80, done: 100 } as const;
/** Spec section 9: the simulated processing pause. */
export const PROCESSING_PAUSE_MS = 1500;

let counter = 0;
export function newItem(file: File, status: UploadStatus): UploadItem {
  counter += 1;
  return { id: `upload-${Date.now().toString(36)}-${counter}`, file, progress: 0, status, originalSize: file.size };
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
