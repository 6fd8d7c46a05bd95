import { Badge, Box, HStack, IconButton } from "@chakra-ui/react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { LuCopy, LuFilePlus, LuGripVertical, LuRotateCcw, LuRotateCw, LuTrash2 } from "react-icons/lu";
import { useT } from "../../i18n/provider";
import { PageThumbnail } from "../page-thumbnail";
import type { SortableList } from "../sortable-list";
import type { PlanEntry } from "./organize-plan";

/** One page of the new document (or a blank one), with its handle and what can be done to it. */
export function PageCard({
  entry,
  label,
  doc,
  handle,
  onAction,
  disabled,
}: {
  entry: PlanEntry;
  label: string;
  doc: PDFDocumentProxy | null;
  handle: Parameters<Parameters<typeof SortableList>[0]["children"]>[1];
  onAction(type: "rotate-left" | "rotate-right" | "delete" | "duplicate" | "blank-after"): void;
  disabled: boolean;
}) {
  const t = useT("organize-pdf");
  const turn = entry.kind === "page" ? entry.rotate : 0;
  return (
    <Box
      ref={handle.setNodeRef}
      style={handle.style}
      borderWidth="1px"
      borderRadius="lg"
      bg={handle.dragging ? "brand.subtle" : "surface"}
      p="2"
      shadow={handle.dragging ? "lg" : undefined}
      data-testid="organize-page"
      data-entry={entry.id}
      // Cards far off screen are skipped by layout and paint until they scroll near.
      css={{ contentVisibility: "auto", containIntrinsicSize: "auto 240px" }}
    >
      <HStack justify="space-between" mb="1.5">
        <Box
          as="button"
          {...handle.handleProps}
          aria-label={t("card.move", { label })}
          cursor={disabled ? "default" : "grab"}
          color="fg.muted"
          _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing" }}
        >
          <LuGripVertical />
        </Box>
        <Badge size="sm" variant="subtle">
          {label}
        </Badge>
      </HStack>
      <Box transform={`rotate(${turn}deg)`} transition="transform 0.15s ease" px={turn % 180 ? "3" : "0"}>
        {entry.kind === "page" ? (
          <PageThumbnail doc={doc} pageNumber={entry.page} width={150} />
        ) : (
          <PageThumbnail doc={null} pageNumber={1} blank />
        )}
      </Box>
      <HStack justify="center" gap="0.5" mt="1.5">
        <IconButton
          size="2xs"
          variant="ghost"
          aria-label={t("card.turnLeft", { label })}
          disabled={disabled || entry.kind === "blank"}
          onClick={() => onAction("rotate-left")}
        >
          <LuRotateCcw />
        </IconButton>
        <IconButton
          size="2xs"
          variant="ghost"
          aria-label={t("card.turnRight", { label })}
          disabled={disabled || entry.kind === "blank"}
          onClick={() => onAction("rotate-right")}
        >
          <LuRotateCw />
        </IconButton>
        <IconButton
          size="2xs"
          variant="ghost"
          aria-label={t("card.duplicate", { label })}
          disabled={disabled}
          onClick={() => onAction("duplicate")}
        >
          <LuCopy />
        </IconButton>
        <IconButton
          size="2xs"
          variant="ghost"
          aria-label={t("card.insertBlank", { label })}
          disabled={disabled}
          onClick={() => onAction("blank-after")}
        >
          <LuFilePlus />
        </IconButton>
        <IconButton
          size="2xs"
          variant="ghost"
          colorPalette="red"
          data-action="delete"
          aria-label={t("card.delete", { label })}
          disabled={disabled}
          onClick={() => onAction("delete")}
        >
          <LuTrash2 />
        </IconButton>
      </HStack>
    </Box>
  );
}
