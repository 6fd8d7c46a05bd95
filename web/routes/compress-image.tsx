import { Card, HStack, RadioGroup, SimpleGrid, Stack, Stat, Text } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { LuEye, LuScanLine, LuShieldCheck } from "react-icons/lu";
import type { ImageQuality } from "../../schema/options";
import { toolsById } from "../../schema/tools";
import { namespaces } from "../i18n/loader";
import { FileDropzone } from "../tools/dropzone";
import { formatBytes } from "../tools/format";
import { QueueActions } from "../tools/queue-actions";
import { FeatureGrid } from "../tools/tool-info";
import { ToolLayout } from "../tools/tool-layout";
import { UploadList } from "../tools/upload-list";
import { useUploadQueue } from "../tools/use-upload-queue";

export const Route = createFileRoute("/compress-image")({
  component: CompressImagePage,
  loader: namespaces("parts", "cloud"),
});

const tool = toolsById["compress-image"];

type Quality = ImageQuality;

const QUALITIES: { value: Quality; label: string }[] = [
  { value: "high", label: "No visible loss" },
  { value: "balanced", label: "Balanced" },
  { value: "small", label: "Smallest" },
];

const features = [
  {
    icon: LuEye,
    title: "Measured, not guessed",
    text: "Each image gets the lowest quality setting at which it still looks the same, found by comparing it with the original.",
  },
  {
    icon: LuShieldCheck,
    title: "Private by default",
    text: "Location, camera details and other metadata are removed; colour profiles stay.",
  },
  {
    icon: LuScanLine,
    title: "Upright and never bigger",
    text: "Phone photos are turned the right way up. If nothing can be saved, you get the original back.",
  },
];

function Choice<T extends string>(props: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange(v: T): void;
  disabled?: boolean;
}) {
  return (
    <RadioGroup.Root
      value={props.value}
      onValueChange={(e) => e.value && props.onChange(e.value as T)}
      aria-label={props.label}
      disabled={props.disabled}
    >
      <Text fontWeight="medium" fontSize="sm" mb="2">
        {props.label}
      </Text>
      <HStack gap="5" wrap="wrap">
        {props.options.map((o) => (
          <RadioGroup.Item key={o.value} value={o.value}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  );
}

function CompressImagePage() {
  const [quality, setQuality] = useState<Quality>("high");
  const [format, setFormat] = useState<"same" | "webp">("same");
  const queue = useUploadQueue({
    tool,
    mode: "each",
    fields: () => ({ quality, ...(format === "webp" ? { format } : {}) }),
    failureTitle: (file) => `Failed to compress ${file.name}`,
  });
  const { items, busy } = queue;
  const waiting = items.some((i) => i.status === "pending" || i.status === "error");
  const done = items.filter((i) => i.status === "completed" && i.compressedSize !== undefined);
  const before = done.reduce((s, i) => s + i.originalSize, 0);
  const after = done.reduce((s, i) => s + (i.compressedSize ?? 0), 0);
  const saved = before - after;

  return (
    <ToolLayout toolId="compress-image" aside={<FeatureGrid heading="How images are compressed" features={features} />}>
      <Stack gap="5">
        <FileDropzone tool={tool} onFiles={queue.addFiles} compact={items.length > 0} label="Drop images here" />
        {done.length > 0 && (
          <Card.Root variant="outline" bg="green.subtle" borderColor="green.muted" borderRadius="xl">
            <Card.Body>
              <SimpleGrid columns={3} gap="4" data-testid="compression-summary">
                <Stat.Root>
                  <Stat.Label>Before</Stat.Label>
                  <Stat.ValueText>{formatBytes(before)}</Stat.ValueText>
                </Stat.Root>
                <Stat.Root>
                  <Stat.Label>After</Stat.Label>
                  <Stat.ValueText>{formatBytes(after)}</Stat.ValueText>
                </Stat.Root>
                <Stat.Root>
                  <Stat.Label>Saved</Stat.Label>
                  <Stat.ValueText>
                    {formatBytes(saved)} ({before > 0 ? Math.round((saved / before) * 100) : 0}%)
                  </Stat.ValueText>
                </Stat.Root>
              </SimpleGrid>
            </Card.Body>
          </Card.Root>
        )}
        <UploadList queue={queue} previews />
        {items.length > 0 && (
          <Card.Root variant="outline" bg="surface" borderRadius="xl">
            <Card.Body gap="4">
              <Choice<Quality>
                label="Quality"
                value={quality}
                options={QUALITIES}
                onChange={setQuality}
                disabled={busy}
              />
              <Choice<"same" | "webp">
                label="Format"
                value={format}
                options={[
                  { value: "same", label: "Keep each image's format" },
                  { value: "webp", label: "Convert to WebP" },
                ]}
                onChange={setFormat}
                disabled={busy}
              />
            </Card.Body>
          </Card.Root>
        )}
        {items.length > 0 && (
          <QueueActions
            onReset={queue.reset}
            onCancel={queue.reset}
            running={busy}
            resetDisabled={busy}
            start={waiting ? { label: "Compress images", loading: busy, onClick: queue.start } : undefined}
          />
        )}
      </Stack>
    </ToolLayout>
  );
}
