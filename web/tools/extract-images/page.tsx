import { Button, Card, HStack, Spacer, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { LuImages, LuRotateCcw } from "react-icons/lu";
import { DEFAULT_MIN_IMAGE_SIZE } from "../../../schema/options";
import { toolsById } from "../../../schema/tools";
import { formatNumber } from "../../i18n/format";
import { useT } from "../../i18n/provider";
import { toast } from "../../ui/toaster";
import { FileDropzone } from "../dropzone";
import { NumberField, Segments } from "../fields";
import { PageSetPicker } from "../page-picker";
import { usePdfDocument } from "../pdf-preview";
import { ResultCard } from "../result-card";
import { RunButton } from "../run-button";
import { ToolLayout } from "../tool-layout";
import { UploadList } from "../upload-list";
import { useUploadQueue } from "../use-upload-queue";

const tool = toolsById["extract-images"];

type Scope = "all" | "chosen";
const MAX_MIN_SIZE = 10_000;

export function ExtractImagesPage() {
  const t = useT("extract-images");
  const scopes = [
    { value: "all", label: t("scope.all") },
    { value: "chosen", label: t("scope.chosen") },
  ] as const;
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
  const sizeOk = Number.isInteger(minSize) && minSize >= 0 && minSize <= MAX_MIN_SIZE;
  const extract = () => {
    if (scope === "chosen" && selected.size === 0) {
      toast({
        title: t("toast.noPages"),
        description: t("toast.noPagesText"),
        variant: "destructive",
      });
      return;
    }
    if (!sizeOk) {
      toast({
        title: t("toast.minSize"),
        description: t("toast.minSizeText", { max: formatNumber(MAX_MIN_SIZE) }),
        variant: "destructive",
      });
      return;
    }
    queue.start();
  };

  return (
    <ToolLayout toolId="extract-images">
      <Stack gap="5">
        {!item && <FileDropzone tool={tool} onFiles={queue.addFiles} label={t("dropzone")} />}
        {item && !done && <UploadList queue={queue} />}
        {item && !done && item.status !== "locked" && (
          <>
            <Card.Root variant="outline" bg="surface" borderRadius="xl">
              <Card.Body>
                <HStack gap="6" wrap="wrap" align="start">
                  <Segments
                    label={t("scope.label")}
                    value={scope}
                    options={scopes}
                    onChange={(v) => setScope(v as Scope)}
                    disabled={working || (pageCount === 0 && scope === "all")}
                  />
                  <Stack maxW="60">
                    <NumberField
                      label={t("minSize.label")}
                      value={minSize}
                      onChange={setMinSize}
                      min={0}
                      max={MAX_MIN_SIZE}
                      helper={t("minSize.helper")}
                      disabled={working}
                    />
                  </Stack>
                </HStack>
              </Card.Body>
            </Card.Root>
            {scope === "chosen" && failed && (
              <Text color="fg.muted" fontSize="sm">
                {t("cannotShow")}
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
                      ? t("summary.all")
                      : selected.size === 0
                        ? t("summary.none")
                        : t("summary.some", { selected: selected.size, total: pageCount })}
                  </Text>
                  <Spacer />
                  <Button variant="outline" onClick={queue.reset} disabled={working}>
                    {t("startOver")}
                  </Button>
                  <RunButton tool={tool} onClick={extract} loading={working}>
                    <LuImages aria-hidden /> {t("extract")}
                  </RunButton>
                </HStack>
              </Card.Body>
            </Card.Root>
          </>
        )}
        {done && item.result && (
          <>
            <ResultCard
              result={item.result}
              label={t(item.result.convertedName?.endsWith(".zip") ? "downloadZip" : "downloadImage")}
              sources={1}
              title={t("resultTitle")}
            />
            {item.result.message && (
              <Text fontSize="sm" color="fg.muted" data-testid="extract-message">
                {item.result.message}
              </Text>
            )}
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
