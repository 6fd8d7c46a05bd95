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
 *
 * Inside: the list's states are a pure reducer (upload-queue-reducer.ts); the requests, checks,
 * toasts and timers are the runner's (upload-queue-runner.ts); this hook keeps the runner for the
 * page's life and renders its list.
 */
import { useEffect, useState } from "react";
import type { ToolDef } from "../../schema/tools";
import { useConversion } from "../api/convert";
import { useAllowanceGuard } from "../session/allowance";
import { takeHandOff } from "./handoff";
import { isActive, type UploadItem } from "./upload-items";
import { QueueRunner, type UploadQueueOptions } from "./upload-queue-runner";

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
  const { mutateAsync } = useConversion();
  const guard = useAllowanceGuard();
  const [runner] = useState(() => new QueueRunner(setItems, options, mutateAsync, guard));
  runner.options = options;
  runner.convert = mutateAsync;
  runner.guard = guard;

  useEffect(() => () => runner.abortAll(), [runner]);

  // Files another page handed over ("compress it first"), once, as this page opens.
  useEffect(() => {
    const handed = takeHandOff(runner.options.tool.id);
    if (handed.length > 0) runner.addFiles(handed);
  }, [runner]);

  return {
    items,
    addFiles: runner.addFiles,
    remove: runner.remove,
    move: runner.move,
    start: runner.start,
    reset: runner.reset,
    unlock: runner.unlock,
    busy: items.some(isActive),
    tool: options.tool,
    mode: options.mode,
  };
}
