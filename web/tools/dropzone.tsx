import { Box, Button, Icon, Stack, Text } from "@chakra-ui/react";
import { type DragEvent, useId, useRef, useState } from "react";
import { LuUpload } from "react-icons/lu";
import type { ToolDef } from "../../schema/tools";
import { useDeviceMode } from "../device/mode";
import { formatNumber } from "../i18n/format";
import { useT } from "../i18n/provider";
import { acceptAttribute, useSizeLimitMB } from "./validation";

export interface FileDropzoneProps {
  tool: Pick<ToolDef, "accept" | "mimeTypes" | "maxSizeMB" | "maxFiles">;
  onFiles(files: File[]): void;
  /** Shown as the main line; defaults to "Drop files here" (or "Drop a file here"), in the page's language. */
  label?: string;
  buttonLabel?: string;
  disabled?: boolean;
  /** A smaller zone once files are listed, so the list stays in view. */
  compact?: boolean;
}

/** Drop files or pick them; every file goes to onFiles, which validates (the picker's filter is only a hint). */
export function FileDropzone({ tool, onFiles, label, buttonLabel, disabled, compact }: FileDropzoneProps) {
  // The size limit shown below is the device's while "Process on this device" is on.
  useDeviceMode();
  const t = useT("tool-shell");
  const limitMB = useSizeLimitMB(tool);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const multiple = tool.maxFiles > 1;

  const take = (list: FileList | null) => {
    if (!list || list.length === 0 || disabled) return;
    onFiles(Array.from(list));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files);
  };

  return (
    <Box
      data-testid="dropzone"
      data-dragging={over || undefined}
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? "brand.solid" : "border.emphasized"}
      bg={over ? "brand.subtle" : "surface"}
      borderRadius="2xl"
      px={{ base: "5", md: "8" }}
      py={compact ? "6" : { base: "10", md: "14" }}
      textAlign="center"
      transition="background 0.15s ease, border-color 0.15s ease"
      opacity={disabled ? 0.6 : 1}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <Stack align="center" gap={compact ? "2" : "4"}>
        {!compact && (
          <Box p="4" borderRadius="full" bg="brand.subtle" color="brand.fg">
            <Icon as={LuUpload} boxSize="7" />
          </Box>
        )}
        <Stack gap="1">
          <Text fontWeight="semibold" fontSize={compact ? "md" : "lg"}>
            {label ?? t(multiple ? "dropzone.dropMany" : "dropzone.dropOne")}
          </Text>
          <Text id={hintId} fontSize="sm" color="fg.muted">
            {t(multiple ? "dropzone.limitEach" : "dropzone.limit", {
              // Isolated, so ".pdf, .jpg" keeps its dots in place inside a right-to-left sentence.
              types: `\u2068${tool.accept.join(", ")}\u2069`,
              mb: formatNumber(limitMB),
            })}
          </Text>
        </Stack>
        <Button
          colorPalette="red"
          bg="brand.solid"
          size={compact ? "sm" : "md"}
          disabled={disabled}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          {buttonLabel ?? t(multiple ? "dropzone.selectMany" : "dropzone.selectOne")}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          multiple={multiple}
          accept={acceptAttribute(tool)}
          data-testid="file-input"
          onChange={(e) => {
            take(e.currentTarget.files);
            // The same file chosen twice in a row still fires a change.
            e.currentTarget.value = "";
          }}
        />
      </Stack>
    </Box>
  );
}
