import { Box, Button, HStack, Stack } from "@chakra-ui/react";
import { LuChevronDown, LuSplit } from "react-icons/lu";
import { useT } from "../../i18n/provider";
import type { UploadItem } from "../upload-items";
import { ImageCompare } from "./image-compare";
import { OutcomeNotes } from "./outcome";

/**
 * Under a finished image's row: how it was done and how alike it looks, and the before/after
 * comparison (one open at a time: each side is a decoded photo in memory). The row above states
 * the sizes and the saving, once.
 */
export function ImageResult({ item, open, onToggle }: { item: UploadItem; open: boolean; onToggle(): void }) {
  const t = useT("compress-image");
  const result = item.result;
  if (item.status !== "completed" || !result) return null;
  const panel = `compare-${item.id}`;
  return (
    <Stack gap="2" mt="2" ps={{ base: "0", md: "13" }}>
      <HStack justify="space-between" align="start" gap="2" wrap="wrap">
        <Box flex="1" minW="0">
          <OutcomeNotes result={result} />
        </Box>
        <Button
          size="xs"
          variant={open ? "subtle" : "outline"}
          aria-expanded={open}
          aria-controls={panel}
          onClick={onToggle}
          css={{ "&[aria-expanded=true] .chevron": { transform: "rotate(180deg)" } }}
        >
          <LuSplit aria-hidden /> {t("compare.button")} <LuChevronDown className="chevron" aria-hidden />
        </Button>
      </HStack>
      {open && (
        <Box id={panel} mx={{ base: "-2", md: "0" }} data-testid="image-compare">
          <ImageCompare original={item.file} resultUrl={result.downloadUrl} />
        </Box>
      )}
    </Stack>
  );
}
