import { Button, Card, HStack, Spacer, Stack, Text } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { LuRotateCcw, LuTrash2 } from "react-icons/lu";
import { toolsById } from "../../schema/tools";
import { namespaces } from "../i18n/loader";
import { FileDropzone } from "../tools/dropzone";
import { PageSetPicker } from "../tools/page-picker";
import { usePdfDocument } from "../tools/pdf-preview";
import { ResultCard } from "../tools/result-card";
import { ToolLayout } from "../tools/tool-layout";
import { UploadList } from "../tools/upload-list";
import { useUploadQueue } from "../tools/use-upload-queue";
import { toast } from "../ui/toaster";

export const Route = createFileRoute("/remove-pages")({ component: RemovePagesPage, loader: namespaces("tool-shell") });

const tool = toolsById["remove-pages"];

function RemovePagesPage() {
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
        title: "No pages selected",
        description: "Please select at least one page to remove.",
        variant: "destructive",
      });
      return;
    }
    if (selected.size >= pageCount) {
      toast({ title: "Keep at least one page", description: "A PDF cannot be empty.", variant: "destructive" });
      return;
    }
    queue.start();
  };

  return (
    <ToolLayout toolId="remove-pages">
      <Stack gap="5">
        {!item && <FileDropzone tool={tool} onFiles={queue.addFiles} label="Drop a PDF here" />}
        {item && !done && <UploadList queue={queue} />}
        {item && failed && !done && item.status !== "locked" && (
          <Text color="fg.muted" fontSize="sm">
            The pages of this PDF cannot be shown here (it may need a password, or be damaged). Type the pages to remove
            instead.
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
                      ? "Select the pages to remove."
                      : `${selected.size} of ${pageCount} pages will be removed; ${pageCount - selected.size} kept.`}
                  </Text>
                  <Spacer />
                  <Button variant="outline" onClick={queue.reset} disabled={working}>
                    Start over
                  </Button>
                  <Button colorPalette="red" bg="brand.solid" onClick={remove} loading={working}>
                    <LuTrash2 aria-hidden /> Remove Pages
                  </Button>
                </HStack>
              </Card.Body>
            </Card.Root>
          </>
        )}
        {done && item.result && (
          <>
            <ResultCard result={item.result} label="Download PDF" sources={1} />
            <HStack justify="end">
              <Button variant="outline" onClick={queue.reset}>
                <LuRotateCcw aria-hidden /> Start over
              </Button>
            </HStack>
          </>
        )}
      </Stack>
    </ToolLayout>
  );
}
