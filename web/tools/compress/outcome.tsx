import { HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { LuCircleAlert, LuCircleCheck } from "react-icons/lu";
import type { ConvertedFile } from "../../../schema/api";
import type { LocaleTag } from "../../../schema/locales";
import { formatNumber } from "../../i18n/format";
import { type Translate, useLocale, useT } from "../../i18n/provider";

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

/** A target as people chose it: decimal megabytes ("10 MB", "1.5 MB", "0.25 MB"; "1,5 Mo" in French). */
export function formatTarget(bytes: number, tag: LocaleTag = "en"): string {
  const mb = bytes / 1_000_000;
  const rounded = Number(mb.toFixed(mb < 1 ? 3 : 2));
  if (tag === "en") return `${rounded} MB`;
  return formatNumber(rounded, tag, {
    style: "unit",
    unit: "megabyte",
    unitDisplay: "short",
    maximumFractionDigits: 3,
  });
}

export type CompressResult = ConvertedFile;

type CompressT = Translate<"compress-pdf">;

/** The engine's words for how it was done, one note at a time, each in the page's language. */
const NOTES: [RegExp, (t: CompressT, n: number) => string][] = [
  [/^low$/i, (t) => t("level.low.title")],
  [/^recommended$/i, (t) => t("level.recommended.title")],
  [/^extreme$/i, (t) => t("level.extreme.title")],
  [/^(\d+) images? re-encoded$/i, (t, n) => t("outcome.images", { count: n })],
  [/^(\d+) fonts? subset$/i, (t, n) => t("outcome.fonts", { count: n })],
  [/^converted to grayscale$/i, (t) => t("outcome.grayscale")],
  [/^metadata removed$/i, (t) => t("outcome.metadataRemoved")],
  [/^(\d+) thumbnails? removed$/i, (t, n) => t("outcome.thumbnailsRemoved", { count: n })],
  [/^(\d+) attachments? removed$/i, (t, n) => t("outcome.attachmentsRemoved", { count: n })],
  [/^(\d+) unused page resources? removed$/i, (t, n) => t("outcome.unusedRemoved", { count: n })],
  [/^lossless$/i, (t) => t("outcome.lossless")],
  [/^lossless \(oxipng\)$/i, (t) => `${t("outcome.lossless")} (oxipng)`],
  [/^256-colour palette$/i, (t) => t("outcome.palette")],
];

/**
 * The details in the page's language when every note in them is one the page knows ("Extreme, 3
 * images re-encoded; metadata removed"); otherwise as the server wrote them, whole.
 */
export function localDetails(details: string, t: CompressT, english: boolean): string {
  const setting = /^Re-encoded at quality setting (\d+)(.*)$/.exec(details);
  if (setting && !english) return t("outcome.reencoded", { quality: setting[1], rest: setting[2] });
  if (english) return details;
  const parts = details.split(/(; |, )/);
  const out: string[] = [];
  for (const part of parts) {
    if (part === "; " || part === ", ") {
      out.push(part);
      continue;
    }
    const rule = NOTES.find(([re]) => re.test(part));
    if (!rule) return details;
    const n = Number(rule[0].exec(part)?.[1] ?? 0);
    out.push(rule[1](t, n));
  }
  const text = out.join("");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The server's sentences that say nothing was saved, in the page's language. */
function localOther(other: string, t: CompressT, target: string | undefined): string {
  if (other === "Already optimised: returned unchanged") return t("outcome.unchanged");
  if (other === "Already optimised: WebP would be larger, so the original was returned unchanged")
    return t("outcome.webpLarger");
  if (target && /^Already under [^:]+: returned unchanged$/.test(other)) return t("outcome.alreadyUnder", { target });
  return other;
}

export function QualityFigure({ quality }: { quality: number | undefined }) {
  const t = useT("compress-pdf");
  const locale = useLocale();
  if (quality === undefined || !Number.isFinite(quality)) return null;
  const figure = formatNumber(quality, locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  return (
    <Text fontSize="sm" data-testid="quality-figure">
      <Text as="span" fontWeight="semibold">
        {t("outcome.ssim", { value: figure })}
      </Text>
      <Text as="span" color="fg.muted">
        {" "}
        {t("outcome.ssimText", { identical: formatNumber(1, locale), threshold: formatNumber(0.98, locale) })}
      </Text>
    </Text>
  );
}

export function TargetOutcome({ result }: { result: CompressResult }) {
  const t = useT("compress-pdf");
  const locale = useLocale();
  if (result.targetSize === undefined || result.targetMet === undefined) return null;
  const target = formatTarget(result.targetSize, locale);
  const met = result.targetMet;
  const { lead, other } = readMessage(result.message);
  // Not met: the server's own sentence says how close it got and why ("Could not reach 1 MB: ...").
  // The reason after the colon is the server's English; another language says the head in its own.
  const why = met ? undefined : (lead ?? other);
  const own = why && /^could not reach [^:]+: /i.exec(why);
  const [head, tail] = own
    ? [locale === "en" ? own[0].slice(0, -2) : t("outcome.couldNotReach", { target }), why.slice(own[0].length)]
    : [met ? t("outcome.targetMet", { target }) : t("outcome.targetMissed", { target }), why];
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
  const t = useT("compress-pdf");
  const locale = useLocale();
  const english = locale === "en";
  const read = readMessage(result.message);
  const details = read.details && localDetails(read.details, t, english);
  const target = result.targetSize === undefined ? undefined : formatTarget(result.targetSize, locale);
  const other = read.other && !english ? localOther(read.other, t, target) : read.other;
  // A missed target's message is said once, by the target line.
  const said = result.targetMet === false ? details : (details ?? other);
  const fonts = result.fontsSubset;
  const parts = [said, fonts ? t("outcome.fonts", { count: fonts }) : undefined].filter(Boolean).join(" · ");
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
