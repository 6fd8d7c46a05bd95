import { Field, Input, NativeSelect, SegmentGroup } from "@chakra-ui/react";
import { formatNumber } from "../i18n/format";
import { useT } from "../i18n/provider";

/** Small labelled controls the tool pages' options are built from. */

export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange(value: V): void;
  disabled?: boolean;
}) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value as V)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  helper,
  disabled,
}: {
  label: string;
  value: number;
  onChange(value: number): void;
  min: number;
  max: number;
  step?: number;
  helper?: string;
  disabled?: boolean;
}) {
  const t = useT("tool-shell");
  const invalid = !Number.isFinite(value) || value < min || value > max;
  return (
    <Field.Root invalid={invalid} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={Number.isFinite(value) ? value : ""}
        onChange={(e) => onChange(e.currentTarget.value === "" ? Number.NaN : Number(e.currentTarget.value))}
      />
      {invalid ? (
        <Field.ErrorText>{t("fields.range", { min: formatNumber(min), max: formatNumber(max) })}</Field.ErrorText>
      ) : (
        helper && <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  );
}

export function Segments<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange(value: V): void;
  disabled?: boolean;
}) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <SegmentGroup.Root
        size="sm"
        value={value}
        onValueChange={(e) => e.value && onChange(e.value as V)}
        aria-label={label}
        disabled={disabled}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={options.map((o) => ({ value: o.value, label: o.label }))} />
      </SegmentGroup.Root>
    </Field.Root>
  );
}
