import { Badge, Button, Card, HStack, IconButton, SimpleGrid, Spacer, Stack, Text } from "@chakra-ui/react";
import { useEffect, useLayoutEffect, useReducer, useRef } from "react";
import { LuRedo2, LuRotateCcw, LuUndo2 } from "react-icons/lu";
import { toolsById } from "../../../schema/tools";
import { useT } from "../../i18n/provider";
import { toast } from "../../ui/toaster";
import { FileDropzone } from "../dropzone";
import { FilePasswordPrompt } from "../password-prompt";
import { ResultCard } from "../result-card";
import { RunButton } from "../run-button";
import { SortableList } from "../sortable-list";
import { ToolLayout } from "../tool-layout";
import { useUploadQueue } from "../use-upload-queue";
import { current, EMPTY_PLAN, type PlanEntry, planField, planReducer } from "./organize-plan";
import { PageCard } from "./page-card";
import { useDocuments } from "./use-documents";

const tool = { ...toolsById["organize-pdf"] };
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

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
  // Where focus goes once a deleted card is gone (its button went with it, and focus with it to
  // the page's body): the next card's Delete, or the one before it, or Undo when none is left.
  const focusNext = useRef<string | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: run once the plan without the deleted card is drawn.
  useLayoutEffect(() => {
    const id = focusNext.current;
    if (id === null) return;
    focusNext.current = null;
    const target = id
      ? document.querySelector<HTMLButtonElement>(`[data-entry="${id}"] [data-action="delete"]`)
      : undoButton.current;
    target?.focus();
  }, [plan]);
  const remove = (id: string) => {
    const i = plan.findIndex((e) => e.id === id);
    focusNext.current = (plan[i + 1] ?? plan[i - 1])?.id ?? "";
    dispatch({ type: "delete", id });
  };

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
                      type === "delete"
                        ? remove(id)
                        : dispatch(
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
                  ref={undoButton}
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
                <RunButton tool={tool} onClick={start} loading={busy}>
                  {t("submit")}
                </RunButton>
              </HStack>
            </Card.Body>
          </Card.Root>
        )}
      </Stack>
    </ToolLayout>
  );
}
