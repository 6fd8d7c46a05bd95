import { Button, Card, HStack, Spacer, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { LuRotateCcw, LuTrash2 } from "react-icons/lu";
import { toolsById } from "../../../schema/tools";
import { useT } from "../../i18n/provider";
import { toast } from "../../ui/toaster";
import { FileDropzone } from "../dropzone";
import { PageSetPicker } from "../page-picker";
import { usePdfDocument } from "../pdf-preview";
import { ResultCard } from "../result-card";
import { RunButton } from "../run-button";
import { ToolLayout } from "../tool-layout";
import { UploadList } from "../upload-list";
import { useUploadQueue } from "../use-upload-queue";

const tool = toolsById["remove-pages"];

export function RemovePagesPage() {
  const t = useT("remove-pages");
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const queue = useUploadQueue({
    tool,
    mode: "each",
    fields: () => ({ pages: JSON.stringify([...selected].sort((a, b) => a - b)) }),
  });
  const item = queue.items[0];
  const { doc, failed } = usePdfDocument(item?.file, item?.filePassword);
  const pageCount = doc?.numPages ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file starts a new selection.
  useEffect(() => setSelected(new Set()), [item?.file]);

  const pages = Array.from({ length: pageCount }, (_, i) => ({ pageNumber: i + 1, selected: selected.has(i + 1) }));
  const done = item?.status === "completed";
  const working = queue.busy;
  const remove = () => {
    if (selected.size === 0) {
      toast({
        title: t("toast.noneSelected"),
        description: t("toast.noneSelectedText"),
        variant: "destructive",
      });
      return;
    }
    if (selected.size >= pageCount) {
      toast({ title: t("toast.keepOne"), description: t("toast.keepOneText"), variant: "destructive" });
      return;
    }
    queue.start();
  };

  return (
    <ToolLayout toolId="remove-pages">
      <Stack gap="5">
        {!item && <FileDropzone tool={tool} onFiles={queue.addFiles} label={t("drop")} />}
        {item && !done && <UploadList queue={queue} />}
        {item && failed && !done && item.status !== "locked" && (
          <Text color="fg.muted" fontSize="sm">
            {t("cannotShow")}
          </Text>
        )}
        {item && !done && pageCount > 0 && (
          <>
            <PageSetPicker pages={pages} doc={doc} disabled={working} setSelected={setSelected} />
            <Card.Root variant="outline" bg="surface" borderRadius="xl" position="sticky" bottom="4" shadow="md">
              <Card.Body>
                <HStack gap="3" wrap="wrap">
                  <Text fontSize="sm" color="fg.muted" data-testid="remove-summary">
                    {selected.size === 0
                      ? t("summary.none")
                      : t("summary", { selected: selected.size, total: pageCount, kept: pageCount - selected.size })}
                  </Text>
                  <Spacer />
                  <Button variant="outline" onClick={queue.reset} disabled={working}>
                    {t("startOver")}
                  </Button>
                  <RunButton tool={tool} onClick={remove} loading={working}>
                    <LuTrash2 aria-hidden /> {t("submit")}
                  </RunButton>
                </HStack>
              </Card.Body>
            </Card.Root>
          </>
        )}
        {done && item.result && (
          <>
            <ResultCard result={item.result} label={t("download")} sources={1} />
            <HStack justify="end">
              <Button variant="outline" onClick={queue.reset}>
                <LuRotateCcw aria-hidden /> {t("startOver")}
              </Button>
            </HStack>
          </>
        )}
      </Stack>
    </ToolLayout>
  );
}
