import { Box, Button, HStack, IconButton, Stack, Text } from "@chakra-ui/react";
import { LuTrash2 } from "react-icons/lu";
import { useT } from "../../i18n/provider";
import { AREA_STYLE } from "./area-layer";
import type { MarkedArea } from "./plan";

/** The areas marked by hand, with their pages: select one to find it, or remove it. */
export function AreaList({
  areas,
  selected,
  onSelect,
  onRemove,
  onClear,
}: {
  areas: MarkedArea[];
  selected: string | null;
  onSelect(area: MarkedArea): void;
  onRemove(id: string): void;
  onClear(): void;
}) {
  const t = useT("redact-pdf");
  return (
    <Stack gap="2" data-testid="redact-areas">
      <HStack justify="space-between" gap="2">
        <HStack gap="2">
          <Box boxSize="3" borderWidth="2px" borderColor={AREA_STYLE.borderColor} bg={AREA_STYLE.bg} />
          <Text fontSize="sm" fontWeight="medium">
            {areas.length === 0 ? t("areas.none") : t("areas.count", { count: areas.length })}
          </Text>
        </HStack>
        {areas.length > 1 && (
          <Button size="xs" variant="ghost" onClick={onClear}>
            {t("areas.removeAll")}
          </Button>
        )}
      </HStack>
      {areas.length === 0 ? (
        <Text fontSize="xs" color="fg.muted">
          {t("areas.hint")}
        </Text>
      ) : (
        <Stack
          as="ul"
          gap="1"
          maxH="14rem"
          overflowY="auto"
          p="0"
          m="0"
          listStyleType="none"
          aria-label={t("areas.list")}
        >
          {areas.map((a, i) => (
            <HStack
              as="li"
              key={a.id}
              gap="1"
              borderRadius="md"
              bg={a.id === selected ? "bg.emphasized" : undefined}
              ps="2"
            >
              <Button
                size="xs"
                variant="plain"
                flex="1"
                justifyContent="start"
                px="0"
                onClick={() => onSelect(a)}
                aria-pressed={a.id === selected}
              >
                {t("areas.item", { number: i + 1, page: a.page })}
              </Button>
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t("areas.remove", { number: i + 1 })}
                onClick={() => onRemove(a.id)}
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
