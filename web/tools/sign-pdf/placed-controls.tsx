import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { LuCopy, LuTrash2 } from "react-icons/lu";
import { useT } from "../../i18n/provider";
import { NumberField } from "../fields";
import { normaliseAngle } from "./placement";
import type { usePlacements } from "./use-placements";

/** How many places the signature has, and the selected one's turn, removal, and copies to every page. */
export function PlacedControls({ p, canCopy }: { p: ReturnType<typeof usePlacements>; canCopy: boolean }) {
  const t = useT("sign-pdf");
  const { placed, current } = p;
  const pages = new Set(placed.map((q) => q.page)).size;
  return (
    <Stack gap="2">
      <Text fontSize="sm" fontWeight="medium" data-testid="placed-count" aria-live="polite">
        {placed.length === 0 ? t("placed.none") : t("placed.count", { times: placed.length, pages })}
      </Text>
      {current && (
        <HStack gap="3" align="end">
          <Box flex="1">
            <NumberField
              label={t("placed.rotation")}
              value={current.rotation}
              min={-180}
              max={180}
              step={5}
              onChange={(v) => Number.isFinite(v) && p.change({ ...current, rotation: normaliseAngle(v) })}
            />
          </Box>
          <Button size="sm" variant="outline" onClick={() => p.remove(current.id)}>
            <LuTrash2 aria-hidden /> {t("placed.remove")}
          </Button>
        </HStack>
      )}
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={p.placeOnAll} disabled={placed.length === 0 || !canCopy}>
          <LuCopy aria-hidden /> {t("placed.placeOnAll")}
        </Button>
        {placed.length > 1 && (
          <Button size="sm" variant="ghost" onClick={p.clear}>
            {t("placed.removeAll")}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
