import { Box, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import type { ConvertedFile } from "../../schema/api";
import { formatBytes } from "./format";
import { ResultActions } from "./result-actions";
import { ResultCard } from "./result-card";

/** Extract's one PDF, or split's ZIP first and then each page's own PDF. */
export function SplitResult({ results, resultUrl }: { results: ConvertedFile[]; resultUrl?: string }) {
  const main = results.find((r) => r.downloadUrl === resultUrl) ?? results[0];
  const rest = results.filter((r) => r !== main);
  const zip = main.convertedName?.toLowerCase().endsWith(".zip");
  return (
    <Stack gap="4">
      <ResultCard
        result={main}
        title={zip ? "Your pages are ready" : "Your PDF is ready"}
        label={zip ? "Download all (ZIP)" : "Download PDF"}
      />
      {rest.length > 0 && (
        <Box bg="surface" borderWidth="1px" borderRadius="xl" p={{ base: "4", md: "5" }}>
          <Heading as="h2" size="sm" mb="3">
            Or one page at a time
          </Heading>
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
            {rest.map((r) => (
              <HStack as="li" key={r.downloadUrl} justify="space-between" gap="3" data-testid="split-file">
                <Box minW="0">
                  <Text truncate fontWeight="medium" title={r.convertedName}>
                    {r.convertedName}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {formatBytes(r.size)}
                  </Text>
                </Box>
                <ResultActions result={r} size="xs" />
              </HStack>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
