import { Badge, Box, Button, Card, HStack, IconButton, SimpleGrid, Spacer, Stack, Text } from "@chakra-ui/react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useReducer, useRef, useState } from "react";
import {
  LuCopy,
  LuFilePlus,
  LuGripVertical,
  LuRedo2,
  LuRotateCcw,
  LuRotateCw,
  LuTrash2,
  LuUndo2,
} from "react-icons/lu";
import { toolsById } from "../../../schema/tools";
import { useT } from "../../i18n/provider";
import { toast } from "../../ui/toaster";
import { FileDropzone } from "../dropzone";
import { PageThumbnail } from "../page-thumbnail";
import { FilePasswordPrompt } from "../password-prompt";
import { openPdf } from "../pdf-preview";
import { ResultCard } from "../result-card";
import { SortableList } from "../sortable-list";
import { ToolLayout } from "../tool-layout";
import type { UploadItem } from "../upload-items";
import { useUploadQueue } from "../use-upload-queue";
import { current, EMPTY_PLAN, type PlanEntry, planField, planReducer } from "./organize-plan";

const tool = { ...toolsById["organize-pdf"] };
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * pdf.js documents of the files on the list, in their order (absent while opening, "failed" when
 * it cannot). An encrypted file opens once its password is given (the queue holds it till then).
 */
function useDocuments(items: UploadItem[], onOpened: (file: number, pages: number) => void) {
  const t = useT("organize-pdf");
  const [docs, setDocs] = useState<Map<File, PDFDocumentProxy | "failed">>(new Map());
  const opened = useRef(new Set<File>());
  const report = useRef(onOpened);
  report.current = onOpened;
  useEffect(() => {
    for (const [i, { file, status, filePassword }] of items.entries()) {
      if (status === "locked" || opened.current.has(file)) continue;
      opened.current.add(file);
      void openPdf(file, filePassword)
        .then((o) => o.doc)
        .then(
          (doc) => {
            setDocs((m) => new Map(m).set(file, doc));
            report.current(i, doc.numPages);
          },
          (err: { name?: string }) => {
            // Not yet known to be locked: tried again once its password is given.
            if (err?.name === "PasswordException") {
              opened.current.delete(file);
              return;
            }
            setDocs((m) => new Map(m).set(file, "failed"));
            toast({
              title: t("toast.cannotShow"),
              description: t("toast.cannotShowText", { name: file.name }),
              variant: "destructive",
            });
          },
        );
    }
  }, [items, t]);
  return docs;
}

function PageCard({
  entry,
  label,
  doc,
  handle,
  onAction,
  disabled,
}: {
  entry: PlanEntry;
  label: string;
  doc: PDFDocumentProxy | null;
  handle: Parameters<Parameters<typeof SortableList>[0]["children"]>[1];
  onAction(type: "rotate-left" | "rotate-right" | "delete" | "duplicate" | "blank-after"): void;
  disabled: boolean;
}) {
  const t = useT("organize-pdf");
  const turn = entry.kind === "page" ? entry.rotate : 0;
  return (
    <Box
      ref={handle.setNodeRef}
      style={handle.style}
      borderWidth="1px"
      borderRadius="lg"
      bg={handle.dragging ? "brand.subtle" : "surface"}
      p="2"
      shadow={handle.dragging ? "lg" : undefined}
      data-testid="organize-page"
      // Cards far off screen are skipped by layout and paint until they scroll near.
      css={{ contentVisibility: "auto", containIntrinsicSize: "auto 240px" }}
    >
      <HStack justify="space-between" mb="1.5">
        <Box
          as="button"
          {...handle.handleProps}
          aria-label={t("card.move", { label })}
          cursor={disabled ? "default" : "grab"}
          color="fg.muted"
          _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing" }}
        >
          <LuGripVertical />
        </Box>
        <Badge size="sm" variant="subtle">
          {label}
        </Badge>
      </HStack>
      <Box transform={`rotate(${turn}deg)`} transition="transform 0.15s ease" px={turn % 180 ? "3" : "0"}>
        {entry.kind === "page" ? (
          <PageThumbnail doc={doc} pageNumber={entry.page} width={150} />
        ) : (
          <PageThumbnail doc={null} pageNumber={1} blank />
        )}
      </Box>
      <HStack justify="center" gap="0.5" mt="1.5">
        <IconButton
          size="2xs"
          variant="ghost"
          aria-label={t("card.turnLeft", { label })}
          disabled={disabled || entry.kind === "blank"}
          onClick={() => onAction("rotate-left")}
        >
          <LuRotateCcw />
        </IconButton>
        <IconButton
          size="2xs"
          variant="ghost"
          aria-label={t("card.turnRight", { label })}
          disabled={disabled || entry.kind === "blank"}
          onClick={() => onAction("rotate-right")}
        >
          <LuRotateCw />
        </IconButton>
        <IconButton
          size="2xs"
          variant="ghost"
          aria-label={t("card.duplicate", { label })}
          disabled={disabled}
          onClick={() => onAction("duplicate")}
        >
          <LuCopy />
        </IconButton>
        <IconButton
          size="2xs"
          variant="ghost"
          aria-label={t("card.insertBlank", { label })}
          disabled={disabled}
          onClick={() => onAction("blank-after")}
        >
          <LuFilePlus />
        </IconButton>
        <IconButton
          size="2xs"
          variant="ghost"
          colorPalette="red"
          aria-label={t("card.delete", { label })}
          disabled={disabled}
          onClick={() => onAction("delete")}
        >
          <LuTrash2 />
        </IconButton>
      </HStack>
    </Box>
  );
}

export function OrganizePdfPage() {
  const t = useT("organize-pdf");
  const [state, dispatch] = useReducer(planReducer, EMPTY_PLAN);
  const plan = current(state);
  const planRef = useRef(plan);
  planRef.current = plan;
  const queue = useUploadQueue({ tool, mode: "batch", fields: () => ({ plan: planField(planRef.current) }) });
  const files = queue.items.map((i) => i.file);
  const docs = useDocuments(queue.items, (file, pageCount) => dispatch({ type: "add-file", file, pageCount }));
  const locked = queue.items.filter((i) => i.status === "locked");
  const done = queue.items.length > 0 && queue.items.every((i) => i.status === "completed");
  const result = queue.items[0]?.result;
  const busy = queue.busy;

  // Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (or Ctrl+Y), when no text field has the focus.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || (e.target as HTMLElement)?.closest("input, textarea")) return;
      const key = e.key.toLowerCase();
      if (key === "z" && !e.shiftKey) dispatch({ type: "undo" });
      else if ((key === "z" && e.shiftKey) || key === "y") dispatch({ type: "redo" });
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const labelOf = (e: PlanEntry) =>
    e.kind === "blank"
      ? t("label.blank")
      : files.length > 1
        ? `${LETTERS[e.file] ?? e.file + 1}${e.page}`
        : t("label.page", { page: e.page });
  const pagesKept = plan.filter((e) => e.kind === "page").length;
  const start = () => {
    if (pagesKept === 0) {
      toast({
        title: t("toast.noPages"),
        description: t("toast.noPagesText"),
        variant: "destructive",
      });
      return;
    }
    queue.start();
  };
  const reset = () => {
    queue.reset();
    dispatch({ type: "reset" });
  };

  if (done && result) {
    return (
      <ToolLayout toolId="organize-pdf">
        <Stack gap="5">
          <ResultCard result={result} label={t("download")} sources={files.length} />
          <HStack justify="end">
            <Button variant="outline" onClick={reset}>
              <LuRotateCcw aria-hidden /> {t("startOver")}
            </Button>
          </HStack>
        </Stack>
      </ToolLayout>
    );
  }

  return (
    <ToolLayout toolId="organize-pdf">
      <Stack gap="5">
        <FileDropzone
          tool={tool}
          onFiles={queue.addFiles}
          compact={files.length > 0}
          label={files.length > 0 ? t("addFrom") : undefined}
          disabled={busy}
        />
        {files.length > 1 && (
          <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
            {queue.items.map((item, i) => (
              <Badge key={item.id} variant="outline">
                {LETTERS[i] ?? i + 1}: {item.file.name}
              </Badge>
            ))}
          </HStack>
        )}
        {locked.map((item) => (
          <Card.Root key={item.id} variant="outline" bg="surface" borderRadius="xl">
            <Card.Body>
              <FilePasswordPrompt
                name={item.file.name}
                reason={item.error}
                onSubmit={(password) => queue.unlock(item.id, password)}
              />
            </Card.Body>
          </Card.Root>
        ))}
        {plan.length > 0 && (
          <SimpleGrid columns={{ base: 2, sm: 3, md: 4, lg: 5 }} gap="3" data-testid="organize-grid">
            <SortableList
              ids={plan.map((e) => e.id)}
              layout="grid"
              nameOf={(id) => {
                const entry = plan.find((e) => e.id === id);
                return entry ? labelOf(entry) : id;
              }}
              disabled={busy}
              onMove={(id, overId) => dispatch({ type: "move", id, overId })}
            >
              {(id, handle) => {
                const entry = plan.find((e) => e.id === id) as PlanEntry;
                const doc = entry.kind === "page" ? docs.get(files[entry.file]) : undefined;
                return (
                  <PageCard
                    key={id}
                    entry={entry}
                    label={labelOf(entry)}
                    doc={doc && doc !== "failed" ? doc : null}
                    handle={handle}
                    disabled={busy}
                    onAction={(type) =>
                      dispatch(
                        type === "rotate-left"
                          ? { type: "rotate", id, by: -90 }
                          : type === "rotate-right"
                            ? { type: "rotate", id, by: 90 }
                            : { type, id },
                      )
                    }
                  />
                );
              }}
            </SortableList>
          </SimpleGrid>
        )}
        {files.length > 0 && (
          <Card.Root variant="outline" bg="surface" borderRadius="xl" position="sticky" bottom="4" shadow="md">
            <Card.Body>
              <HStack gap="2" wrap="wrap">
                <IconButton
                  variant="outline"
                  size="sm"
                  aria-label={t("undo")}
                  disabled={state.at === 0 || busy}
                  onClick={() => dispatch({ type: "undo" })}
                >
                  <LuUndo2 />
                </IconButton>
                <IconButton
                  variant="outline"
                  size="sm"
                  aria-label={t("redo")}
                  disabled={state.at >= state.history.length - 1 || busy}
                  onClick={() => dispatch({ type: "redo" })}
                >
                  <LuRedo2 />
                </IconButton>
                <Text fontSize="sm" color="fg.muted" data-testid="organize-summary">
                  {files.length > 1
                    ? t("summary.files", { pages: plan.length, files: files.length })
                    : t("summary", { pages: plan.length })}
                </Text>
                <Spacer />
                <Button variant="outline" onClick={reset} disabled={busy}>
                  {t("startOver")}
                </Button>
                <Button colorPalette="red" bg="brand.solid" onClick={start} loading={busy}>
                  {t("submit")}
                </Button>
              </HStack>
            </Card.Body>
          </Card.Root>
        )}
      </Stack>
    </ToolLayout>
  );
}
