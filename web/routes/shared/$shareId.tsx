import { Button, Card, Container, DataList, Flex, Heading, Icon, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { LuCircleAlert, LuDownload, LuFileCheck } from "react-icons/lu";
import { ApiError } from "../../api/client";
import { sharedDownloadUrl, sharedInfoQuery } from "../../api/share";
import { formatBytes } from "../../tools/format";
import { toast } from "../../ui/toaster";

export const Route = createFileRoute("/shared/$shareId")({ component: SharedFile });

/** Spec section 8: 404 and 410 have their own words; anything else is a load failure. */
function errorText(err: unknown): string {
  if (err instanceof ApiError && err.status === 404) return "File not found or has been removed";
  if (err instanceof ApiError && err.status === 410) return "This shared file has expired";
  return "Failed to load file information";
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** This file's own deletion time, which may be later than its link's end (its maker may still use it). */
function deletionNote(linkEnds: string, fileDeleted: string | undefined): string {
  const deleted = fileDeleted && Date.parse(fileDeleted) > Date.parse(linkEnds) ? fileDeleted : linkEnds;
  if (deleted === linkEnds)
    return `Shared with PDFTools. This file is deleted from our servers on ${when(deleted)}, when this link ends.`;
  return `Shared with PDFTools. This link works until ${when(linkEnds)}; the file is deleted from our servers on ${when(deleted)}.`;
}

function SharedFile() {
  const { shareId } = Route.useParams();
  const info = useQuery(sharedInfoQuery(shareId));

  if (info.isPending) {
    return (
      <Container maxW="lg" py="16">
        <Skeleton h="56" borderRadius="xl" data-testid="shared-loading" />
      </Container>
    );
  }

  if (info.isError) {
    return (
      <Container maxW="lg" py={{ base: "12", md: "20" }}>
        <Stack align="center" textAlign="center" gap="4" bg="surface" borderWidth="1px" borderRadius="xl" p="10">
          <Icon as={LuCircleAlert} boxSize="10" color="red.500" />
          <Heading as="h1" size="2xl">
            File Not Available
          </Heading>
          <Text color="fg.muted" data-testid="shared-error">
            {errorText(info.error)}
          </Text>
          <Button asChild variant="outline">
            <Link to="/">Return to Home</Link>
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
                Someone shared a file with you
              </Text>
              <Heading as="h1" size="lg" wordBreak="break-all" data-testid="shared-file-name">
                {file.fileName}
              </Heading>
            </Stack>
          </Flex>
          <DataList.Root orientation="horizontal" gap="3">
            <DataList.Item>
              <DataList.ItemLabel>Shared</DataList.ItemLabel>
              <DataList.ItemValue>{when(file.uploadTime)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Expires</DataList.ItemLabel>
              <DataList.ItemValue>{when(file.expiresAt)}</DataList.ItemValue>
            </DataList.Item>
            {file.size !== undefined && (
              <DataList.Item>
                <DataList.ItemLabel>Size</DataList.ItemLabel>
                <DataList.ItemValue>{formatBytes(file.size)}</DataList.ItemValue>
              </DataList.Item>
            )}
          </DataList.Root>
          <Button
            size="lg"
            colorPalette="green"
            onClick={() => {
              window.open(sharedDownloadUrl(shareId), "_blank", "noopener");
              toast({ title: "Download started" });
            }}
          >
            <LuDownload /> Download File
          </Button>
          <Text fontSize="sm" color="fg.muted" textAlign="center" data-testid="shared-deletion">
            {deletionNote(file.expiresAt, file.fileExpiresAt)}
          </Text>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
