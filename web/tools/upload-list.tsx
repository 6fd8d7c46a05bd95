import { Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { SortableList } from "./sortable-list";
import type { UploadItem } from "./upload-items";
import { UploadRow } from "./upload-row";
import type { UploadQueue } from "./use-upload-queue";

export interface UploadListProps {
  queue: UploadQueue;
  /** Let people arrange the files (merge, jpg-to-pdf): drag and drop plus move up/down buttons. */
  sortable?: boolean;
  /** Small image previews (jpg-to-pdf). */
  previews?: boolean;
  /** Each PDF's first page and page count (merge). */
  thumbnails?: boolean;
  /** Off where the page states each saving elsewhere (see UploadRow). */
  showSaving?: boolean;
  /** Shown under an item's row (compress image's comparison). */
  rowExtra?: (item: UploadItem) => ReactNode;
}

/** The items of an upload queue: name, size, status, progress, error, remove, and per-file results. */
export function UploadList({ queue, sortable, previews, thumbnails, showSaving, rowExtra }: UploadListProps) {
  const { items } = queue;
  if (items.length === 0) return null;
  const showResult = queue.mode === "each";
  const label = `${items.length} ${items.length === 1 ? "file" : "files"}`;
  const rowProps = (item: UploadItem) => ({
    item,
    count: items.length,
    showResult,
    preview: previews,
    thumbnail: thumbnails,
    showSaving,
    sizeLimitMB: queue.tool.maxSizeMB,
    onUnlock: (password: string) => queue.unlock(item.id, password),
    // Switched to this device by the row's button: the same file again, where the edge's limit does not apply.
    onRetryOnDevice: () => queue.addFiles([item.file]),
  });
  if (!sortable) {
    return (
      <Stack as="ul" gap="2" aria-label={label} p="0" m="0">
        {items.map((item, i) => (
          <UploadRow key={item.id} {...rowProps(item)} index={i} onRemove={() => queue.remove(item.id)}>
            {rowExtra?.(item)}
          </UploadRow>
        ))}
      </Stack>
    );
  }
  return (
    <Stack as="ul" gap="2" aria-label={label} p="0" m="0">
      <SortableList
        ids={items.map((i) => i.id)}
        onMove={queue.move}
        nameOf={(id) => items.find((it) => it.id === id)?.file.name ?? id}
        disabled={queue.busy}
      >
        {(id, handle) => {
          const i = items.findIndex((it) => it.id === id);
          const item = items[i];
          return (
            <UploadRow
              key={id}
              {...rowProps(item)}
              index={i}
              handle={handle}
              locked={queue.busy}
              onRemove={() => queue.remove(id)}
              onMove={(step) => queue.move(id, step)}
            />
          );
        }}
      </SortableList>
    </Stack>
  );
}
