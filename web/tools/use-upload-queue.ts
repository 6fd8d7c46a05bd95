/**
 * The generic upload machinery (spec sections 3-5, 8): one hook that owns the list of upload
 * items and runs their requests, and the pieces a page composes around it.
 *
 * How a tool page uses it:
 *
 *   const queue = useUploadQueue({ tool: toolsById["compress-pdf"], mode: "each", autoStart: true });
 *   <FileDropzone tool={tool} onFiles={queue.addFiles} />        // web/tools/dropzone.tsx
 *   <UploadList queue={queue} />                                // web/tools/upload-list.tsx (items,
 *                                                               // progress, remove, per-item Download)
 *
 * or, for the common case, the whole body in one: <UploadTool toolId="compress-pdf" ... />
 * (web/tools/upload-tool.tsx). Options:
 * - mode "each": one request per file (compress, rotate, protect, compress-image); "batch": every
 *   file in one request whose single output belongs to the first item (merge, jpg-to-pdf).
 * - autoStart sends files as soon as they are added (after startDelayMs: protect waits 500 ms);
 *   otherwise the page calls queue.start() from its own button.
 * - fields() adds form fields at send time (rotate's angle, protect's password).
 * - failureTitle(file) names the failure toast ('Failed to compress {name}', 'Protection failed').
 * Added files are validated (extension, size; spec messages); invalid ones are skipped with a
 * toast. Each request: uploading 10 at send, 50 on response, processing 80, a 1.5 s pause, then
 * completed 100 with resultUrl and result (a ConvertedFile for <ResultActions>), or error with
 * the spec's message (429 -> upgradeMessage). Session token: sent unless auth is false.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ToolDef } from "../../schema/tools";
import { ApiError } from "../api/client";
import { isAbort, resultFiles, uploadFailureMessage, useConversion } from "../api/convert";
import { useAllowanceGuard } from "../session/allowance";
import { toast } from "../ui/toaster";
import { messages } from "./messages";
import {
  completedPatches,
  isActive,
  newItem,
  PROCESSING_PAUSE_MS,
  PROGRESS,
  patchItems,
  pause,
  type UploadItem,
} from "./upload-items";
import { validateFile, validationToastTitle } from "./validation";

export interface UploadQueueOptions {
  tool: ToolDef;
  mode: "each" | "batch";
  autoStart?: boolean;
  startDelayMs?: number;
  /** Defaults to true: the generic calls carry the session token. */
  auth?: boolean;
  fields?: () => Record<string, string>;
  failureTitle?: (file: File) => string;
  /** Defaults to the catalogue's first endpoint. */
  endpoint?: string;
}

export interface UploadQueue {
  items: UploadItem[];
  addFiles(files: readonly File[]): void;
  remove(id: string): void;
  /** Moves an item to another's place (drag and drop) or by a step (-1 up, +1 down). */
  move(id: string, to: string | number): void;
  start(): void;
  reset(): void;
  busy: boolean;
  tool: ToolDef;
  mode: "each" | "batch";
}

export function useUploadQueue(options: UploadQueueOptions): UploadQueue {
  const [items, setItems] = useState<UploadItem[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const opts = useRef(options);
  opts.current = options;
  const controllers = useRef(new Map<string, AbortController>());
  const { mutateAsync } = useConversion();
  const guard = useAllowanceGuard();
  const guardRef = useRef(guard);
  guardRef.current = guard;

  useEffect(() => {
    const live = controllers.current;
    return () => {
      for (const c of live.values()) c.abort();
      live.clear();
    };
  }, []);

  const update = useCallback((ids: readonly string[], patch: Partial<UploadItem>) => {
    setItems((prev) => patchItems(prev, ids, patch));
  }, []);

  const send = useCallback(
    async (batch: UploadItem[]) => {
      const { tool, mode, auth = true, fields, failureTitle, endpoint } = opts.current;
      const ids = batch.map((b) => b.id);
      const controller = new AbortController();
      for (const id of ids) controllers.current.set(id, controller);
      update(ids, { status: "uploading", progress: PROGRESS.sent, error: undefined, resultUrl: undefined });
      try {
        const res = await mutateAsync({
          path: endpoint ?? tool.endpoints[0],
          files: batch.map((b) => b.file),
          fields: fields?.() ?? {},
          options: { auth, signal: controller.signal, onResponse: () => update(ids, { progress: PROGRESS.responded }) },
        });
        update(ids, { status: "processing", progress: PROGRESS.processing });
        await pause(PROCESSING_PAUSE_MS, controller.signal);
        const patches = completedPatches(ids, resultFiles(res), mode === "batch");
        setItems((prev) => prev.map((it) => (patches.has(it.id) ? { ...it, ...patches.get(it.id) } : it)));
        const failed = [...patches.values()].find((p) => p.status === "error");
        if (failed) {
          toast({
            title: failureTitle?.(batch[0].file) ?? messages.processingFailed,
            description: failed.error,
            variant: "destructive",
          });
        } else {
          toast({ title: messages.processed });
        }
        void guardRef.current.afterConversion();
      } catch (err) {
        if (isAbort(err)) return;
        const message = uploadFailureMessage(err);
        update(ids, { status: "error", progress: 0, error: message });
        const limited = err instanceof ApiError && err.status === 429;
        toast({
          title: failureTitle?.(batch[0].file) ?? messages.processingFailed,
          description: message,
          variant: "destructive",
          action: limited && message.includes("Premium") ? guardRef.current.upgradeAction() : undefined,
        });
        if (limited) void guardRef.current.afterConversion();
      } finally {
        for (const id of ids) if (controllers.current.get(id) === controller) controllers.current.delete(id);
      }
    },
    [mutateAsync, update],
  );

  const startItems = useCallback(
    (list: UploadItem[]) => {
      const { mode, tool } = opts.current;
      if (list.length === 0) return;
      // A signed-in person whose allowance is used up is stopped here, before any upload.
      if (!guardRef.current.check()) {
        update(
          list.map((i) => i.id),
          { status: "error", progress: 0, error: "Conversion limit reached" },
        );
        return;
      }
      if (mode === "each") {
        for (const item of list) void send([item]);
        return;
      }
      if (list.length < tool.minFiles) {
        update(
          list.map((i) => i.id),
          { status: "error", error: messages.merge.tooFewItem },
        );
        toast({
          title: messages.merge.tooFewTitle,
          description: messages.merge.tooFewDescription,
          variant: "destructive",
        });
        return;
      }
      void send(list);
    },
    [send, update],
  );

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const { tool, mode, autoStart, startDelayMs } = opts.current;
      const valid: File[] = [];
      for (const file of files) {
        const problem = validateFile(file, tool);
        if (problem) toast({ title: validationToastTitle(tool), description: problem, variant: "destructive" });
        else valid.push(file);
      }
      // A finished merge is a finished job: new files start a new list.
      const kept = itemsRef.current.filter((i) => !(mode === "batch" && i.status === "completed"));
      const room = tool.maxFiles === 1 ? 1 : tool.maxFiles - kept.length;
      if (valid.length > room && tool.maxFiles > 1) {
        toast({
          title: validationToastTitle(tool),
          description: `You can upload at most ${tool.maxFiles} files at once.`,
          variant: "destructive",
        });
      }
      const added = valid.slice(0, Math.max(0, room)).map((f) => newItem(f, autoStart ? "uploading" : "pending"));
      if (added.length === 0) return;
      const base = tool.maxFiles === 1 ? kept.filter(isActive) : kept;
      const next = [
        ...base.map((i) =>
          i.status === "error" && mode === "batch" ? { ...i, status: "pending" as const, error: undefined } : i,
        ),
        ...added,
      ];
      itemsRef.current = next;
      setItems(next);
      if (!autoStart) return;
      if (startDelayMs)
        setTimeout(() => startItems(added.filter((a) => itemsRef.current.some((i) => i.id === a.id))), startDelayMs);
      else startItems(added);
    },
    [startItems],
  );

  const remove = useCallback((id: string) => {
    const controller = controllers.current.get(id);
    if (controller) {
      // Removing one file of a batch in flight cancels the batch: the others wait again.
      controller.abort();
      const sharing = [...controllers.current.entries()].filter(([, c]) => c === controller).map(([k]) => k);
      for (const k of sharing) controllers.current.delete(k);
      setItems((prev) => patchItems(prev, sharing, { status: "pending", progress: 0 }));
    }
    setItems((prev) => prev.filter((i) => i.id !== id));
  }, []);

  const move = useCallback((id: string, to: string | number) => {
    setItems((prev) => {
      const from = prev.findIndex((i) => i.id === id);
      const target = typeof to === "number" ? from + to : prev.findIndex((i) => i.id === to);
      if (from < 0 || target < 0 || target >= prev.length || from === target) return prev;
      const next = [...prev];
      const [it] = next.splice(from, 1);
      next.splice(target, 0, it);
      return next;
    });
  }, []);

  const start = useCallback(() => {
    startItems(itemsRef.current.filter((i) => i.status === "pending" || i.status === "error"));
  }, [startItems]);

  const reset = useCallback(() => {
    for (const c of controllers.current.values()) c.abort();
    controllers.current.clear();
    itemsRef.current = [];
    setItems([]);
  }, []);

  return {
    items,
    addFiles,
    remove,
    move,
    start,
    reset,
    busy: items.some(isActive),
    tool: options.tool,
    mode: options.mode,
  };
}
