import { Button, Card, HStack, SimpleGrid, Slider, Spacer, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { LuImagePlay, LuRotateCcw } from "react-icons/lu";
import { toolsById } from "../../../schema/tools";
import { useT } from "../../i18n/provider";
import { FileDropzone } from "../dropzone";
import { Segments } from "../fields";
import { PageSetPicker } from "../page-picker";
import { usePdfDocument } from "../pdf-preview";
import { ToolLayout } from "../tool-layout";
import { UploadList } from "../upload-list";
import { useUploadQueue } from "../use-upload-queue";
import { DeviceResult } from "./device-result";
import { DEFAULT_QUALITY, type ImageFormat, pixelSize, RESOLUTIONS, type Resolution } from "./plan";
import { usePdfToImage } from "./use-pdf-to-image";

const tool = toolsById["pdf-to-image"];

/** Names of file formats, the same in every language. */
const FORMAT_NAMES: Record<ImageFormat, string> = { jpg: "JPG", png: "PNG" };
const FORMATS = (["jpg", "png"] as const).map((value) => ({ value, label: FORMAT_NAMES[value] }));

export function PdfToImagePage() {
  const t = useT("pdf-to-image");
  const dpiOptions = RESOLUTIONS.map((r) => ({ value: String(r), label: t("dpi", { dpi: r }) }));
  const scopes = [
    { value: "all", label: t("scope.all") },
    { value: "chosen", label: t("scope.chosen") },
  ] as const;
  // The queue only holds the file and asks for its password: nothing is ever sent.
  const queue = useUploadQueue({ tool, mode: "each" });
  const item = queue.items[0];
  const { doc, failed } = usePdfDocument(item?.status === "locked" ? undefined : item?.file, item?.filePassword);
  const pageCount = doc?.numPages ?? 0;
  const [format, setFormat] = useState<ImageFormat>("jpg");
  const [quality, setQuality] = useState(DEFAULT_QUALITY);
  const [dpi, setDpi] = useState<Resolution>(150);
  const [scope, setScope] = useState<"all" | "chosen">("all");
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [firstPage, setFirstPage] = useState<{ width: number; height: number } | null>(null);
  const run = usePdfToImage();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file starts afresh.
  useEffect(() => {
    setSelected(new Set());
    run.clear();
  }, [item?.file]);
  useEffect(() => {
    setFirstPage(null);
    if (!doc) return;
    let live = true;
    void doc.getPage(1).then((p) => {
      const v = p.getViewport({ scale: 1 });
      if (live) setFirstPage({ width: v.width, height: v.height });
    });
    return () => {
      live = false;
    };
  }, [doc]);

  const pages = Array.from({ length: pageCount }, (_, i) => ({ pageNumber: i + 1, selected: selected.has(i + 1) }));
  const chosen = scope === "all" ? pages.map((p) => p.pageNumber) : [...selected].sort((a, b) => a - b);
  const working = run.state.kind === "working";
  const startOver = () => {
    run.clear();
    queue.reset();
  };
  const px = firstPage && pixelSize(firstPage.width, firstPage.height, dpi);

  return (
    <ToolLayout toolId="pdf-to-image">
      <Stack gap="5">
        {!item && <FileDropzone tool={tool} onFiles={queue.addFiles} label={t("drop")} />}
        {item && run.state.kind !== "done" && <UploadList queue={queue} />}
        {item && failed && item.status !== "locked" && (
          <Text color="fg.muted" fontSize="sm">
            {t("cannotOpen")}
          </Text>
        )}
        {item && doc && run.state.kind !== "done" && (
          <>
            <Card.Root variant="outline" bg="surface" borderRadius="xl">
              <Card.Body gap="4">
                <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                  <Segments
                    label={t("format")}
                    value={format}
                    options={FORMATS}
                    onChange={(v) => setFormat(v)}
                    disabled={working}
                  />
                  <Segments
                    label={t("resolution")}
                    value={String(dpi)}
                    options={dpiOptions}
                    onChange={(v) => setDpi(Number(v) as Resolution)}
                    disabled={working}
                  />
                  <Segments
                    label={t("pages")}
                    value={scope}
                    options={scopes}
                    onChange={(v) => setScope(v as "all" | "chosen")}
                    disabled={working}
                  />
                </SimpleGrid>
                {format === "jpg" && (
                  <Slider.Root
                    maxW="sm"
                    min={10}
                    max={100}
                    step={5}
                    value={[quality]}
                    onValueChange={(e) => setQuality(e.value[0])}
                    disabled={working}
                    colorPalette="red"
                  >
                    <HStack justify="space-between">
                      <Slider.Label>{t("quality")}</Slider.Label>
                      <Text fontSize="sm" color="fg.muted" data-testid="quality-value">
                        {quality}
                      </Text>
                    </HStack>
                    <Slider.Control>
                      <Slider.Track>
                        <Slider.Range />
                      </Slider.Track>
                      <Slider.Thumbs />
                    </Slider.Control>
                  </Slider.Root>
                )}
                {px && (
                  <Text fontSize="sm" color="fg.muted" data-testid="pixel-size">
                    {t("pixelSize", { width: px.width, height: px.height })}
                  </Text>
                )}
              </Card.Body>
            </Card.Root>
            {scope === "chosen" && (
              <PageSetPicker pages={pages} doc={doc} disabled={working} setSelected={setSelected} />
            )}
            <Card.Root variant="outline" bg="surface" borderRadius="xl" position="sticky" bottom="4" shadow="md">
              <Card.Body>
                <HStack gap="3" wrap="wrap">
                  <Text fontSize="sm" color="fg.muted" data-testid="render-status" aria-live="polite">
                    {run.state.kind === "working"
                      ? t("status.working", {
                          page: Math.min(run.state.done + 1, run.state.total),
                          total: run.state.total,
                        })
                      : chosen.length === 0
                        ? t("status.none")
                        : t("status.ready", { chosen: chosen.length, total: pageCount })}
                  </Text>
                  <Spacer />
                  {working ? (
                    <Button variant="outline" onClick={run.cancel}>
                      {t("cancel")}
                    </Button>
                  ) : (
                    <Button variant="outline" onClick={startOver}>
                      {t("startOver")}
                    </Button>
                  )}
                  <Button
                    colorPalette="red"
                    bg="brand.solid"
                    loading={working}
                    onClick={() =>
                      run.start(doc, { fileName: item.file.name, pages: chosen, dpi, format, quality, pageCount })
                    }
                  >
                    <LuImagePlay aria-hidden /> {t("convert", { format: FORMAT_NAMES[format] })}
                  </Button>
                </HStack>
              </Card.Body>
            </Card.Root>
          </>
        )}
        {run.state.kind === "done" && (
          <>
            <DeviceResult file={run.state.file} />
            <HStack justify="end">
              <Button variant="outline" onClick={startOver}>
                <LuRotateCcw aria-hidden /> {t("startOver")}
              </Button>
            </HStack>
          </>
        )}
      </Stack>
    </ToolLayout>
  );
}
