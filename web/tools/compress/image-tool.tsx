import { Card, HStack, RadioGroup, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { CompressImageOptions, type ImageQuality, objectEntries } from "../../../schema/options";
import { toolsById } from "../../../schema/tools";
import { formatPercent } from "../../i18n/format";
import { useT } from "../../i18n/provider";
import { FileDropzone } from "../dropzone";
import { formatBytes } from "../format";
import { QueueActions } from "../queue-actions";
import { waitingFiles } from "../upload-items";
import { UploadList } from "../upload-list";
import { useUploadQueue } from "../use-upload-queue";
import { ImageResult } from "./image-result";
import { NO_TARGET, type TargetChoice, TargetSizeField, targetFields } from "./target-size";

const tool = toolsById["compress-image"];

type Quality = ImageQuality;

/** Each quality's words are `quality.<value>`. */
const QUALITIES: Quality[] = ["high", "balanced", "small"];

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

/** Compress image's body: the images, each with its result and comparison, and the choices. */
export function CompressImageTool() {
  // Only what the shared schema reads is offered: a page never sends a choice the server ignores.
  const t = useT("compress-image");
  const takesTarget = "targetSize" in (objectEntries(CompressImageOptions) ?? {});
  const [quality, setQuality] = useState<Quality>("high");
  const [format, setFormat] = useState<"same" | "webp">("same");
  const [target, setTarget] = useState<TargetChoice>(NO_TARGET);
  const [targetRefused, setTargetRefused] = useState(false);
  // The comparison open under one row; undefined until the person picks: then the first result's.
  const [openId, setOpenId] = useState<string | null>();
  const queue = useUploadQueue({
    tool,
    mode: "each",
    fields: () => ({
      quality,
      ...(format === "webp" ? { format } : {}),
      ...(takesTarget ? targetFields(target).fields : {}),
    }),
    failureTitle: (file) => t("failed", { name: file.name }),
  });
  const { items, busy } = queue;
  const waiting = items.some((i) => i.status === "pending" || i.status === "error");
  const done = items.filter((i) => i.status === "completed" && i.compressedSize !== undefined);
  const before = done.reduce((s, i) => s + i.originalSize, 0);
  const after = done.reduce((s, i) => s + (i.compressedSize ?? 0), 0);
  const open = openId === undefined ? done[0]?.id : openId;
  const targeted = takesTarget && target.preset !== "none";
  const start = () => {
    if (targeted && targetFields(target).error) {
      setTargetRefused(true);
      return;
    }
    queue.start();
  };

  return (
    <Stack gap="5">
      <FileDropzone tool={tool} onFiles={queue.addFiles} compact={items.length > 0} label={t("drop")} />
      <UploadList
        queue={queue}
        previews
        rowExtra={(item) => (
          <ImageResult
            item={item}
            open={open === item.id}
            onToggle={() => setOpenId(open === item.id ? null : item.id)}
          />
        )}
      />
      {done.length > 1 && (
        // Each row states its own saving; with several images, this is the only place for their total.
        <Card.Root variant="outline" bg="green.subtle" borderColor="green.muted" borderRadius="xl">
          <Card.Body py="3" data-testid="compression-summary">
            <Text fontWeight="semibold">
              {t("summary", {
                count: done.length,
                before: formatBytes(before),
                after: formatBytes(after),
                percent: formatPercent(before > 0 ? Math.max(0, Math.round(((before - after) / before) * 100)) : 0),
              })}
            </Text>
          </Card.Body>
        </Card.Root>
      )}
      {items.length > 0 && (
        <Card.Root variant="outline" bg="surface" borderRadius="xl">
          <Card.Body gap="4">
            {takesTarget && (
              <TargetSizeField
                value={target}
                onChange={(next) => {
                  setTarget(next);
                  setTargetRefused(false);
                }}
                noneLabel={t("target.none")}
                disabled={busy}
                showError={targetRefused}
              />
            )}
            <Choice<Quality>
              label={targeted ? t("quality.labelTargeted") : t("quality.label")}
              value={quality}
              options={QUALITIES.map((q) => ({ value: q, label: t(`quality.${q}`) }))}
              onChange={setQuality}
              disabled={busy || targeted}
            />
            <Choice<"same" | "webp">
              label={t("format.label")}
              value={format}
              options={[
                { value: "same", label: t("format.same") },
                { value: "webp", label: t("format.webp") },
              ]}
              onChange={setFormat}
              disabled={busy}
            />
          </Card.Body>
        </Card.Root>
      )}
      {items.length > 0 && (
        <QueueActions
          counting={{ tool, files: waitingFiles(items) }}
          onReset={queue.reset}
          onCancel={queue.reset}
          running={busy}
          resetDisabled={busy}
          start={waiting ? { label: t("start"), loading: busy, onClick: start } : undefined}
        />
      )}
    </Stack>
  );
}
