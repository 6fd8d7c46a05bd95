/**
 * The side of the upload queue that does things: validates added files, looks inside them,
 * sends requests (one per file, or one for the batch), waits the spec's pause, shows toasts and
 * offers, and cancels requests. What each step does to the list is the reducer's
 * (upload-queue-reducer.ts); this keeps the list and hands every new one to the page
 * (useUploadQueue, use-upload-queue.ts). Plain TypeScript, no React.
 */
import type { ConversionResponse } from "../../schema/api";
import type { ToolDef } from "../../schema/tools";
import { ApiError } from "../api/client";
import { type ConversionVars, isAbort, resultFiles, uploadFailureMessage } from "../api/convert";
import { revokeDeviceResults } from "../device/answer";
import { deviceOffer, offersForServerError, offersForSize } from "../device/offer";
import type { useAllowanceGuard } from "../session/allowance";
import { toast } from "../ui/toaster";
import { culpritOf, isFileProblem } from "./batch-failure";
import { needsPassword, passwordFields, passwordOpens } from "./locked-pdf";
import { messages, shellText } from "./messages";
import { remediesFor } from "./refusal";
import { newItem, PROCESSING_PAUSE_MS, pause, type UploadItem } from "./upload-items";
import { admit, type QueueAction, queueReducer } from "./upload-queue-reducer";
import { contentCheck, fileProblem, validationToastTitle } from "./validation";

export type Convert = (vars: ConversionVars) => Promise<ConversionResponse>;
export type AllowanceGuard = ReturnType<typeof useAllowanceGuard>;

/** What a page asks of its queue (useUploadQueue, use-upload-queue.ts, describes each). */
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

type Verdict = "open" | "locked" | "refused";

export class QueueRunner {
  private list: UploadItem[] = [];
  /** Requests in flight, by item (a batch's items share one). */
  private readonly controllers = new Map<string, AbortController>();
  /** Files being looked at for a password, by item: start waits for them. */
  private readonly checks = new Map<string, Promise<void>>();

  /** options, convert and guard are the page's latest (the hook sets them at every render). */
  constructor(
    private readonly onChange: (items: UploadItem[]) => void,
    public options: UploadQueueOptions,
    public convert: Convert,
    public guard: AllowanceGuard,
  ) {}

  private dispatch(action: QueueAction) {
    this.list = queueReducer(this.list, action);
    this.onChange(this.list);
  }

  private has(id: string): boolean {
    return this.list.some((i) => i.id === id);
  }

  // The page's actions are bound: pages pass them on as callbacks (onFiles={queue.addFiles}).

  readonly addFiles = (files: readonly File[]) => {
    const { tool, mode, autoStart, startDelayMs } = this.options;
    const incoming = files.map((file) => this.incoming(file, tool, autoStart));
    const limits = { maxFiles: tool.maxFiles, batch: mode === "batch" };
    const { items, added, overflow } = admit(this.list, incoming, limits);
    if (overflow) {
      toast({
        title: validationToastTitle(tool),
        description: shellText("limit.tooMany", { max: tool.maxFiles }),
        variant: "destructive",
      });
    }
    if (items === this.list) return;
    this.dispatch({ type: "added", incoming, limits });
    if (added.length === 0) return;
    const checked = this.inspect(added);
    if (!autoStart) return;
    const stillThere = (list: UploadItem[]) => list.filter((a) => this.has(a.id));
    void checked.then((open) => {
      if (startDelayMs) setTimeout(() => this.startItems(stillThere(open)), startDelayMs);
      else this.startItems(stillThere(open));
    });
  };

  readonly remove = (id: string) => {
    const controller = this.controllers.get(id);
    let cancelled: string[] = [];
    if (controller) {
      // Removing one file of a batch in flight cancels the batch: the others wait again.
      controller.abort();
      cancelled = [...this.controllers.entries()].filter(([, c]) => c === controller).map(([k]) => k);
      for (const k of cancelled) this.controllers.delete(k);
    }
    this.dispatch({ type: "removed", id, cancelled });
  };

  readonly move = (id: string, to: string | number) => this.dispatch({ type: "moved", id, to });

  readonly start = () => {
    const run = () => {
      const waiting = this.list.filter((i) => i.status === "pending" || i.status === "error");
      const locked = this.list.filter((i) => i.status === "locked");
      if (this.options.mode === "batch" && locked.length > 0) {
        // A batch is one document: it waits for every file's password.
        toast({
          title: messages.locked.title,
          description: messages.locked.description(locked[0].file.name),
          variant: "destructive",
        });
        return;
      }
      this.startItems(waiting);
    };
    if (this.checks.size === 0) run();
    else void Promise.all(this.checks.values()).then(run);
  };

  readonly unlock = async (id: string, password: string): Promise<boolean> => {
    const item = this.list.find((i) => i.id === id);
    if (!item || !(await passwordOpens(item.file, password))) return false;
    const autoStart = this.options.autoStart;
    this.dispatch({ type: "unlocked", id, password, autoStart: Boolean(autoStart) });
    if (autoStart) {
      const ready = this.list.find((i) => i.id === id);
      if (ready) this.startItems([ready]);
    }
    return true;
  };

  readonly reset = () => {
    revokeDeviceResults();
    this.abortAll();
    this.dispatch({ type: "reset" });
  };

  /** Cancels every request in flight (the page closes, or starts over). */
  abortAll() {
    for (const c of this.controllers.values()) c.abort();
    this.controllers.clear();
  }

  /** A new item for an added file: waiting (or uploading), or refused with its reason and a toast. */
  private incoming(file: File, tool: ToolDef, autoStart?: boolean): UploadItem {
    const problem = fileProblem(file, tool);
    if (!problem) return newItem(file, autoStart ? "uploading" : "pending");
    toast({
      title: validationToastTitle(tool),
      description: problem.message,
      variant: "destructive",
      ...(offersForSize(problem.message) ? { action: deviceOffer(() => this.addFiles([file])) } : {}),
    });
    return newItem(file, "refused", { error: problem.message, remedies: remediesFor(problem, file, tool) });
  }

  /**
   * Looks at each added file: its content by its first bytes (a file that is not what its name
   * says is refused at once, only that file), then whether it needs a password (held as locked).
   * Resolves with the files that can go.
   */
  private async inspect(added: UploadItem[]): Promise<UploadItem[]> {
    const { tool, askPasswords } = this.options;
    const verdicts = added.map((a) => {
      const verdict = this.verdict(a, tool, askPasswords);
      this.checks.set(
        a.id,
        verdict.then(() => {
          this.checks.delete(a.id);
        }),
      );
      return verdict;
    });
    const found = await Promise.all(verdicts);
    return added.filter((_, i) => found[i] === "open");
  }

  private async verdict(item: UploadItem, tool: ToolDef, askPasswords?: boolean): Promise<Verdict> {
    const problem = await contentCheck(item.file, tool).catch(() => null);
    if (problem) {
      this.dispatch({ type: "refused", id: item.id, error: problem.message });
      toast({ title: validationToastTitle(tool), description: problem.message, variant: "destructive" });
      return "refused";
    }
    if (askPasswords === false) return "open";
    const locked = await needsPassword(item.file).catch(() => false);
    if (locked) this.dispatch({ type: "locked", id: item.id });
    return locked ? "locked" : "open";
  }

  private startItems(list: UploadItem[]) {
    const { mode, tool } = this.options;
    if (list.length === 0) return;
    const ids = list.map((i) => i.id);
    if (mode === "batch" && list.length < tool.minFiles) {
      this.dispatch({ type: "tooFew", ids, error: messages.merge.tooFewItem });
      toast({
        title: messages.merge.tooFewTitle,
        description: messages.merge.tooFewDescription,
        variant: "destructive",
      });
      return;
    }
    // The whole batch against what is left today, before any upload (schema/allowance.ts):
    // a batch that would cross the limit is refused whole, never half sent.
    void this.guard.checkFirst(tool, list.length).then((allowed) => {
      if (!allowed) {
        // The toast says why; the files are not failed, and wait for what to do.
        this.dispatch({ type: "overLimit", ids });
        return;
      }
      // A file removed while the allowance was read is not sent.
      const still = list.filter((i) => this.has(i.id));
      if (still.length === 0) return;
      if (mode === "each") for (const item of still) void this.send([item]);
      else void this.send(still);
    });
  }

  /** One request: uploading 10 at send, 50 on response, processing 80, the spec's pause, then the answer. */
  private async send(batch: UploadItem[]) {
    const { tool, mode, auth = true, fields, attachments, failureTitle, endpoint } = this.options;
    const ids = batch.map((b) => b.id);
    const titleOnFailure = () => failureTitle?.(batch[0].file) ?? messages.processingFailed;
    const controller = new AbortController();
    for (const id of ids) this.controllers.set(id, controller);
    this.dispatch({ type: "sent", ids });
    try {
      const res = await this.convert({
        path: endpoint ?? tool.endpoints[0],
        files: batch.map((b) => b.file),
        fields: { ...fields?.(batch.map((b) => b.file)), ...passwordFields(batch.map((b) => b.filePassword)) },
        options: {
          auth,
          signal: controller.signal,
          onResponse: () => this.dispatch({ type: "responded", ids }),
          attachments: attachments?.(batch.map((b) => b.file)),
        },
      });
      this.dispatch({ type: "processing", ids });
      await pause(PROCESSING_PAUSE_MS, controller.signal);
      this.dispatch({ type: "finished", ids, outputs: resultFiles(res), batch: mode === "batch" });
      const failed = ids.map((id) => this.list.find((i) => i.id === id)).find((i) => i?.status === "error");
      if (failed) toast({ title: titleOnFailure(), description: failed.error, variant: "destructive" });
      else toast({ title: messages.processed });
      void this.guard.afterConversion();
    } catch (err) {
      if (isAbort(err)) return;
      this.fail(batch, err, titleOnFailure);
    } finally {
      for (const id of ids) if (this.controllers.get(id) === controller) this.controllers.delete(id);
    }
  }

  /** A request that failed: the items say why, and a toast offers what can be done. */
  private fail(batch: UploadItem[], err: unknown, title: () => string) {
    const ids = batch.map((b) => b.id);
    const message = uploadFailureMessage(err);
    const code = err instanceof ApiError ? err.code : undefined;
    const asksPassword = code === "password_required" || code === "password_incorrect";
    const culprit = isFileProblem(err) ? culpritOf(err, batch, message) : undefined;
    this.dispatch({ type: "failed", ids, error: message, culprit: culprit?.id, asksPassword });
    const limited = err instanceof ApiError && err.status === 429;
    const again = () => this.startItems(this.list.filter((i) => ids.includes(i.id)));
    toast({
      title: title(),
      description: message,
      variant: "destructive",
      action: offersForServerError(err)
        ? deviceOffer(again)
        : limited && message.includes("Premium")
          ? this.guard.upgradeAction()
          : undefined,
    });
    if (limited) void this.guard.afterConversion();
  }
}
