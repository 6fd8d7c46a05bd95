import { Box, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import type { ConvertedFile } from "../../schema/api";
import { useT } from "../i18n/provider";
import { formatBytes } from "./format";
import { ResultActions } from "./result-actions";
import { ResultCard } from "./result-card";

export interface PartsWords {
  /** The card's title for a ZIP of parts, and for one PDF. */
  zipTitle: string;
  fileTitle: string;
  /** The heading over the parts listed one by one. */
  partsHeading: string;
  testId: string;
}

/** A job's main result (one PDF, or a ZIP of parts) first, then each part on its own when the server lists them. */
export function PartsResult({
  main,
  results,
  words,
}: {
  main: ConvertedFile;
  results: ConvertedFile[];
  words: PartsWords;
}) {
  const t = useT("tool-shell");
  const rest = results.filter((r) => r.downloadUrl !== main.downloadUrl);
  const zip = main.convertedName?.toLowerCase().endsWith(".zip");
  return (
    <Stack gap="4">
      <ResultCard
        result={main}
        title={zip ? words.zipTitle : words.fileTitle}
        label={t(zip ? "result.downloadZip" : "result.downloadPdf")}
      />
      {rest.length > 0 && (
        <Box bg="surface" borderWidth="1px" borderRadius="xl" p={{ base: "4", md: "5" }}>
          <Heading as="h2" size="sm" mb="3">
            {words.partsHeading}
          </Heading>
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
            {rest.map((r) => (
              <HStack
                as="li"
                key={r.downloadUrl}
                justify="space-between"
                gap="3"
                wrap="wrap"
                data-testid={words.testId}
              >
                <Box minW="0" flex="1 1 10rem">
                  <Text truncate fontWeight="medium" title={r.convertedName}>
                    {r.convertedName}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {formatBytes(r.size)}
                  </Text>
                </Box>
                <Box flexBasis={{ base: "full", md: "auto" }} data-testid="row-actions">
                  <ResultActions result={r} size="xs" />
                </Box>
              </HStack>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
