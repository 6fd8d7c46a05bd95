import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { LuCopy, LuTrash2 } from "react-icons/lu";
import { NumberField } from "../fields";
import { normaliseAngle } from "./placement";
import type { usePlacements } from "./use-placements";

/** How many places the signature has, and the selected one's turn, removal, and copies to every page. */
export function PlacedControls({ p, canCopy }: { p: ReturnType<typeof usePlacements>; canCopy: boolean }) {
  const { placed, current } = p;
  const pages = new Set(placed.map((q) => q.page)).size;
  return (
    <Stack gap="2">
      <Text fontSize="sm" fontWeight="medium" data-testid="placed-count" aria-live="polite">
        {placed.length === 0
          ? "Not placed yet"
          : `Placed ${placed.length} ${placed.length === 1 ? "time" : "times"}, on ${pages} ${pages === 1 ? "page" : "pages"}`}
      </Text>
      {current && (
        <HStack gap="3" align="end">
          <Box flex="1">
            <NumberField
              label="Rotation (degrees)"
              value={current.rotation}
              min={-180}
              max={180}
              step={5}
              onChange={(v) => Number.isFinite(v) && p.change({ ...current, rotation: normaliseAngle(v) })}
            />
          </Box>
          <Button size="sm" variant="outline" onClick={() => p.remove(current.id)}>
            <LuTrash2 aria-hidden /> Remove
          </Button>
        </HStack>
      )}
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={p.placeOnAll} disabled={placed.length === 0 || !canCopy}>
          <LuCopy aria-hidden /> Place on all pages
        </Button>
        {placed.length > 1 && (
          <Button size="sm" variant="ghost" onClick={p.clear}>
            Remove all
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
