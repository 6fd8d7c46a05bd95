/**
 * The upload list's states (spec section 4, "Generic upload item"), as a pure reducer: no React,
 * no requests, no toasts, no timers. The runner (upload-queue-runner.ts) does those and tells the
 * list what happened with one of these actions; every status an item goes through is set here.
 */
import type { ConvertedFile } from "../../schema/api";
import { completedPatches, isActive, PROGRESS, patchItems, type UploadItem, usable } from "./upload-items";

export type QueueAction =
  /** Files picked or dropped, as new items: refused ones with their reason, the others waiting (or uploading). */
  | { type: "added"; incoming: readonly UploadItem[]; limits: AddLimits }
  /** A file whose content is not what its name says: refused, with nothing to offer. */
  | { type: "refused"; id: string; error: string }
  /** An encrypted PDF: it waits for its password. */
  | { type: "locked"; id: string }
  /** Its password opened it: it waits for start, or goes at once when the tool starts on its own. */
  | { type: "unlocked"; id: string; password: string; autoStart: boolean }
  /** A batch with fewer files than the tool needs (merge): not sent. */
  | { type: "tooFew"; ids: readonly string[]; error: string }
  /** A batch beyond what is left of today's allowance: not sent, its files wait (nothing is wrong with them). */
  | { type: "overLimit"; ids: readonly string[] }
  /** The request left (10). */
  | { type: "sent"; ids: readonly string[] }
  /** The response's headers arrived (50). */
  | { type: "responded"; ids: readonly string[] }
  /** The body was read: processing (80) during the spec's pause. */
  | { type: "processing"; ids: readonly string[] }
  /** The answer's files: completed (100) with their results, or an error for a file the server failed. */
  | { type: "finished"; ids: readonly string[]; outputs: readonly ConvertedFile[]; batch: boolean }
  /**
   * The request failed. `culprit` is the one file of a batch the server blamed; `asksPassword`
   * when the server wants a (right) password.
   */
  | { type: "failed"; ids: readonly string[]; error: string; culprit?: string; asksPassword: boolean }
  /** An item taken off the list; `cancelled` are the items of the request it was in, which wait again. */
  | { type: "removed"; id: string; cancelled: readonly string[] }
  /** An item moved to another's place (drag and drop) or by a step (-1 up, +1 down). */
  | { type: "moved"; id: string; to: string | number }
  | { type: "reset" };

export interface AddLimits {
  maxFiles: number;
  /** One request for every file (merge, jpg-to-pdf): a finished batch is a finished job. */
  batch: boolean;
}

export interface Admission {
  /** The list with the new files on it (the same list when none was taken). */
  items: UploadItem[];
  /** The new items that will be worked on (not the refused ones). */
  added: UploadItem[];
  /** More files than the tool takes at once: some were left out. */
  overflow: boolean;
}

/**
 * What adding files does to the list. Every file keeps its place: a refused one stays, with its
 * reason and what to do. Files beyond the tool's maximum are left out. A finished batch is a
 * finished job, so new files start a new list, and a refused file added again (after switching
 * to this device) replaces its old row. A single-file tool shows only the one file it works on
 * (or the one it refused).
 */
export function admit(items: UploadItem[], incoming: readonly UploadItem[], { maxFiles, batch }: AddLimits): Admission {
  const again = new Set(incoming.map((i) => i.file));
  const kept = items.filter(
    (i) => !(batch && i.status === "completed") && !(i.status === "refused" && again.has(i.file)),
  );
  const valid = incoming.filter((i) => i.status !== "refused").length;
  const room = maxFiles === 1 ? 1 : maxFiles - usable(kept).length;
  const overflow = valid > room && maxFiles > 1;
  const fresh: UploadItem[] = [];
  const added: UploadItem[] = [];
  for (const item of incoming) {
    if (item.status === "refused") {
      fresh.push(item);
      continue;
    }
    if (added.length >= Math.max(0, room)) continue;
    fresh.push(item);
    added.push(item);
  }
  if (fresh.length === 0) return { items, added, overflow };
  const base = maxFiles === 1 ? kept.filter(isActive) : kept;
  const next = [
    // A batch that failed is tried again whole, with the new files.
    ...base.map((i) => (i.status === "error" && batch ? { ...i, status: "pending" as const, error: undefined } : i)),
    ...(maxFiles === 1 && added.length > 0 ? added : fresh),
  ];
  return { items: next, added, overflow };
}

/** One step of a request that failed: which items wait again and which carry the error. */
function failed(items: UploadItem[], action: Extract<QueueAction, { type: "failed" }>): UploadItem[] {
  const { ids, error, culprit, asksPassword } = action;
  if (culprit) {
    // One file's own problem in a batch: only that file is marked, with its own words; the
    // others wait again (not "Failed") and go on once it is removed or fixed.
    const others = ids.filter((id) => id !== culprit);
    const waiting = patchItems(items, others, { status: "pending", progress: 0, error: undefined });
    return patchItems(waiting, [culprit], { status: asksPassword ? "locked" : "refused", progress: 0, error });
  }
  // A password pdf.js accepted but the server did not: the file asks for it again.
  const asks = ids.length === 1 && asksPassword;
  return patchItems(items, ids, { status: asks ? "locked" : "error", progress: 0, error });
}

function moved(items: UploadItem[], id: string, to: string | number): UploadItem[] {
  const from = items.findIndex((i) => i.id === id);
  let target = typeof to === "number" ? from + to : items.findIndex((i) => i.id === to);
  // A refused file is no part of the order: a step goes past it to the next file that is.
  if (typeof to === "number") while (items[target]?.status === "refused") target += to;
  if (from < 0 || target < 0 || target >= items.length || from === target) return items;
  const next = [...items];
  const [it] = next.splice(from, 1);
  next.splice(target, 0, it);
  return next;
}

export function queueReducer(items: UploadItem[], action: QueueAction): UploadItem[] {
  switch (action.type) {
    case "added":
      return admit(items, action.incoming, action.limits).items;
    case "refused":
      return patchItems(items, [action.id], { status: "refused", progress: 0, error: action.error, remedies: [] });
    case "locked":
      return patchItems(items, [action.id], { status: "locked", progress: 0 });
    case "unlocked":
      return patchItems(items, [action.id], {
        status: action.autoStart ? "uploading" : "pending",
        filePassword: action.password,
        error: undefined,
      });
    case "tooFew":
      return patchItems(items, action.ids, { status: "error", error: action.error });
    case "overLimit":
      return patchItems(items, action.ids, { status: "pending", progress: 0, error: undefined });
    case "sent":
      return patchItems(items, action.ids, {
        status: "uploading",
        progress: PROGRESS.sent,
        error: undefined,
        resultUrl: undefined,
      });
    case "responded":
      return patchItems(items, action.ids, { progress: PROGRESS.responded });
    case "processing":
      return patchItems(items, action.ids, { status: "processing", progress: PROGRESS.processing });
    case "finished": {
      const patches = completedPatches(action.ids, action.outputs, action.batch);
      return items.map((it) => (patches.has(it.id) ? { ...it, ...patches.get(it.id) } : it));
    }
    case "failed":
      return failed(items, action);
    case "removed":
      return patchItems(items, action.cancelled, { status: "pending", progress: 0 }).filter((i) => i.id !== action.id);
    case "moved":
      return moved(items, action.id, action.to);
    case "reset":
      return [];
  }
}
