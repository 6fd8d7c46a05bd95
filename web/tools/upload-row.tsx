import { Badge, Box, Flex, HStack, Icon, IconButton, Image, Progress, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect, useState } from "react";
import { LuArrowDown, LuArrowUp, LuFileText, LuGripVertical, LuX } from "react-icons/lu";
import type { MessageKey } from "../i18n/catalogs";
import { formatPercent } from "../i18n/format";
import { activeLocale, localeOf } from "../i18n/locale";
import { type Translate, useT } from "../i18n/provider";
import { formatBytes } from "./format";
import { PageThumbnail } from "./page-thumbnail";
import { FilePasswordPrompt } from "./password-prompt";
import { usePdfDocument } from "./pdf-preview";
import { RefusalRemedies } from "./refusal-remedies";
import { ResultActions } from "./result-actions";
import type { DragHandle } from "./sortable-list";
import type { UploadItem, UploadStatus } from "./upload-items";

const STATUS: Record<UploadStatus, { key: MessageKey<"tool-shell">; palette: string }> = {
  pending: { key: "status.ready", palette: "gray" },
  locked: { key: "status.locked", palette: "orange" },
  refused: { key: "status.refused", palette: "red" },
  uploading: { key: "status.uploading", palette: "blue" },
  processing: { key: "status.processing", palette: "purple" },
  completed: { key: "status.completed", palette: "green" },
  error: { key: "status.failed", palette: "red" },
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
  /** A PDF's first page and its page count, instead of the file icon (merge). */
  thumbnail?: boolean;
  locked?: boolean;
  /** Tries an encrypted file's password (status `locked`). */
  onUnlock?(password: string): Promise<boolean>;
  /** Off where the page states the saving elsewhere (compress PDF's result card): the row shows the size only. */
  showSaving?: boolean;
  /** Shown under the row, across its whole width (a comparison, a result's details). */
  children?: ReactNode;
  /** The tool's size limit, for a refused file's "Over 25 MB: compress it first". */
  sizeLimitMB?: number;
  /** Runs a refused file again on this device (its "Process it on this device instead"). */
  onRetryOnDevice?(): void;
}

/**
 * One file of a list. Its name, status and size come first; its actions (Download, Share, Save)
 * sit beside them where there is room and on a line of their own below on a phone, so they never
 * cover the name. A refused file says why, and what to do.
 */
export function UploadRow({
  item,
  index,
  count,
  onRemove,
  onMove,
  handle,
  showResult,
  preview,
  thumbnail,
  locked,
  onUnlock,
  showSaving = true,
  children,
  sizeLimitMB,
  onRetryOnDevice,
}: UploadRowProps) {
  const t = useT("tool-shell");
  const image = useObjectUrl(item.file, Boolean(preview));
  const status = STATUS[item.status];
  const statusLabel = t(status.key);
  const name = item.file.name;
  const showProgress = item.status === "uploading" || item.status === "processing";
  const bad = item.status === "error" || item.status === "refused";
  // Merge's list: the first page small and the page count, drawn by pdf.js as split's pages are.
  const openable = item.status !== "refused" && item.status !== "locked";
  const pdf = usePdfDocument(thumbnail && openable ? item.file : null, item.filePassword);
  return (
    <Box
      ref={handle?.setNodeRef}
      style={handle?.style}
      as="li"
      listStyleType="none"
      bg="surface"
      borderWidth="1px"
      borderColor={bad ? "red.emphasized" : "border"}
      borderRadius="xl"
      px={{ base: "3", md: "4" }}
      py="3"
      shadow={handle?.dragging ? "lg" : "xs"}
      data-testid="upload-item"
      data-status={item.status}
    >
      <Flex gap={{ base: "2", md: "3" }} align="center" wrap="wrap">
        {handle && onMove && (
          <IconButton
            {...handle.handleProps}
            aria-label={t("row.dragToReorder", { name })}
            variant="ghost"
            size="xs"
            cursor={locked ? "default" : "grab"}
            disabled={locked}
            touchAction="none"
          >
            <LuGripVertical />
          </IconButton>
        )}
        {thumbnail ? (
          <Box w="10" flexShrink={0} data-testid="upload-thumbnail">
            <PageThumbnail doc={pdf.doc} pageNumber={1} width={40} failed={pdf.failed || !openable} />
          </Box>
        ) : (
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
        )}
        <Stack gap="1" flex="1 1 10rem" minW="0" data-testid="upload-info">
          <Text fontWeight="medium" truncate title={name}>
            {name}
          </Text>
          <HStack gap="2" fontSize="xs" color="fg.muted" wrap="wrap" rowGap="1">
            <Badge colorPalette={status.palette} variant="subtle" size="sm" data-testid="upload-status">
              {statusLabel}
            </Badge>
            <Text>
              {formatBytes(item.originalSize)}
              {showSaving && savingText(item, t)}
            </Text>
            {thumbnail && pdf.doc && (
              <Text data-testid="page-count">{t("pages.count", { count: pdf.doc.numPages })}</Text>
            )}
          </HStack>
          {showProgress && (
            <Progress.Root
              value={item.progress}
              max={100}
              size="xs"
              colorPalette={status.palette}
              aria-label={`${name}: ${statusLabel}`}
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
        </Stack>
        {showResult && item.result && (
          // On a phone the actions take a line of their own under the name (order 1, full width).
          <Box order={{ base: 1, md: 0 }} flexBasis={{ base: "full", md: "auto" }} data-testid="row-actions">
            <ResultActions result={item.result} size="xs" />
          </Box>
        )}
        {onMove && (
          <HStack gap="0">
            <IconButton
              aria-label={t("row.moveUp", { name })}
              variant="ghost"
              size="xs"
              disabled={locked || index === 0}
              onClick={() => onMove(-1)}
            >
              <LuArrowUp />
            </IconButton>
            <IconButton
              aria-label={t("row.moveDown", { name })}
              variant="ghost"
              size="xs"
              disabled={locked || index === count - 1}
              onClick={() => onMove(1)}
            >
              <LuArrowDown />
            </IconButton>
          </HStack>
        )}
        <IconButton aria-label={t("row.remove", { name })} variant="ghost" size="xs" onClick={onRemove}>
          <LuX />
        </IconButton>
      </Flex>
      {item.status === "locked" && onUnlock && (
        <Box mt="2">
          <FilePasswordPrompt name={name} reason={item.error} onSubmit={onUnlock} />
        </Box>
      )}
      {item.error && item.status !== "locked" && (
        <Text fontSize="sm" color="fg.error" role="alert" mt="2" data-testid="upload-error">
          {item.error}
        </Text>
      )}
      {item.status === "refused" && item.remedies && item.remedies.length > 0 && (
        <RefusalRemedies
          file={item.file}
          remedies={item.remedies}
          sizeLimitMB={sizeLimitMB}
          onRetryOnDevice={onRetryOnDevice}
        />
      )}
      {children}
    </Box>
  );
}

/** " → 300 KB (73% smaller)": a compression's outcome after the original size. */
function savingText(item: UploadItem, t: Translate<"tool-shell">): string {
  if (item.compressedSize === undefined) return "";
  // The arrow follows the reading direction (Arabic reads right to left).
  const arrow = localeOf(activeLocale()).dir === "rtl" ? "←" : "→";
  const after = ` ${arrow} ${formatBytes(item.compressedSize)}`;
  if (!item.compressionRatio) return after;
  return item.compressedSize >= item.originalSize
    ? `${after} ${t("row.notSmaller")}`
    : `${after} ${t("row.smaller", { ratio: localPercent(item.compressionRatio) })}`;
}

/** The server's "73%" written as the page's language writes a percentage ("73 %", "%73"). */
function localPercent(ratio: string): string {
  const m = /^(\d+(?:\.\d+)?)%$/.exec(ratio);
  return m ? formatPercent(Number(m[1])) : ratio;
}
