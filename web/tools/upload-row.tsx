import { Badge, Box, Flex, HStack, Icon, IconButton, Image, Progress, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect, useState } from "react";
import { LuArrowDown, LuArrowUp, LuFileText, LuGripVertical, LuX } from "react-icons/lu";
import { formatBytes } from "./format";
import { FilePasswordPrompt } from "./password-prompt";
import { ResultActions } from "./result-actions";
import type { DragHandle } from "./sortable-list";
import type { UploadItem, UploadStatus } from "./upload-items";

const STATUS: Record<UploadStatus, { label: string; palette: string }> = {
  pending: { label: "Ready", palette: "gray" },
  locked: { label: "Password needed", palette: "orange" },
  uploading: { label: "Uploading", palette: "blue" },
  processing: { label: "Processing", palette: "purple" },
  completed: { label: "Completed", palette: "green" },
  error: { label: "Failed", palette: "red" },
};

/** An object URL for an image preview, revoked when the row goes away. */
function useObjectUrl(file: File, enabled: boolean) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!enabled) return;
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file, enabled]);
  return url;
}

export interface UploadRowProps {
  item: UploadItem;
  index: number;
  count: number;
  onRemove(): void;
  onMove?(step: -1 | 1): void;
  handle?: DragHandle;
  /** Show the row's own Download action (one result per file). */
  showResult?: boolean;
  preview?: boolean;
  locked?: boolean;
  /** Tries an encrypted file's password (status `locked`). */
  onUnlock?(password: string): Promise<boolean>;
  /** Off where the page states the saving elsewhere (compress PDF's result card): the row shows the size only. */
  showSaving?: boolean;
  /** Shown under the row, across its whole width (a comparison, a result's details). */
  children?: ReactNode;
}

export function UploadRow({
  item,
  index,
  count,
  onRemove,
  onMove,
  handle,
  showResult,
  preview,
  locked,
  onUnlock,
  showSaving = true,
  children,
}: UploadRowProps) {
  const image = useObjectUrl(item.file, Boolean(preview));
  const status = STATUS[item.status];
  const name = item.file.name;
  const showProgress = item.status === "uploading" || item.status === "processing";
  return (
    <Box
      ref={handle?.setNodeRef}
      style={handle?.style}
      as="li"
      listStyleType="none"
      bg="surface"
      borderWidth="1px"
      borderColor={item.status === "error" ? "red.emphasized" : "border"}
      borderRadius="xl"
      px={{ base: "3", md: "4" }}
      py="3"
      shadow={handle?.dragging ? "lg" : "xs"}
      data-testid="upload-item"
      data-status={item.status}
    >
      <Flex gap={{ base: "2", md: "3" }} rowGap="2" align="center" wrap={{ base: "wrap", sm: "nowrap" }}>
        {handle && onMove && (
          <IconButton
            {...handle.handleProps}
            aria-label={`Drag to reorder ${name}`}
            variant="ghost"
            size="xs"
            cursor={locked ? "default" : "grab"}
            disabled={locked}
            touchAction="none"
          >
            <LuGripVertical />
          </IconButton>
        )}
        <Flex
          boxSize="10"
          flexShrink={0}
          align="center"
          justify="center"
          borderRadius="md"
          bg="bg.muted"
          overflow="hidden"
        >
          {image ? (
            <Image src={image} alt="" boxSize="10" objectFit="cover" />
          ) : (
            <Icon as={LuFileText} color="fg.muted" />
          )}
        </Flex>
        <Stack gap="1" flex="1" minW="0">
          <Text fontWeight="medium" truncate title={name}>
            {name}
          </Text>
          <HStack gap="2" rowGap="1" fontSize="xs" color="fg.muted" wrap="wrap">
            <Badge colorPalette={status.palette} variant="subtle" size="sm" data-testid="upload-status">
              {status.label}
            </Badge>
            <Text>
              {formatBytes(item.originalSize)}
              {showSaving && savingText(item)}
            </Text>
          </HStack>
          {showProgress && (
            <Progress.Root
              value={item.progress}
              max={100}
              size="xs"
              colorPalette={status.palette}
              aria-label={`${name}: ${status.label}`}
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          {item.status === "locked" && onUnlock && (
            <FilePasswordPrompt name={name} reason={item.error} onSubmit={onUnlock} />
          )}
          {item.error && item.status !== "locked" && (
            <Text fontSize="sm" color="fg.error" role="alert">
              {item.error}
            </Text>
          )}
        </Stack>
        {showResult && item.result && (
          // On a phone the actions take a line of their own under the name, so neither squeezes the other.
          <Box order={{ base: 1, sm: 0 }} w={{ base: "full", sm: "auto" }} pl={{ base: "12", sm: "0" }}>
            <ResultActions result={item.result} size="xs" />
          </Box>
        )}
        {onMove && (
          <HStack gap="0">
            <IconButton
              aria-label={`Move ${name} up`}
              variant="ghost"
              size="xs"
              disabled={locked || index === 0}
              onClick={() => onMove(-1)}
            >
              <LuArrowUp />
            </IconButton>
            <IconButton
              aria-label={`Move ${name} down`}
              variant="ghost"
              size="xs"
              disabled={locked || index === count - 1}
              onClick={() => onMove(1)}
            >
              <LuArrowDown />
            </IconButton>
          </HStack>
        )}
        <IconButton aria-label={`Remove ${name}`} variant="ghost" size="xs" onClick={onRemove}>
          <LuX />
        </IconButton>
      </Flex>
      {children}
    </Box>
  );
}

/** " → 300 KB (73% smaller)": a compression's outcome after the original size. */
function savingText(item: UploadItem): string {
  if (item.compressedSize === undefined) return "";
  const after = ` → ${formatBytes(item.compressedSize)}`;
  if (!item.compressionRatio) return after;
  return item.compressedSize >= item.originalSize
    ? `${after} (not smaller)`
    : `${after} (${item.compressionRatio} smaller)`;
}
