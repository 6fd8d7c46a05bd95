import { HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { LuCircleAlert, LuCircleCheck } from "react-icons/lu";
import type { ConvertedFile } from "../../../schema/api";

/**
 * What a compression result says beyond its sizes: how it was done, how alike it looks (the
 * quality figure), and whether a size target was met. The saving itself is stated once, by the
 * row or card that shows the sizes, so nothing here repeats it.
 */

// The engine's own wording (worker/engine/image/compress/report.ts savingMessage, then its details).
const SAVING = /^Saved \d+%: [\d.]+ [KMG]?B to [\d.]+ [KMG]?B(?: \((.+)\))?$/;

/** A result message split into the details worth showing: a saving sentence gives only its bracket. */
export function messageDetails(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const m = SAVING.exec(message.trim());
  if (!m) return message;
  const details = m[1]?.trim();
  if (!details) return undefined;
  // An image's method: "quality 78" is the encoder's setting, not the measured quality figure.
  if (/^quality \d+$/i.test(details)) return `Re-encoded at quality setting ${details.slice(8)}`;
  return details.charAt(0).toUpperCase() + details.slice(1);
}

/** A target as people chose it: decimal megabytes ("10 MB", "1.5 MB", "0.25 MB"). */
export function formatTarget(bytes: number): string {
  const mb = bytes / 1_000_000;
  return `${Number(mb.toFixed(mb < 1 ? 3 : 2))} MB`;
}

export type CompressResult = ConvertedFile;

export function QualityFigure({ quality }: { quality: number | undefined }) {
  if (quality === undefined || !Number.isFinite(quality)) return null;
  return (
    <Text fontSize="sm" data-testid="quality-figure">
      <Text as="span" fontWeight="semibold">
        SSIM {quality.toFixed(3)}
      </Text>
      <Text as="span" color="fg.muted">
        {" "}
        · how alike the re-encoded pictures are to the originals, measured: 1 is identical, and from about 0.98 the
        difference is hard to see.
      </Text>
    </Text>
  );
}

export function TargetOutcome({ result }: { result: CompressResult }) {
  if (result.targetSize === undefined || result.targetMet === undefined) return null;
  const target = formatTarget(result.targetSize);
  const met = result.targetMet;
  return (
    <HStack gap="1.5" align="start" fontSize="sm" data-testid="target-outcome" data-met={String(met)}>
      <Icon as={met ? LuCircleCheck : LuCircleAlert} color={met ? "green.fg" : "orange.fg"} mt="0.5" flexShrink={0} />
      <Text>
        <Text as="span" fontWeight="semibold">
          {met ? `Under ${target}: target met.` : `Target of ${target} not reached.`}
        </Text>
        {!met && result.message && ` ${result.message}`}
      </Text>
    </HStack>
  );
}

/** The details, quality figure, target outcome and font count of one result, each only when known. */
export function OutcomeNotes({ result, showDetails = true }: { result: CompressResult; showDetails?: boolean }) {
  // A missed target's message is said once, by the target line.
  const details = result.targetMet === false ? undefined : messageDetails(result.message);
  const fonts = result.fontsSubset;
  const parts = [showDetails ? details : undefined, fonts ? `${fonts} font${fonts === 1 ? "" : "s"} subset` : undefined]
    .filter(Boolean)
    .join(" · ");
  if (!parts && result.quality === undefined && result.targetSize === undefined) return null;
  return (
    <Stack gap="1" data-testid="compression-details">
      {parts && (
        <Text fontSize="sm" color="fg.muted">
          {parts}
        </Text>
      )}
      <QualityFigure quality={result.quality} />
      <TargetOutcome result={result} />
    </Stack>
  );
}
