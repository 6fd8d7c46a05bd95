import { Badge, Box, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import type { ConvertedFile } from "../../schema/api";
import type { MessageKey } from "../i18n/catalogs";
import { useT } from "../i18n/provider";
import { formatBytes } from "./format";
import { ResultActions } from "./result-actions";

const LABEL: Record<ConvertedFile["status"], { key: MessageKey<"tool-shell">; palette: string }> = {
  completed: { key: "status.completed", palette: "green" },
  watermarked: { key: "status.watermarked", palette: "green" },
  unlocked: { key: "status.unlocked", palette: "green" },
  error: { key: "status.failed", palette: "red" },
};

/** One row per file of an answer whose files succeed or fail one by one (watermark, unlock). */
export function FileResults({ files }: { files: ConvertedFile[] }) {
  const t = useT("tool-shell");
  return (
    <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={t("results.label")}>
      {files.map((f, i) => {
        const label = LABEL[f.status];
        return (
          <Box
            as="li"
            key={f.downloadUrl ?? `${f.originalName}-${i}`}
            bg="surface"
            borderWidth="1px"
            borderColor={f.status === "error" ? "red.emphasized" : "border"}
            borderRadius="xl"
            px="4"
            py="3"
            data-testid="file-result"
            data-status={f.status}
          >
            <Flex gap="3" wrap="wrap" align="center">
              <Stack gap="0.5" flex="1 1 10rem" minW="0">
                <HStack gap="2" minW="0">
                  <Text fontWeight="medium" truncate title={f.convertedName ?? f.originalName}>
                    {f.convertedName ?? f.originalName}
                  </Text>
                  <Badge colorPalette={label.palette} variant="subtle" flexShrink={0}>
                    {t(label.key)}
                  </Badge>
                </HStack>
                <Text fontSize="sm" color={f.status === "error" ? "fg.error" : "fg.muted"}>
                  {f.status === "error"
                    ? (f.error ?? f.message)
                    : [formatBytes(f.size), f.message].filter(Boolean).join(" · ")}
                </Text>
              </Stack>
              {f.downloadUrl && (
                // On a phone the actions take a line of their own under the name, status and size.
                <Box flexBasis={{ base: "full", md: "auto" }} data-testid="row-actions">
                  <ResultActions result={f} size="xs" />
                </Box>
              )}
            </Flex>
          </Box>
        );
      })}
    </Stack>
  );
}
