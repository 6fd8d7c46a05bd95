import { Button, Card, HStack, Stack } from "@chakra-ui/react";
import { type ReactNode, useEffect } from "react";
import { LuRotateCcw } from "react-icons/lu";
import { type ToolId, toolsById } from "../../schema/tools";
import { useT } from "../i18n/provider";
import { FileDropzone } from "./dropzone";
import { QueueActions } from "./queue-actions";
import { ResultCard } from "./result-card";
import { type UploadItem, usable } from "./upload-items";
import { UploadList } from "./upload-list";
import type { UploadQueueOptions } from "./upload-queue-runner";
import { useUploadQueue } from "./use-upload-queue";

export interface UploadToolProps extends Omit<UploadQueueOptions, "tool"> {
  toolId: ToolId;
  /** The start button's words ("Merge PDF"); without one the tool starts on its own (autoStart). */
  startLabel?: string;
  /** Checked when start is pressed; return false to keep the files waiting (e.g. an invalid option). */
  canStart?: () => boolean;
  /** Options shown between the files and the start button. */
  options?: ReactNode;
  sortable?: boolean;
  previews?: boolean;
  /** Each PDF's first page and page count on its row (merge). */
  thumbnails?: boolean;
  /** Batch tools: the words on the one result's download button. */
  resultLabel?: string;
  /** A line under the list while files wait: how the order is used, for instance. */
  hint?: string;
  /** Told the files on the list whenever it changes (a page's preview shows the first); items carry their passwords. */
  onFilesChange?: (files: File[], items: UploadItem[]) => void;
}

/** The body of a generic upload tool page: drop zone, file list, options, start, and the result. */
export function UploadTool({
  toolId,
  startLabel,
  canStart,
  options,
  sortable,
  previews,
  thumbnails,
  resultLabel,
  hint,
  onFilesChange,
  ...queueOptions
}: UploadToolProps) {
  const t = useT("tool-shell");
  const tool = toolsById[toolId];
  const queue = useUploadQueue({ tool, ...queueOptions });
  const { items, busy } = queue;
  const files = items.map((i) => i.file);
  const filesKey = items
    .map(
      (i) =>
        `${i.file.name}:${i.file.size}:${i.file.lastModified}:${i.status === "locked"}:${i.status === "refused"}:${i.filePassword ?? ""}`,
    )
    .join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's identity changes every render; its files do not.
  useEffect(() => onFilesChange?.(files, items), [filesKey]);
  const waiting = items.filter((i) => i.status === "pending" || i.status === "error").length;
  // Refused files stay on the list (with their reason) but are no part of the job.
  const working = usable(items);
  const done = working.length > 0 && working.every((i) => i.status === "completed");
  const batchResult = queue.mode === "batch" ? working.find((i) => i.result)?.result : undefined;

  return (
    <Stack gap="5">
      {!(done && queue.mode === "batch") && (
        <FileDropzone
          tool={tool}
          onFiles={queue.addFiles}
          compact={items.length > 0}
          label={items.length > 0 ? t("dropzone.addMore") : undefined}
          disabled={busy && queue.mode === "batch"}
        />
      )}
      {done && batchResult && <ResultCard result={batchResult} label={resultLabel} sources={working.length} />}
      <UploadList queue={queue} sortable={sortable && !done} previews={previews} thumbnails={thumbnails} />
      {items.length > 0 && !(done && queue.mode === "batch") && options && (
        <Card.Root variant="outline" bg="surface" borderRadius="xl">
          <Card.Body gap="4">{options}</Card.Body>
        </Card.Root>
      )}
      {items.length > 0 && !(done && queue.mode === "batch") && (
        <QueueActions
          hint={done ? undefined : hint}
          counting={done ? undefined : { tool, files: working.filter((i) => i.status !== "completed").length }}
          onReset={queue.reset}
          onCancel={queue.reset}
          running={busy}
          resetDisabled={busy && queue.mode === "batch"}
          start={
            startLabel && !done
              ? {
                  label: startLabel,
                  loading: busy,
                  loadingText: t("queue.working"),
                  disabled: waiting === 0,
                  onClick: () => {
                    if (!canStart || canStart()) queue.start();
                  },
                }
              : undefined
          }
        />
      )}
      {done && queue.mode === "batch" && (
        <HStack justify="end">
          <Button variant="outline" onClick={queue.reset}>
            <LuRotateCcw aria-hidden /> {t("queue.startOver")}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
