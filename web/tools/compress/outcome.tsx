import { HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { LuCircleAlert, LuCircleCheck } from "react-icons/lu";
import type { ConvertedFile } from "../../../schema/api";

/**
 * What a compression result says beyond its sizes: how it was done, how alike it looks (the
 * quality figure), and whether a size target was met. The saving itself is stated once, by the
 * row or card that shows the sizes, so nothing here repeats it.
 */

// The engine's own wording (worker/engine/image/compress/report.ts savingMessage, then its details
// in brackets), after the target's sentence when one was asked: "Could not reach 1 MB: why. Saved ...".
const SAVING = /^(?:(.*)\.\s+)?Saved \d+%: [\d.]+ [KMG]?B to [\d.]+ [KMG]?B(?: \((.+)\))?$/s;

export interface ReadMessage {
  /** The target's sentence before the saving ("Could not reach 1 MB: ..."). */
  lead?: string;
  /** How it was done, from the saving's brackets, ready to show ("Extreme, 1 image re-encoded"). */
  details?: string;
  /** A message that states no saving ("Already optimised: returned unchanged"), whole. */
  other?: string;
}

/** A result message taken apart, so the page can state the saving itself, once, and show the rest. */
export function readMessage(message: string | undefined): ReadMessage {
  const text = message?.trim();
  if (!text) return {};
  const m = SAVING.exec(text);
  if (!m) return { other: text };
  const lead = m[1]?.trim();
  const raw = m[2]?.trim();
  // An image's method: "quality 78" is the encoder's setting, not the measured quality figure.
  const q = raw && /^quality (\d+)(.*)$/i.exec(raw);
  const details = q
    ? `Re-encoded at quality setting ${q[1]}${q[2]}`
    : raw
      ? raw.charAt(0).toUpperCase() + raw.slice(1)
      : undefined;
  return { ...(lead ? { lead } : {}), ...(details ? { details } : {}) };
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
  const { lead, other } = readMessage(result.message);
  // Not met: the server's own sentence says how close it got and why ("Could not reach 1 MB: ...").
  const why = met ? undefined : (lead ?? other);
  const own = why && /^could not reach [^:]+: /i.exec(why);
  const [head, tail] = own
    ? [own[0].slice(0, -2), why.slice(own[0].length)]
    : [met ? `Under ${target}: target met` : `Target of ${target} not reached`, why];
  return (
    <HStack gap="1.5" align="start" fontSize="sm" data-testid="target-outcome" data-met={String(met)}>
      <Icon as={met ? LuCircleCheck : LuCircleAlert} color={met ? "green.fg" : "orange.fg"} mt="0.5" flexShrink={0} />
      <Text>
        <Text as="span" fontWeight="semibold">
          {head}
          {tail ? ":" : "."}
        </Text>
        {tail && ` ${/[.!?]$/.test(tail) ? tail : `${tail}.`}`}
      </Text>
    </HStack>
  );
}

/** The details, quality figure, target outcome and font count of one result, each only when known. */
export function OutcomeNotes({ result }: { result: CompressResult }) {
  const { details, other } = readMessage(result.message);
  // A missed target's message is said once, by the target line.
  const said = result.targetMet === false ? details : (details ?? other);
  const fonts = result.fontsSubset;
  const parts = [said, fonts ? `${fonts} font${fonts === 1 ? "" : "s"} subset` : undefined].filter(Boolean).join(" · ");
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
