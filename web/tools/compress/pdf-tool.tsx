import { Card, HStack, Icon, RadioCard, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuFileDown, LuTextSearch } from "react-icons/lu";
import type { PdfLevel } from "../../../schema/options";
import { toolsById } from "../../../schema/tools";
import { formatPercent } from "../../i18n/format";
import { type Translate, useLocale, useT } from "../../i18n/provider";
import { FileDropzone } from "../dropzone";
import { formatBytes } from "../format";
import { QueueActions } from "../queue-actions";
import { waitingFiles } from "../upload-items";
import { UploadList } from "../upload-list";
import { useUploadQueue } from "../use-upload-queue";
import { OutcomeNotes } from "./outcome";
import { PdfCompare } from "./pdf-compare";
import { cleanupFields, DEFAULT_CLEANUP, knownFields, PdfMoreOptions } from "./pdf-options";
import { NO_TARGET, type TargetChoice, TargetSizeField, targetFields } from "./target-size";

// The spec's page takes a single PDF: each one is its own job with its own result.
const tool = { ...toolsById["compress-pdf"], maxFiles: 1 };

type Level = PdfLevel;

/** Each level's words are `level.<value>.title` and `.text`. */
const LEVELS: Level[] = ["low", "recommended", "extreme"];

/** The saving, said once: on the result card (the file's row shows only its size). */
function headline(
  t: Translate<"compress-pdf">,
  locale: string,
  original: number,
  compressed: number | undefined,
  ratio: string | undefined,
): string {
  if (compressed === undefined || compressed >= original) return t("result.none");
  // The server's ratio ("40%"), written as the page's language writes a percentage.
  const percent = ratio && /^\d+(\.\d+)?%$/.test(ratio) ? formatPercent(Number.parseFloat(ratio)) : (ratio ?? "");
  return t("result.saved", {
    before: formatBytes(original),
    after: formatBytes(compressed),
    ratio: locale === "en" ? (ratio ?? "") : percent,
  });
}

/** Compress PDF's body: the file, its result with the comparison, and the choices. */
export function CompressPdfTool() {
  // Only what the shared schema reads is offered: a page never sends a choice the server ignores.
  const t = useT("compress-pdf");
  const locale = useLocale();
  const known = knownFields();
  const takesTarget = known.has("targetSize");
  const [level, setLevel] = useState<Level>("recommended");
  const [target, setTarget] = useState<TargetChoice>(NO_TARGET);
  const [targetRefused, setTargetRefused] = useState(false);
  const [cleanup, setCleanup] = useState(DEFAULT_CLEANUP);
  const queue = useUploadQueue({
    tool,
    mode: "each",
    fields: () => ({
      level,
      ...(takesTarget ? targetFields(target).fields : {}),
      ...cleanupFields(cleanup, known),
    }),
  });
  const { items, busy } = queue;
  const waiting = items.some((i) => i.status === "pending" || i.status === "error");
  const done = items.filter((i) => i.status === "completed" && i.compressedSize !== undefined);
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
      <UploadList queue={queue} showSaving={false} />
      {done.map((item) => (
        <Card.Root key={item.id} variant="outline" bg="surface" borderColor="green.muted" borderRadius="xl">
          <Card.Body gap="4" px={{ base: "3", md: "6" }} data-testid="compression-result">
            <HStack gap="3" align="start">
              <Icon as={LuFileDown} color="green.fg" boxSize="5" mt="0.5" aria-hidden />
              <Stack gap="1" minW="0">
                <Text fontWeight="semibold">
                  {headline(t, locale, item.originalSize, item.compressedSize, item.compressionRatio)}
                </Text>
                {item.result && <OutcomeNotes result={item.result} />}
              </Stack>
            </HStack>
            {item.result && (
              <PdfCompare
                original={item.file}
                password={item.filePassword}
                resultUrl={item.result.downloadUrl}
                resultSize={item.compressedSize}
              />
            )}
          </Card.Body>
        </Card.Root>
      ))}
      {items.length > 0 && (
        <Card.Root variant="outline" bg="surface" borderRadius="xl">
          <Card.Body gap="5">
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
            <RadioCard.Root
              value={level}
              onValueChange={(e) => setLevel((e.value as Level) ?? "recommended")}
              aria-label={t("level.label")}
              disabled={busy || targeted}
            >
              <RadioCard.Label>{targeted ? t("level.labelTargeted") : t("level.label")}</RadioCard.Label>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                {LEVELS.map((l) => (
                  <RadioCard.Item key={l} value={l}>
                    <RadioCard.ItemHiddenInput />
                    <RadioCard.ItemControl>
                      <RadioCard.ItemContent>
                        <RadioCard.ItemText>{t(`level.${l}.title`)}</RadioCard.ItemText>
                        <RadioCard.ItemDescription>{t(`level.${l}.text`)}</RadioCard.ItemDescription>
                      </RadioCard.ItemContent>
                      <RadioCard.ItemIndicator />
                    </RadioCard.ItemControl>
                  </RadioCard.Item>
                ))}
              </SimpleGrid>
            </RadioCard.Root>
            <PdfMoreOptions value={cleanup} onChange={setCleanup} disabled={busy} />
            <HStack gap="2" align="start" fontSize="sm" color="fg.muted">
              <Icon as={LuTextSearch} mt="0.5" flexShrink={0} aria-hidden />
              <Text>{t("searchable")}</Text>
            </HStack>
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
