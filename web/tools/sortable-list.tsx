import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { type CSSProperties, type HTMLAttributes, type ReactNode, useRef } from "react";
import { useT } from "../i18n/provider";

export interface DragHandle {
  /** Spread on the element people grab (a grip button): pointer, touch and keyboard dragging. */
  handleProps: HTMLAttributes<HTMLElement>;
  style: CSSProperties;
  setNodeRef(node: HTMLElement | null): void;
  dragging: boolean;
}

function SortableRow({
  id,
  disabled,
  children,
}: {
  id: string;
  disabled?: boolean;
  children(h: DragHandle): ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: CSSProperties = {
    transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    position: "relative",
    zIndex: isDragging ? 2 : undefined,
  };
  return children({ handleProps: { ...attributes, ...listeners }, style, setNodeRef, dragging: isDragging });
}

export interface SortableListProps {
  ids: string[];
  onMove(id: string, overId: string): void;
  /** What a screen reader calls an item as it is picked up, moved and dropped (a file's name, "Page 3"). */
  nameOf(id: string): string;
  disabled?: boolean;
  /** "grid" for items laid out in rows and columns (page thumbnails). */
  layout?: "list" | "grid";
  children(id: string, handle: DragHandle): ReactNode;
}

/**
 * A list people reorder by dragging (mouse, touch) or from the keyboard (space to lift, arrows,
 * space to drop); rows also offer their own move up/down buttons.
 */
export function SortableList({ ids, onMove, nameOf, disabled, layout = "list", children }: SortableListProps) {
  const t = useT("tool-shell");
  const sensors = useSensors(
    // A small distance keeps clicks on the row's buttons from starting a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };
  // Spoken by the live region dnd-kit keeps: the item's name and place, not its internal id.
  const count = ids.length;
  const at = (id: string | number) => ids.indexOf(String(id)) + 1;
  // The item starts over its own place: that is not a move, and would talk over "picked up".
  const lastOver = useRef<string | number | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t("drag.pickedUp", { name: nameOf(String(active.id)), position: at(active.id), count });
    },
    onDragOver: ({ active, over }) => {
      const id = over?.id ?? null;
      if (id === lastOver.current) return undefined;
      lastOver.current = id;
      return over
        ? t("drag.moved", { name: nameOf(String(active.id)), position: at(over.id), count })
        : t("drag.outside", { name: nameOf(String(active.id)) });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t("drag.dropped", { name: nameOf(String(active.id)), position: at(over.id), count })
        : t("drag.cancelled", { name: nameOf(String(active.id)), position: at(active.id), count }),
    onDragCancel: ({ active }) =>
      t("drag.cancelled", { name: nameOf(String(active.id)), position: at(active.id), count }),
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("drag.instructions") } }}
    >
      <SortableContext
        items={ids}
        strategy={layout === "grid" ? rectSortingStrategy : verticalListSortingStrategy}
        disabled={disabled}
      >
        {ids.map((id) => (
          <SortableRow key={id} id={id} disabled={disabled}>
            {(handle) => children(id, handle)}
          </SortableRow>
        ))}
      </SortableContext>
    </DndContext>
  );
}
