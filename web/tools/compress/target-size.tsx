import { Box, Field, HStack, Input, RadioGroup, Text } from "@chakra-ui/react";
import { useState } from "react";
import { formatNumber } from "../../i18n/format";
import { useLocale, useT } from "../../i18n/provider";
import { formatTarget } from "./outcome";

/**
 * "Compress to a size": no target (the level or quality decides), a preset, or a typed size.
 * Sizes are decimal megabytes, as upload forms state them: 10 MB = 10,000,000 bytes.
 */

/** The first is the usual e-mail attachment limit, and says so. */
export const TARGET_PRESETS = [
  { value: "10", bytes: 10_000_000, email: true },
  { value: "5", bytes: 5_000_000, email: false },
  { value: "2", bytes: 2_000_000, email: false },
  { value: "1", bytes: 1_000_000, email: false },
] as const;

export type TargetPreset = "none" | (typeof TARGET_PRESETS)[number]["value"] | "custom";

export interface TargetChoice {
  preset: TargetPreset;
  /** What was typed for "Another size", in MB. */
  custom: string;
}

export const NO_TARGET: TargetChoice = { preset: "none", custom: "" };

/** 10 KB: below that no PDF or photo can go, so it is no target. */
export const MIN_TARGET_MB = 0.01;
export const MAX_TARGET_MB = 2_000;

// The English the functions below answer with (tests and callers outside React read them); the
// field shows each in the page's language (TargetSizeField, by which one it is).
const ENTER_SIZE = "Enter a size in MB, for example 1.5.";
const TOO_SMALL = `The smallest target is ${MIN_TARGET_MB} MB (10 KB).`;
const TOO_LARGE = `The largest target is ${MAX_TARGET_MB.toLocaleString("en")} MB.`;

/** The typed size in bytes, or what is wrong with it; a comma is read as a decimal point. */
export function parseTargetMB(text: string): { bytes: number } | { error: string } {
  const raw = text
    .trim()
    .replace(",", ".")
    .replace(/\s*mb$/i, "");
  if (raw === "" || !/^\d*\.?\d+$|^\d+\.$/.test(raw)) return { error: ENTER_SIZE };
  const mb = Number(raw);
  if (!Number.isFinite(mb) || mb <= 0) return { error: ENTER_SIZE };
  if (mb < MIN_TARGET_MB) return { error: TOO_SMALL };
  if (mb > MAX_TARGET_MB) return { error: TOO_LARGE };
  return { bytes: Math.round(mb * 1_000_000) };
}

/** The `targetSize` field for a choice (none: no field), or the message that stops the start. */
export function targetFields(choice: TargetChoice): { fields: Record<string, string>; error?: string } {
  if (choice.preset === "none") return { fields: {} };
  if (choice.preset === "custom") {
    const parsed = parseTargetMB(choice.custom);
    if ("error" in parsed) return { fields: {}, error: parsed.error };
    return { fields: { targetSize: String(parsed.bytes) } };
  }
  const preset = TARGET_PRESETS.find((p) => p.value === choice.preset);
  return { fields: preset ? { targetSize: String(preset.bytes) } : {} };
}

export function TargetSizeField({
  value,
  onChange,
  noneLabel,
  disabled,
  showError,
}: {
  value: TargetChoice;
  onChange(next: TargetChoice): void;
  /** "No target: by compression level" (PDF) or "...by quality" (images). */
  noneLabel: string;
  disabled?: boolean;
  /** Show the typed size's problem (after a start was refused, or once the field was left). */
  showError?: boolean;
}) {
  const t = useT("compress-pdf");
  const locale = useLocale();
  const [left, setLeft] = useState(false);
  const error = (showError || left) && targetFields(value).error;
  const problem = !error
    ? undefined
    : error === TOO_SMALL
      ? t("target.error.min", { min: formatNumber(MIN_TARGET_MB, locale) })
      : error === TOO_LARGE
        ? t("target.error.max", { max: formatNumber(MAX_TARGET_MB, locale) })
        : t("target.error.enter", { example: formatNumber(1.5, locale) });
  const options: { value: TargetPreset; label: string }[] = [
    { value: "none", label: noneLabel },
    ...TARGET_PRESETS.map((p) => {
      const size = formatTarget(p.bytes, locale);
      return { value: p.value, label: p.email ? t("target.email", { size }) : t("target.under", { size }) };
    }),
    { value: "custom", label: t("target.custom") },
  ];
  return (
    <Box>
      <RadioGroup.Root
        value={value.preset}
        onValueChange={(e) => e.value && onChange({ ...value, preset: e.value as TargetPreset })}
        aria-label={t("target.label")}
        disabled={disabled}
      >
        <Text fontWeight="medium" fontSize="sm" mb="2">
          {t("target.label")}
        </Text>
        <HStack gap="4" rowGap="2" wrap="wrap">
          {options.map((o) => (
            <RadioGroup.Item key={o.value} value={o.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
      {value.preset === "custom" && (
        <Field.Root invalid={Boolean(problem)} disabled={disabled} mt="3" maxW="xs">
          <Field.Label>{t("target.sizeLabel")}</Field.Label>
          <Input
            size="sm"
            inputMode="decimal"
            autoComplete="off"
            placeholder={formatNumber(1.5, locale)}
            value={value.custom}
            onChange={(e) => onChange({ ...value, custom: e.currentTarget.value })}
            onBlur={() => setLeft(true)}
          />
          {problem ? (
            <Field.ErrorText>{problem}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              {t("target.helper", { example: formatNumber(1.5, locale), bytes: formatNumber(1_500_000, locale) })}
            </Field.HelperText>
          )}
        </Field.Root>
      )}
    </Box>
  );
}
