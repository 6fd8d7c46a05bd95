import { Box, Field, HStack, Input, RadioGroup, Text } from "@chakra-ui/react";
import { useState } from "react";

/**
 * "Compress to a size": no target (the level or quality decides), a preset, or a typed size.
 * Sizes are decimal megabytes, as upload forms state them: 10 MB = 10,000,000 bytes.
 */

export const TARGET_PRESETS = [
  { value: "10", label: "Under 10 MB (e-mail)", bytes: 10_000_000 },
  { value: "5", label: "Under 5 MB", bytes: 5_000_000 },
  { value: "2", label: "Under 2 MB", bytes: 2_000_000 },
  { value: "1", label: "Under 1 MB", bytes: 1_000_000 },
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

const ENTER_SIZE = "Enter a size in MB, for example 1.5.";

/** The typed size in bytes, or what is wrong with it; a comma is read as a decimal point. */
export function parseTargetMB(text: string): { bytes: number } | { error: string } {
  const raw = text
    .trim()
    .replace(",", ".")
    .replace(/\s*mb$/i, "");
  if (raw === "" || !/^\d*\.?\d+$|^\d+\.$/.test(raw)) return { error: ENTER_SIZE };
  const mb = Number(raw);
  if (!Number.isFinite(mb) || mb <= 0) return { error: ENTER_SIZE };
  if (mb < MIN_TARGET_MB) return { error: `The smallest target is ${MIN_TARGET_MB} MB (10 KB).` };
  if (mb > MAX_TARGET_MB) return { error: `The largest target is ${MAX_TARGET_MB.toLocaleString("en")} MB.` };
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
  const [left, setLeft] = useState(false);
  const problem = (showError || left) && targetFields(value).error;
  const options: { value: TargetPreset; label: string }[] = [
    { value: "none", label: noneLabel },
    ...TARGET_PRESETS.map((p) => ({ value: p.value, label: p.label })),
    { value: "custom", label: "Another size" },
  ];
  return (
    <Box>
      <RadioGroup.Root
        value={value.preset}
        onValueChange={(e) => e.value && onChange({ ...value, preset: e.value as TargetPreset })}
        aria-label="Target size"
        disabled={disabled}
      >
        <Text fontWeight="medium" fontSize="sm" mb="2">
          Target size
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
          <Field.Label>Size in MB</Field.Label>
          <Input
            size="sm"
            inputMode="decimal"
            autoComplete="off"
            placeholder="1.5"
            value={value.custom}
            onChange={(e) => onChange({ ...value, custom: e.currentTarget.value })}
            onBlur={() => setLeft(true)}
          />
          {problem ? (
            <Field.ErrorText>{problem}</Field.ErrorText>
          ) : (
            <Field.HelperText>Decimals are fine: 1.5 MB is 1,500,000 bytes.</Field.HelperText>
          )}
        </Field.Root>
      )}
    </Box>
  );
}
