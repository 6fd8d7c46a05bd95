import {
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
import type { CSSProperties, HTMLAttributes, ReactNode } from "react";

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
  disabled?: boolean;
  /** "grid" for items laid out in rows and columns (page thumbnails). */
  layout?: "list" | "grid";
  children(id: string, handle: DragHandle): ReactNode;
}

/**
 * A list people reorder by dragging (mouse, touch) or from the keyboard (space to lift, arrows,
 * space to drop); rows also offer their own move up/down buttons.
 */
export function SortableList({ ids, onMove, disabled, layout = "list", children }: SortableListProps) {
  const sensors = useSensors(
    // A small distance keeps clicks on the row's buttons from starting a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
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
