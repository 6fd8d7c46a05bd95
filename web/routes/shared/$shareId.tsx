import { Button, Card, Container, DataList, Flex, Heading, Icon, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { LuCircleAlert, LuDownload, LuFileCheck } from "react-icons/lu";
import { ApiError } from "../../api/client";
import { sharedDownloadUrl, sharedInfoQuery } from "../../api/share";
import { formatBytes, formatDateTime } from "../../i18n/format";
import { namespaces } from "../../i18n/loader";
import { type Translate, useLocale, useT } from "../../i18n/provider";
import { toast } from "../../ui/toaster";

export const Route = createFileRoute("/shared/$shareId")({ component: SharedFile, loader: namespaces("shared") });

/** Spec section 8: 404 and 410 have their own words; anything else is a load failure. */
function errorText(err: unknown, t: Translate<"shared">): string {
  if (err instanceof ApiError && err.status === 404) return t("error.notFound");
  if (err instanceof ApiError && err.status === 410) return t("error.expired");
  return t("error.failed");
}

/** This file's own deletion time, which may be later than its link's end (its maker may still use it). */
function deletionNote(t: Translate<"shared">, when: (iso: string) => string, linkEnds: string, fileDeleted?: string) {
  const deleted = fileDeleted && Date.parse(fileDeleted) > Date.parse(linkEnds) ? fileDeleted : linkEnds;
  if (deleted === linkEnds) return t("deletion.withLink", { date: when(deleted) });
  return t("deletion.fileLater", { linkEnds: when(linkEnds), deleted: when(deleted) });
}

function SharedFile() {
  const t = useT("shared");
  const tag = useLocale();
  const when = (iso: string) => formatDateTime(iso, tag);
  const { shareId } = Route.useParams();
  const info = useQuery(sharedInfoQuery(shareId));

  if (info.isPending) {
    return (
      <Container maxW="lg" py="16">
        <Skeleton h="56" borderRadius="xl" data-testid="shared-loading" aria-label={t("loading")} />
      </Container>
    );
  }

  if (info.isError) {
    return (
      <Container maxW="lg" py={{ base: "12", md: "20" }}>
        <Stack align="center" textAlign="center" gap="4" bg="surface" borderWidth="1px" borderRadius="xl" p="10">
          <Icon as={LuCircleAlert} boxSize="10" color="red.500" />
          <Heading as="h1" size="2xl">
            {t("error.title")}
          </Heading>
          <Text color="fg.muted" data-testid="shared-error">
            {errorText(info.error, t)}
          </Text>
          <Button asChild variant="outline">
            <Link to="/">{t("error.home")}</Link>
          </Button>
        </Stack>
      </Container>
    );
  }

  const file = info.data;
  return (
    <Container maxW="lg" py={{ base: "12", md: "20" }}>
      <Card.Root variant="outline" bg="surface" borderRadius="2xl" shadow="sm">
        <Card.Body gap="6">
          <Flex align="center" gap="4">
            <Flex
              boxSize="12"
              align="center"
              justify="center"
              borderRadius="lg"
              bg="green.subtle"
              color="green.fg"
              flexShrink="0"
            >
              <LuFileCheck size="24" />
            </Flex>
            <Stack gap="0" minW="0">
              <Text fontSize="sm" color="fg.muted">
                {t("intro")}
              </Text>
              <Heading as="h1" size="lg" wordBreak="break-all" data-testid="shared-file-name">
                {file.fileName}
              </Heading>
            </Stack>
          </Flex>
          <DataList.Root orientation="horizontal" gap="3">
            <DataList.Item>
              <DataList.ItemLabel>{t("shared")}</DataList.ItemLabel>
              <DataList.ItemValue>{when(file.uploadTime)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t("expires")}</DataList.ItemLabel>
              <DataList.ItemValue>{when(file.expiresAt)}</DataList.ItemValue>
            </DataList.Item>
            {file.size !== undefined && (
              <DataList.Item>
                <DataList.ItemLabel>{t("size")}</DataList.ItemLabel>
                <DataList.ItemValue>{formatBytes(file.size, tag)}</DataList.ItemValue>
              </DataList.Item>
            )}
          </DataList.Root>
          <Button
            size="lg"
            colorPalette="green"
            onClick={() => {
              window.open(sharedDownloadUrl(shareId), "_blank", "noopener");
              toast({ title: t("downloadStarted") });
            }}
          >
            <LuDownload /> {t("download")}
          </Button>
          <Text fontSize="sm" color="fg.muted" textAlign="center" data-testid="shared-deletion">
            {deletionNote(t, when, file.expiresAt, file.fileExpiresAt)}
          </Text>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
