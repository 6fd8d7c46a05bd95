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
import { useEffect, useState } from "react";
import { LuDownload, LuHistory, LuTrash2 } from "react-icons/lu";
import type { HistoryItem } from "../../schema/api";
import { DEFAULT_LIMITS, type ToolId, toolsById } from "../../schema/tools";
import { usePublicConfig } from "../api/config";
import { HISTORY_PAGE_SIZE, historyQuery, useDeleteHistoryItem } from "../api/history";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ShareButton } from "../components/share-button";
import { SignInRequired } from "../components/sign-in-required";
import { formatBytes, formatDateTime, formatNumber, formatTimeLeft } from "../i18n/format";
import { namespaces } from "../i18n/loader";
import { type Translate, useLocale, useT } from "../i18n/provider";
import { Rich } from "../i18n/rich";
import { startDownload } from "../tools/download";
import { toast } from "../ui/toaster";

export const Route = createFileRoute("/history")({
  component: History,
  loader: namespaces("history", "parts", "tool-shell"),
});

/** The tool that made an entry: its title in the page's language; split's two kinds by name. */
export function toolLabel(conversionType: string, t: Translate<"history">, tools: Translate<"tools">): string {
  if (conversionType === "extract-pages") return t("type.extractPages");
  if (conversionType === "split-pages") return t("type.splitPages");
  return conversionType in toolsById ? tools(`${conversionType as ToolId}.title`) : conversionType;
}

/** Re-renders every minute, so "Deleted in ..." stays true while the page is open. */
function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

function Sources({ names }: { names: string[] }) {
  const t = useT("history");
  return (
    <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere" data-testid="history-sources">
      {names.length > 1
        ? t("sources.many", { count: names.length, names: names.join(", ") })
        : t("sources.one", { name: names[0] ?? "" })}
    </Text>
  );
}

/** On a small screen each row is a card: no column is squeezed until names break every few letters. */
const cardRow = {
  display: { base: "grid", md: "table-row" },
  gridTemplateColumns: "1fr auto",
  gap: "1",
  px: { base: "4", md: "0" },
  py: { base: "3", md: "0" },
  borderBottomWidth: { base: "1px", md: "0" },
  _last: { borderBottomWidth: "0" },
} as const;
const cardCell = {
  display: { base: "block", md: "table-cell" },
  px: { base: "0", md: "2" },
  py: { base: "0", md: "2" },
  // The card's own border separates rows; lines between its lines would read as a table again.
  borderBottomWidth: { base: "0", md: "1px" },
};

function HistoryRow({ item, now, onDelete }: { item: HistoryItem; now: Date; onDelete(): void }) {
  const t = useT("history");
  const tools = useT("tools");
  const tag = useLocale();
  const made = (iso: string) => formatDateTime(iso, tag);
  const name = item.convertedFilename ?? item.originalFilename;
  const left = item.downloadUrl ? formatTimeLeft(item.expiresAt, now) : null;
  return (
    <Table.Row {...cardRow} data-testid="history-row">
      <Table.Cell {...cardCell} gridColumn="1 / -1" minW={{ md: "56" }}>
        <Text fontWeight="medium" overflowWrap="anywhere">
          {name}
        </Text>
        <Sources names={item.sourceFilenames.length > 0 ? item.sourceFilenames : [item.originalFilename]} />
      </Table.Cell>
      <Table.Cell
        {...cardCell}
        gridColumn="1 / -1"
        fontSize={{ base: "sm", md: "inherit" }}
        color={{ base: "fg.muted", md: "fg" }}
      >
        <Text as="span" whiteSpace={{ md: "nowrap" }}>
          {toolLabel(item.conversionType, t, tools)}
        </Text>
        <Text as="span" display={{ md: "none" }}>
          {" · "}
          {formatBytes(item.fileSize ?? undefined, tag)} · {made(item.createdAt)}
        </Text>
      </Table.Cell>
      <Table.Cell {...cardCell} display={{ base: "none", md: "table-cell" }} whiteSpace="nowrap">
        {formatBytes(item.fileSize ?? undefined, tag)}
      </Table.Cell>
      <Table.Cell {...cardCell} display={{ base: "none", md: "table-cell" }} whiteSpace="nowrap">
        {made(item.createdAt)}
      </Table.Cell>
      <Table.Cell {...cardCell} gridColumn="1 / -1" whiteSpace={{ md: "nowrap" }} data-testid="history-time-left">
        {left ? (
          <Text as="span" fontSize="sm" title={item.expiresAt ? made(item.expiresAt) : undefined}>
            <Rich
              ns="history"
              k="row.deletedIn"
              values={{ timeLeft: left }}
              components={[<Text as="span" display={{ md: "none" }} key="0" />]}
            />
          </Text>
        ) : (
          <Badge colorPalette="gray">{t("row.deleted")}</Badge>
        )}
      </Table.Cell>
      <Table.Cell {...cardCell} gridColumn="1 / -1" pt={{ base: "2", md: "2" }}>
        <HStack justify={{ base: "start", md: "end" }} gap="2" wrap={{ base: "wrap", md: "nowrap" }}>
          {item.downloadUrl && (
            <>
              <Button
                size="xs"
                variant="outline"
                onClick={() => startDownload(item.downloadUrl)}
                aria-label={t("row.downloadNamed", { name })}
              >
                <LuDownload aria-hidden /> {t("row.download")}
              </Button>
              <ShareButton downloadUrl={item.downloadUrl} fileName={name} size="xs" />
            </>
          )}
          <IconButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            aria-label={t("row.deleteNamed", { name })}
            onClick={onDelete}
          >
            <LuTrash2 />
          </IconButton>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

function HistoryTable() {
  const t = useT("history");
  const [page, setPage] = useState(1);
  const history = useQuery(historyQuery(page));
  const [deleting, setDeleting] = useState<HistoryItem | null>(null);
  const remove = useDeleteHistoryItem();
  const now = useNow();
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: t("toast.deleted"), description: t("toast.deletedText") });
      setDeleting(null);
    } catch {
      toast({ title: t("toast.failed"), description: t("toast.tryAgain"), variant: "destructive" });
    }
  };
  if (history.isPending) return <Skeleton h="64" borderRadius="xl" />;
  if (history.isError) return <Text color="red.fg">{t("loadFailed")}</Text>;
  const { items, total } = history.data;
  if (total === 0) {
    return (
      <EmptyState.Root borderWidth="1px" borderRadius="xl" bg="surface">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuHistory />
          </EmptyState.Indicator>
          <EmptyState.Title>{t("empty.title")}</EmptyState.Title>
          <EmptyState.Description>{t("empty.text")}</EmptyState.Description>
          <Button asChild variant="outline">
            <Link to="/all-tools">{t("empty.cta")}</Link>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  return (
    <Stack gap="4">
      <Box borderWidth="1px" borderRadius="xl" bg="surface" overflow="hidden">
        <Table.Root size="sm" data-testid="history-table" display={{ base: "block", md: "table" }}>
          <Table.Header display={{ base: "none", md: "table-header-group" }}>
            <Table.Row>
              <Table.ColumnHeader>{t("col.file")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("col.tool")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("col.size")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("col.made")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("col.deleted")}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t("col.actions")}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body display={{ base: "block", md: "table-row-group" }}>
            {items.map((item) => (
              <HistoryRow key={item.id} item={item} now={now} onDelete={() => setDeleting(item)} />
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title={t("confirm.title")}
        confirmLabel={t("confirm.button")}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        <Text>{t("confirm.text", { name: deleting?.convertedFilename ?? deleting?.originalFilename ?? "" })}</Text>
      </ConfirmDialog>
      {pages > 1 && (
        <HStack justify="space-between">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t("page.newer")}
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {t("page.of", { page: formatNumber(page), pages: formatNumber(pages) })}
          </Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t("page.older")}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

function History() {
  const t = useT("history");
  const ttl = usePublicConfig().data?.limits.resultTtlHours ?? DEFAULT_LIMITS.resultTtlHours;
  return (
    <SignInRequired title={t("title")}>
      {() => (
        <Container maxW="5xl" py={{ base: "8", md: "12" }}>
          <Stack gap="6">
            <Stack gap="1">
              <Heading as="h1" size="3xl">
                {t("title")}
              </Heading>
              <Text color="fg.muted">{t("intro", { ttl })}</Text>
            </Stack>
            <HistoryTable />
          </Stack>
        </Container>
      )}
    </SignInRequired>
  );
}
