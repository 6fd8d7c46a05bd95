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
  /** Off where the page states each saving elsewhere (see UploadRow). */
  showSaving?: boolean;
  /** Shown under an item's row (compress image's comparison). */
  rowExtra?: (item: UploadItem) => ReactNode;
}

/** The items of an upload queue: name, size, status, progress, error, remove, and per-file results. */
export function UploadList({ queue, sortable, previews, showSaving, rowExtra }: UploadListProps) {
  const { items } = queue;
  if (items.length === 0) return null;
  const showResult = queue.mode === "each";
  const label = `${items.length} ${items.length === 1 ? "file" : "files"}`;
  if (!sortable) {
    return (
      <Stack as="ul" gap="2" aria-label={label} p="0" m="0">
        {items.map((item, i) => (
          <UploadRow
            key={item.id}
            item={item}
            index={i}
            count={items.length}
            onRemove={() => queue.remove(item.id)}
            onUnlock={(password) => queue.unlock(item.id, password)}
            showResult={showResult}
            preview={previews}
            showSaving={showSaving}
          >
            {rowExtra?.(item)}
          </UploadRow>
        ))}
      </Stack>
    );
  }
  return (
    <Stack as="ul" gap="2" aria-label={label} p="0" m="0">
      <SortableList ids={items.map((i) => i.id)} onMove={queue.move} disabled={queue.busy}>
        {(id, handle) => {
          const i = items.findIndex((it) => it.id === id);
          const item = items[i];
          return (
            <UploadRow
              key={id}
              item={item}
              index={i}
              count={items.length}
              handle={handle}
              locked={queue.busy}
              onRemove={() => queue.remove(id)}
              onUnlock={(password) => queue.unlock(id, password)}
              onMove={(step) => queue.move(id, step)}
              showResult={showResult}
              preview={previews}
            />
          );
        }}
      </SortableList>
    </Stack>
  );
}
