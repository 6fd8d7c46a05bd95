import { Card, HStack, RadioCard, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { LuFileDown, LuGauge, LuImageDown, LuShieldCheck } from "react-icons/lu";
import type { PdfLevel } from "../../schema/options";
import { toolsById } from "../../schema/tools";
import { namespaces } from "../i18n/loader";
import { FileDropzone } from "../tools/dropzone";
import { formatBytes } from "../tools/format";
import { QueueActions } from "../tools/queue-actions";
import { FeatureGrid, Steps } from "../tools/tool-info";
import { ToolLayout } from "../tools/tool-layout";
import { UploadList } from "../tools/upload-list";
import { useUploadQueue } from "../tools/use-upload-queue";

export const Route = createFileRoute("/compress-pdf")({
  component: CompressPdfPage,
  loader: namespaces("parts", "cloud"),
});

// The spec's page takes a single PDF: each one is its own job with its own result.
const tool = { ...toolsById["compress-pdf"], maxFiles: 1 };

type Level = PdfLevel;

const LEVELS: { value: Level; title: string; text: string }[] = [
  { value: "low", title: "Low", text: "Lossless: same pictures, leaner file structure." },
  { value: "recommended", title: "Recommended", text: "Sharp on screen and in print: images at 150 ppi." },
  { value: "extreme", title: "Extreme", text: "Smallest file: images at 96 ppi, lower quality." },
];

const features = [
  {
    icon: LuImageDown,
    title: "Images that fit the page",
    text: "Photos are resampled to the resolution they are shown at, and kept only when smaller.",
  },
  {
    icon: LuShieldCheck,
    title: "Nothing else changes",
    text: "Text stays searchable; links, bookmarks and form fields keep working.",
  },
  {
    icon: LuGauge,
    title: "Never bigger",
    text: "When a file is already as small as it gets, you get it back unchanged, and we say so.",
  },
];

const steps = [
  { title: "Upload", text: "Drop a PDF here or select it from your device." },
  { title: "Choose", text: "Pick how hard to compress: Recommended suits most files." },
  { title: "Compress", text: "Press Compress PDF and see how much was saved." },
  { title: "Download", text: "Download the smaller PDF. It is deleted after 24 hours." },
];

function CompressPdfPage() {
  const [level, setLevel] = useState<Level>("recommended");
  const queue = useUploadQueue({ tool, mode: "each", fields: () => ({ level }) });
  const { items, busy } = queue;
  const waiting = items.some((i) => i.status === "pending" || i.status === "error");
  const done = items.filter((i) => i.status === "completed" && i.compressedSize !== undefined);

  return (
    <ToolLayout
      toolId="compress-pdf"
      aside={
        <>
          <FeatureGrid heading="How PDFTools compresses" features={features} />
          <Steps heading="How to compress a PDF" steps={steps} />
        </>
      }
    >
      <Stack gap="5">
        <FileDropzone tool={tool} onFiles={queue.addFiles} compact={items.length > 0} label="Drop a PDF here" />
        <UploadList queue={queue} />
        {done.map((item) => (
          <Card.Root key={item.id} variant="outline" bg="green.subtle" borderColor="green.muted" borderRadius="xl">
            <Card.Body data-testid="compression-result">
              <HStack gap="3" align="start">
                <LuFileDown aria-hidden />
                <Stack gap="1">
                  <Text fontWeight="semibold">
                    {(item.compressedSize ?? 0) < item.originalSize
                      ? `Saved ${formatBytes(item.originalSize - (item.compressedSize ?? 0))} (${item.compressionRatio})`
                      : "No smaller file was possible"}
                  </Text>
                  {item.result?.message && (
                    <Text fontSize="sm" color="fg.muted">
                      {item.result.message}
                    </Text>
                  )}
                </Stack>
              </HStack>
            </Card.Body>
          </Card.Root>
        ))}
        {items.length > 0 && (
          <Card.Root variant="outline" bg="surface" borderRadius="xl">
            <Card.Body gap="4">
              <RadioCard.Root
                value={level}
                onValueChange={(e) => setLevel((e.value as Level) ?? "recommended")}
                aria-label="Compression level"
                disabled={busy}
              >
                <RadioCard.Label>Compression level</RadioCard.Label>
                <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                  {LEVELS.map((l) => (
                    <RadioCard.Item key={l.value} value={l.value}>
                      <RadioCard.ItemHiddenInput />
                      <RadioCard.ItemControl>
                        <RadioCard.ItemContent>
                          <RadioCard.ItemText>{l.title}</RadioCard.ItemText>
                          <RadioCard.ItemDescription>{l.text}</RadioCard.ItemDescription>
                        </RadioCard.ItemContent>
                        <RadioCard.ItemIndicator />
                      </RadioCard.ItemControl>
                    </RadioCard.Item>
                  ))}
                </SimpleGrid>
              </RadioCard.Root>
            </Card.Body>
          </Card.Root>
        )}
        {items.length > 0 && (
          <QueueActions
            onReset={queue.reset}
            onCancel={queue.reset}
            running={busy}
            resetDisabled={busy}
            start={waiting ? { label: "Compress PDF", loading: busy, onClick: queue.start } : undefined}
          />
        )}
      </Stack>
    </ToolLayout>
  );
}
