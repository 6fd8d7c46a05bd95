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
 * - fields(files) adds form fields at send time (rotate's angle, protect's password).
 * - failureTitle(file) names the failure toast ('Failed to compress {name}', 'Protection failed').
 * - askPasswords (default true): an encrypted PDF that needs a password is held as `locked` until
 *   unlock(id, password) finds one that opens it; it is then sent with it (the `passwords` field).
 * Added files are validated (extension, size; spec messages); invalid ones are skipped with a
 * toast. Each request: uploading 10 at send, 50 on response, processing 80, a 1.5 s pause, then
 * completed 100 with resultUrl and result (a ConvertedFile for <ResultActions>), or error with
 * the spec's message (429 -> upgradeMessage). Session token: sent unless auth is false.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ToolDef } from "../../schema/tools";
import { ApiError } from "../api/client";
import { isAbort, resultFiles, uploadFailureMessage, useConversion } from "../api/convert";
import { revokeDeviceResults } from "../device/answer";
import { deviceOffer, offersForServerError, offersForSize } from "../device/offer";
import { useAllowanceGuard } from "../session/allowance";
import { toast } from "../ui/toaster";
import { culpritOf, isFileProblem } from "./batch-failure";
import { takeHandOff } from "./handoff";
import { needsPassword, passwordFields, passwordOpens } from "./locked-pdf";
import { messages, shellText } from "./messages";
import { remediesFor } from "./refusal";
import {
  completedPatches,
  isActive,
  newItem,
  PROCESSING_PAUSE_MS,
  PROGRESS,
  patchItems,
  pause,
  type UploadItem,
  usable,
} from "./upload-items";
import { contentCheck, fileProblem, validationToastTitle } from "./validation";

export interface UploadQueueOptions {
  tool: ToolDef;
  mode: "each" | "batch";
  autoStart?: boolean;
  startDelayMs?: number;
  /** Defaults to true: the generic calls carry the session token. */
  auth?: boolean;
  fields?: (files: File[]) => Record<string, string>;
  /** Other files sent with each request, each in its own field (sign's signature image). */
  attachments?: (files: File[]) => Record<string, File>;
  /** Defaults to true: encrypted PDFs wait for their password (protect turns it off). */
  askPasswords?: boolean;
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
  /** Tries a locked file's password; true when it opens the file (the file then waits, or starts). */
  unlock(id: string, password: string): Promise<boolean>;
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
  /** Files being looked at for a password, by item: start waits for them. */
  const checks = useRef(new Map<string, Promise<void>>());
  const { mutateAsync } = useConversion();
  const guard = useAllowanceGuard();
  const guardRef = useRef(guard);
  guardRef.current = guard;
  /** For the "Process it on this device instead" offers, which retry from a toast. */
  const retryRef = useRef({ add: (_: readonly File[]) => {}, start: (_: UploadItem[]) => {} });

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
      const { tool, mode, auth = true, fields, attachments, failureTitle, endpoint } = opts.current;
      const ids = batch.map((b) => b.id);
      const controller = new AbortController();
      for (const id of ids) controllers.current.set(id, controller);
      update(ids, { status: "uploading", progress: PROGRESS.sent, error: undefined, resultUrl: undefined });
      try {
        const res = await mutateAsync({
          path: endpoint ?? tool.endpoints[0],
          files: batch.map((b) => b.file),
          fields: { ...fields?.(batch.map((b) => b.file)), ...passwordFields(batch.map((b) => b.filePassword)) },
          options: {
            auth,
            signal: controller.signal,
            onResponse: () => update(ids, { progress: PROGRESS.responded }),
            attachments: attachments?.(batch.map((b) => b.file)),
          },
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
        const code = err instanceof ApiError ? err.code : undefined;
        const asksPassword = code === "password_required" || code === "password_incorrect";
        // One file's own problem in a batch: only that file is marked, with its own words; the
        // others wait again (not "Failed") and go on once it is removed or fixed.
        const culprit = isFileProblem(err) ? culpritOf(err, batch, message) : undefined;
        if (culprit) {
          update(
            ids.filter((id) => id !== culprit.id),
            { status: "pending", progress: 0, error: undefined },
          );
          update([culprit.id], { status: asksPassword ? "locked" : "refused", progress: 0, error: message });
        } else {
          // A password pdf.js accepted but the server did not: the file asks for it again.
          const asks = batch.length === 1 && asksPassword;
          update(ids, { status: asks ? "locked" : "error", progress: 0, error: message });
        }
        const limited = err instanceof ApiError && err.status === 429;
        const again = () => retryRef.current.start(itemsRef.current.filter((i) => ids.includes(i.id)));
        toast({
          title: failureTitle?.(batch[0].file) ?? messages.processingFailed,
          description: message,
          variant: "destructive",
          action: offersForServerError(err)
            ? deviceOffer(again)
            : limited && message.includes("Premium")
              ? guardRef.current.upgradeAction()
              : undefined,
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
      const ids = list.map((i) => i.id);
      if (mode === "batch" && list.length < tool.minFiles) {
        update(ids, { status: "error", error: messages.merge.tooFewItem });
        toast({
          title: messages.merge.tooFewTitle,
          description: messages.merge.tooFewDescription,
          variant: "destructive",
        });
        return;
      }
      // The whole batch against what is left today, before any upload (schema/allowance.ts):
      // a batch that would cross the limit is refused whole, never half sent.
      void guardRef.current.checkFirst(tool, list.length).then((allowed) => {
        if (!allowed) {
          update(ids, { status: "error", progress: 0, error: shellText("limit.title") });
          return;
        }
        // A file removed while the allowance was read is not sent.
        const still = list.filter((i) => itemsRef.current.some((x) => x.id === i.id));
        if (still.length === 0) return;
        if (mode === "each") for (const item of still) void send([item]);
        else void send(still);
      });
    },
    [send, update],
  );

  /**
   * Looks at each added file: its content by its first bytes (a file that is not what its name
   * says is refused at once, only that file), then whether it needs a password (held as locked).
   * Resolves with the files that can go.
   */
  const inspect = useCallback(
    async (added: UploadItem[]): Promise<UploadItem[]> => {
      const { tool, askPasswords } = opts.current;
      const verdicts = added.map((a) => {
        const verdict = (async (): Promise<"open" | "locked" | "refused"> => {
          const problem = await contentCheck(a.file, tool).catch(() => null);
          if (problem) {
            update([a.id], { status: "refused", progress: 0, error: problem.message, remedies: [] });
            toast({ title: validationToastTitle(tool), description: problem.message, variant: "destructive" });
            return "refused";
          }
          if (askPasswords === false) return "open";
          const locked = await needsPassword(a.file).catch(() => false);
          if (locked) update([a.id], { status: "locked", progress: 0 });
          return locked ? "locked" : "open";
        })();
        checks.current.set(
          a.id,
          verdict.then(() => {
            checks.current.delete(a.id);
          }),
        );
        return verdict;
      });
      const found = await Promise.all(verdicts);
      return added.filter((_, i) => found[i] === "open");
    },
    [update],
  );

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const { tool, mode, autoStart, startDelayMs } = opts.current;
      // Every file keeps its place on the list: a refused one stays, with its reason and what to do.
      const incoming: { file: File; refused?: UploadItem }[] = files.map((file) => {
        const problem = fileProblem(file, tool);
        if (!problem) return { file };
        toast({
          title: validationToastTitle(tool),
          description: problem.message,
          variant: "destructive",
          ...(offersForSize(problem.message) ? { action: deviceOffer(() => retryRef.current.add([file])) } : {}),
        });
        return {
          file,
          refused: newItem(file, "refused", { error: problem.message, remedies: remediesFor(problem, file, tool) }),
        };
      });
      const again = new Set(files);
      // A finished merge is a finished job: new files start a new list. A refused file added again
      // (after switching to this device) replaces its old row.
      const kept = itemsRef.current.filter(
        (i) => !(mode === "batch" && i.status === "completed") && !(i.status === "refused" && again.has(i.file)),
      );
      const valid = incoming.filter((x) => !x.refused).length;
      const room = tool.maxFiles === 1 ? 1 : tool.maxFiles - usable(kept).length;
      if (valid > room && tool.maxFiles > 1) {
        toast({
          title: validationToastTitle(tool),
          description: shellText("limit.tooMany", { max: tool.maxFiles }),
          variant: "destructive",
        });
      }
      let taken = 0;
      const fresh: UploadItem[] = [];
      const added: UploadItem[] = [];
      for (const x of incoming) {
        if (x.refused) {
          fresh.push(x.refused);
          continue;
        }
        if (taken >= Math.max(0, room)) continue;
        taken += 1;
        const item = newItem(x.file, autoStart ? "uploading" : "pending");
        fresh.push(item);
        added.push(item);
      }
      if (fresh.length === 0) return;
      const base = tool.maxFiles === 1 ? kept.filter(isActive) : kept;
      const next = [
        ...base.map((i) =>
          i.status === "error" && mode === "batch" ? { ...i, status: "pending" as const, error: undefined } : i,
        ),
        // A single-file tool shows the one file it works on (or the one it refused).
        ...(tool.maxFiles === 1 && added.length > 0 ? added : fresh),
      ];
      itemsRef.current = next;
      setItems(next);
      if (added.length === 0) return;
      const checked = inspect(added);
      if (!autoStart) return;
      const stillThere = (list: UploadItem[]) => list.filter((a) => itemsRef.current.some((i) => i.id === a.id));
      void checked.then((open) => {
        if (startDelayMs) setTimeout(() => startItems(stillThere(open)), startDelayMs);
        else startItems(stillThere(open));
      });
    },
    [startItems, inspect],
  );

  // Files another page handed over ("compress it first"), once, as this page opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount.
  useEffect(() => {
    const handed = takeHandOff(opts.current.tool.id);
    if (handed.length > 0) addFiles(handed);
  }, []);

  retryRef.current = { add: addFiles, start: startItems };

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
      let target = typeof to === "number" ? from + to : prev.findIndex((i) => i.id === to);
      // A refused file is no part of the order: a step goes past it to the next file that is.
      if (typeof to === "number") while (prev[target]?.status === "refused") target += to;
      if (from < 0 || target < 0 || target >= prev.length || from === target) return prev;
      const next = [...prev];
      const [it] = next.splice(from, 1);
      next.splice(target, 0, it);
      return next;
    });
  }, []);

  const start = useCallback(() => {
    const run = () => {
      const waiting = itemsRef.current.filter((i) => i.status === "pending" || i.status === "error");
      const locked = itemsRef.current.filter((i) => i.status === "locked");
      if (opts.current.mode === "batch" && locked.length > 0) {
        // A batch is one document: it waits for every file's password.
        toast({
          title: messages.locked.title,
          description: messages.locked.description(locked[0].file.name),
          variant: "destructive",
        });
        return;
      }
      startItems(waiting);
    };
    if (checks.current.size === 0) run();
    else void Promise.all(checks.current.values()).then(run);
  }, [startItems]);

  const unlock = useCallback(
    async (id: string, password: string) => {
      const item = itemsRef.current.find((i) => i.id === id);
      if (!item || !(await passwordOpens(item.file, password))) return false;
      const autoStart = opts.current.autoStart;
      setItems((prev) => {
        const next = patchItems(prev, [id], {
          status: autoStart ? "uploading" : "pending",
          filePassword: password,
          error: undefined,
        });
        itemsRef.current = next;
        return next;
      });
      if (autoStart) {
        const ready = itemsRef.current.find((i) => i.id === id);
        if (ready) startItems([ready]);
      }
      return true;
    },
    [startItems],
  );

  const reset = useCallback(() => {
    revokeDeviceResults();
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
    unlock,
    busy: items.some(isActive),
    tool: options.tool,
    mode: options.mode,
  };
}
