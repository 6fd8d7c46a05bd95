import { Button, Card, Flex, Heading, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { LuCircleCheck, LuDownload, LuShieldCheck } from "react-icons/lu";
import { useT } from "../../i18n/provider";
import { formatBytes } from "../format";
import type { RenderedFile } from "./render";

/**
 * A result made in this browser, shown like the server's results (result-card.tsx) but
 * downloaded straight from memory: it is stored nowhere, so there is no link to share or save.
 */
export function DeviceResult({ file }: { file: RenderedFile }) {
  const t = useT("pdf-to-image");
  // One page is an image file; more are a ZIP: different things, not a plural.
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file.blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return (
    <Card.Root
      variant="outline"
      borderColor="green.muted"
      bg="green.subtle"
      borderRadius="2xl"
      data-testid="device-result"
    >
      <Card.Body>
        <Stack gap="4">
          <Flex gap="4" align="center">
            <Icon as={LuCircleCheck} boxSize="10" color="green.fg" flexShrink={0} />
            <Stack gap="1" flex="1" minW="0">
              <Heading as="h2" size="md">
                {file.count === 1 ? t("result.readyOne") : t("result.readyMany")}
              </Heading>
              <Text fontWeight="medium" truncate title={file.name}>
                {file.name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {file.count === 1 ? t("result.countOne") : t("result.countMany", { count: file.count })} ·{" "}
                {formatBytes(file.blob.size)}
              </Text>
            </Stack>
          </Flex>
          <HStack gap="2" color="fg.muted" fontSize="sm">
            <Icon as={LuShieldCheck} color="green.fg" />
            <Text>{t("result.onDevice")}</Text>
          </HStack>
          <HStack>
            <Button asChild colorPalette="green" disabled={!url}>
              <a href={url ?? undefined} download={file.name}>
                <LuDownload aria-hidden /> {file.count === 1 ? t("result.downloadImage") : t("result.downloadZip")}
              </a>
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
