import { Button, Card, HStack, Spacer, Stack, Text } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { LuImages, LuRotateCcw } from "react-icons/lu";
import { DEFAULT_MIN_IMAGE_SIZE } from "../../schema/options";
import { toolsById } from "../../schema/tools";
import { namespaces } from "../i18n/loader";
import { FileDropzone } from "../tools/dropzone";
import { NumberField, Segments } from "../tools/fields";
import { PageSetPicker } from "../tools/page-picker";
import { usePdfDocument } from "../tools/pdf-preview";
import { ResultCard } from "../tools/result-card";
import { ToolLayout } from "../tools/tool-layout";
import { UploadList } from "../tools/upload-list";
import { useUploadQueue } from "../tools/use-upload-queue";
import { toast } from "../ui/toaster";

export const Route = createFileRoute("/extract-images")({
  component: ExtractImagesPage,
  loader: namespaces("tool-shell"),
});

const tool = toolsById["extract-images"];

type Scope = "all" | "chosen";
const SCOPES = [
  { value: "all", label: "All pages" },
  { value: "chosen", label: "Choose pages" },
] as const;

function ExtractImagesPage() {
  const [scope, setScope] = useState<Scope>("all");
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [minSize, setMinSize] = useState(DEFAULT_MIN_IMAGE_SIZE);
  const queue = useUploadQueue({
    tool,
    mode: "each",
    fields: () => ({
      ...(scope === "chosen" ? { pages: JSON.stringify([...selected].sort((a, b) => a - b)) } : {}),
      minSize: String(minSize),
    }),
  });
  const item = queue.items[0];
  const { doc, failed } = usePdfDocument(item?.file, item?.filePassword);
  const pageCount = doc?.numPages ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file starts a new selection.
  useEffect(() => setSelected(new Set()), [item?.file]);

  const pages = Array.from({ length: pageCount }, (_, i) => ({ pageNumber: i + 1, selected: selected.has(i + 1) }));
  const done = item?.status === "completed";
  const working = queue.busy;
  const sizeOk = Number.isInteger(minSize) && minSize >= 0 && minSize <= 10_000;
  const extract = () => {
    if (scope === "chosen" && selected.size === 0) {
      toast({
        title: "No pages selected",
        description: "Please select at least one page to take images from.",
        variant: "destructive",
      });
      return;
    }
    if (!sizeOk) {
      toast({
        title: "Check the minimum size",
        description: "The minimum size must be a whole number of pixels from 0 to 10,000.",
        variant: "destructive",
      });
      return;
    }
    queue.start();
  };

  return (
    <ToolLayout toolId="extract-images">
      <Stack gap="5">
        {!item && <FileDropzone tool={tool} onFiles={queue.addFiles} label="Drop a PDF here" />}
        {item && !done && <UploadList queue={queue} />}
        {item && !done && item.status !== "locked" && (
          <>
            <Card.Root variant="outline" bg="surface" borderRadius="xl">
              <Card.Body>
                <HStack gap="6" wrap="wrap" align="start">
                  <Segments
                    label="Pages"
                    value={scope}
                    options={SCOPES}
                    onChange={(v) => setScope(v as Scope)}
                    disabled={working || (pageCount === 0 && scope === "all")}
                  />
                  <Stack maxW="60">
                    <NumberField
                      label="Skip images smaller than (pixels)"
                      value={minSize}
                      onChange={setMinSize}
                      min={0}
                      max={10_000}
                      helper="Leaves out bullets, lines and spacers."
                      disabled={working}
                    />
                  </Stack>
                </HStack>
              </Card.Body>
            </Card.Root>
            {scope === "chosen" && failed && (
              <Text color="fg.muted" fontSize="sm">
                The pages of this PDF cannot be shown here (it may be damaged). Extract from all pages instead.
              </Text>
            )}
            {scope === "chosen" && pageCount > 0 && (
              <PageSetPicker pages={pages} doc={doc} disabled={working} setSelected={setSelected} />
            )}
            <Card.Root variant="outline" bg="surface" borderRadius="xl" position="sticky" bottom="4" shadow="md">
              <Card.Body>
                <HStack gap="3" wrap="wrap">
                  <Text fontSize="sm" color="fg.muted" data-testid="extract-summary">
                    {scope === "all"
                      ? "Images from every page, saved as they are."
                      : selected.size === 0
                        ? "Select the pages to take images from."
                        : `Images from ${selected.size} of ${pageCount} pages.`}
                  </Text>
                  <Spacer />
                  <Button variant="outline" onClick={queue.reset} disabled={working}>
                    Start over
                  </Button>
                  <Button colorPalette="red" bg="brand.solid" onClick={extract} loading={working}>
                    <LuImages aria-hidden /> Extract Images
                  </Button>
                </HStack>
              </Card.Body>
            </Card.Root>
          </>
        )}
        {done && item.result && (
          <>
            <ResultCard
              result={item.result}
              label={item.result.convertedName?.endsWith(".zip") ? "Download ZIP" : "Download image"}
              sources={1}
              title="Your images are ready"
            />
            {item.result.message && (
              <Text fontSize="sm" color="fg.muted" data-testid="extract-message">
                {item.result.message}
              </Text>
            )}
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
