import { Card, Flex, Heading, Icon, Stack, Text } from "@chakra-ui/react";
import { LuCircleCheck } from "react-icons/lu";
import { useT } from "../i18n/provider";
import { formatBytes, formatExpiry } from "./format";
import { ResultActions, type ResultFile } from "./result-actions";

export interface ResultCardProps {
  result: ResultFile;
  label?: string;
  /** How many inputs went into it ("made from 3 files"). */
  sources?: number;
  title?: string;
}

/** The one result of a job, with its actions: the page's focal point once the work is done. */
export function ResultCard({ result, label, sources, title }: ResultCardProps) {
  const t = useT("tool-shell");
  const details = [formatBytes(result.size), sources && sources > 1 ? t("result.sources", { count: sources }) : ""]
    .filter(Boolean)
    .join(" · ");
  return (
    <Card.Root
      variant="outline"
      borderColor="green.muted"
      bg="green.subtle"
      borderRadius="2xl"
      data-testid="result-card"
    >
      <Card.Body>
        <Stack gap="4">
          <Flex gap="4" align="center">
            <Icon as={LuCircleCheck} boxSize="10" color="green.fg" flexShrink={0} />
            <Stack gap="1" flex="1" minW="0">
              <Heading as="h2" size="md">
                {title ?? t("result.ready")}
              </Heading>
              <Text fontWeight="medium" truncate title={result.convertedName}>
                {result.convertedName}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {[details, formatExpiry(result.expiresAt)].filter(Boolean).join(" · ")}
              </Text>
            </Stack>
          </Flex>
          {/* Actions get their own row: Download, Share and the cloud buttons need the width. */}
          <ResultActions result={result} label={label} size="md" emphasis="primary" />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
