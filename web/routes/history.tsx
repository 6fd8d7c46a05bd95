import {
  Badge,
  Box,
  Button,
  Container,
  EmptyState,
  Heading,
  HStack,
  IconButton,
  Skeleton,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useState } from "react";
import { LuDownload, LuHistory, LuTrash2 } from "react-icons/lu";
import type { HistoryItem } from "../../schema/api";
import { toolsById } from "../../schema/tools";
import { HISTORY_PAGE_SIZE, historyQuery, useDeleteHistoryItem } from "../api/history";
import { ConfirmDialog } from "../components/confirm-dialog";
import { SignInRequired } from "../components/sign-in-required";
import { startDownload } from "../tools/download";
import { formatBytes } from "../tools/format";
import { toast } from "../ui/toaster";

export const Route = createFileRoute("/history")({ component: History });

const TYPE_LABELS: Record<string, string> = { "extract-pages": "Extract pages", "split-pages": "Split PDF" };

export function toolLabel(conversionType: string): string {
  return (
    TYPE_LABELS[conversionType] ??
    (toolsById as Record<string, { title: string }>)[conversionType]?.title ??
    conversionType
  );
}

function HistoryTable() {
  const [page, setPage] = useState(1);
  const history = useQuery(historyQuery(page));
  const [deleting, setDeleting] = useState<HistoryItem | null>(null);
  const remove = useDeleteHistoryItem();
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: "Deleted", description: "The file and its share links are gone." });
      setDeleting(null);
    } catch {
      toast({ title: "Could not delete", description: "Please try again.", variant: "destructive" });
    }
  };
  if (history.isPending) return <Skeleton h="64" borderRadius="xl" />;
  if (history.isError) return <Text color="red.fg">Could not load your file history. Please try again.</Text>;
  const { items, total } = history.data;
  if (total === 0) {
    return (
      <EmptyState.Root borderWidth="1px" borderRadius="xl" bg="surface">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuHistory />
          </EmptyState.Indicator>
          <EmptyState.Title>No conversions yet</EmptyState.Title>
          <EmptyState.Description>Files you convert while signed in appear here.</EmptyState.Description>
          <Button asChild variant="outline">
            <Link to="/all-tools">Choose a tool</Link>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  return (
    <Stack gap="4">
      <Box borderWidth="1px" borderRadius="xl" bg="surface" overflowX="auto">
        <Table.Root size="sm" data-testid="history-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Tool</Table.ColumnHeader>
              <Table.ColumnHeader>File</Table.ColumnHeader>
              <Table.ColumnHeader>Size</Table.ColumnHeader>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Download</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((item) => (
              <Table.Row key={item.id}>
                <Table.Cell whiteSpace="nowrap">{toolLabel(item.conversionType)}</Table.Cell>
                <Table.Cell>
                  <Text fontWeight="medium" wordBreak="break-all">
                    {item.convertedFilename ?? item.originalFilename}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                    from {item.originalFilename}
                  </Text>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatBytes(item.fileSize ?? undefined)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {new Date(item.createdAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={item.status === "completed" ? "green" : "gray"}>{item.status}</Badge>
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <HStack justify="end" gap="2">
                    {item.downloadUrl ? (
                      <Button size="xs" variant="outline" onClick={() => startDownload(item.downloadUrl)}>
                        <LuDownload /> Download
                      </Button>
                    ) : (
                      <Text fontSize="xs" color="fg.subtle">
                        Expired
                      </Text>
                    )}
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={`Delete ${item.convertedFilename ?? item.originalFilename}`}
                      onClick={() => setDeleting(item)}
                    >
                      <LuTrash2 />
                    </IconButton>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this file?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        <Text>
          {deleting?.convertedFilename ?? deleting?.originalFilename} will be deleted now, with any share links to it.
          This cannot be undone.
        </Text>
      </ConfirmDialog>
      {pages > 1 && (
        <HStack justify="space-between">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <Text fontSize="sm" color="fg.muted">
            Page {page} of {pages}
          </Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

function History() {
  return (
    <SignInRequired title="File History">
      {() => (
        <Container maxW="5xl" py={{ base: "8", md: "12" }}>
          <Stack gap="6">
            <Stack gap="1">
              <Heading as="h1" size="3xl">
                File History
              </Heading>
              <Text color="fg.muted">Your conversions, newest first. Files are deleted after 24 hours.</Text>
            </Stack>
            <HistoryTable />
          </Stack>
        </Container>
      )}
    </SignInRequired>
  );
}
