import { Checkbox, Field, Heading, Input, NativeSelect, RadioGroup, Stack, Text, Textarea } from "@chakra-ui/react";
import type { FieldValue, FormField } from "../../../schema/form-options";
import { useT } from "../../i18n/provider";
import { fromPicker, pickerFits, toPicker } from "./date-format";

export interface FieldListProps {
  fields: FormField[];
  values: Record<string, FieldValue>;
  onChange(name: string, value: FieldValue): void;
}

/** The fields grouped by the page they first show on; fields shown on no page come last. */
export function groupByPage(fields: readonly FormField[]): { page: number | null; fields: FormField[] }[] {
  const groups = new Map<number | null, FormField[]>();
  for (const f of fields) {
    const page = f.widgets.length > 0 ? Math.min(...f.widgets.map((w) => w.page)) : null;
    groups.set(page, [...(groups.get(page) ?? []), f]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER))
    .map(([page, list]) => ({ page, fields: list }));
}

/** Every field as a labelled control, bound to the same values as the inputs on the pages. */
export function FieldList({ fields, values, onChange }: FieldListProps) {
  const t = useT("fill-form");
  return (
    <Stack gap="5" data-testid="field-list">
      {groupByPage(fields).map((g) => (
        <Stack
          key={g.page ?? "none"}
          gap="3"
          as="section"
          aria-label={g.page ? t("list.page", { page: g.page }) : t("list.noPage")}
        >
          <Heading as="h3" size="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {g.page ? t("list.page", { page: g.page }) : t("list.noPage")}
          </Heading>
          {g.fields.map((f) => (
            <FieldControl key={f.name} field={f} value={values[f.name]} onChange={(v) => onChange(f.name, v)} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

function FieldControl({
  field,
  value,
  onChange,
}: {
  field: FormField;
  value: FieldValue | undefined;
  onChange(v: FieldValue): void;
}) {
  const t = useT("fill-form");
  const options = field.options ?? [];
  if (field.type === "checkbox") {
    return (
      <Checkbox.Root
        size="sm"
        checked={value === true}
        disabled={field.readOnly}
        onCheckedChange={(e) => onChange(e.checked === true)}
        data-field={field.name}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label wordBreak="break-word">
          {field.name}
          {field.required && <Required />}
        </Checkbox.Label>
      </Checkbox.Root>
    );
  }
  const text = typeof value === "string" ? value : "";
  return (
    <Field.Root required={field.required} disabled={field.readOnly} data-field={field.name}>
      <Field.Label wordBreak="break-word">
        {field.name}
        <Field.RequiredIndicator />
      </Field.Label>
      {field.type === "radio" ? (
        <RadioGroup.Root
          size="sm"
          value={text || null}
          onValueChange={(e) => onChange(e.value ?? "")}
          disabled={field.readOnly}
          aria-label={field.name}
        >
          <Stack gap="1.5" direction="row" wrap="wrap" columnGap="4">
            {options.map((o) => (
              <RadioGroup.Item key={o} value={o}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{o}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      ) : field.type === "list" && field.multiSelect ? (
        <Stack gap="1.5" role="group" aria-label={field.name}>
          {options.map((o) => {
            const chosen = Array.isArray(value) ? value : [];
            return (
              <Checkbox.Root
                key={o}
                size="sm"
                checked={chosen.includes(o)}
                disabled={field.readOnly}
                onCheckedChange={(e) => onChange(e.checked === true ? [...chosen, o] : chosen.filter((c) => c !== o))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{o}</Checkbox.Label>
              </Checkbox.Root>
            );
          })}
        </Stack>
      ) : (field.type === "dropdown" || field.type === "list") && !field.editable ? (
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={text} onChange={(e) => onChange(e.currentTarget.value)}>
            <option value="">—</option>
            {options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : field.dateFormat && pickerFits(field.dateFormat) ? (
        <>
          <Input
            size="sm"
            type="date"
            value={toPicker(text, field.dateFormat)}
            onChange={(e) => onChange(fromPicker(e.currentTarget.value, field.dateFormat ?? ""))}
          />
          <Field.HelperText>
            {text
              ? t("list.writtenAsValue", { format: field.dateFormat, value: text })
              : t("list.writtenAs", { format: field.dateFormat })}
          </Field.HelperText>
        </>
      ) : field.multiline ? (
        <Textarea
          size="sm"
          rows={3}
          autoresize
          maxLength={field.maxLength}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      ) : (
        <>
          <Input
            size="sm"
            maxLength={field.maxLength}
            value={text}
            list={field.type === "dropdown" ? `choices-${field.name}` : undefined}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
          {field.type === "dropdown" && (
            <datalist id={`choices-${field.name}`}>
              {options.map((o) => (
                <option key={o} value={o} />
              ))}
            </datalist>
          )}
        </>
      )}
      {field.readOnly && <Field.HelperText>{t("list.readOnly")}</Field.HelperText>}
      {field.maxLength && !field.readOnly && field.type === "text" && (
        <Field.HelperText>{t("list.characters", { length: text.length, max: field.maxLength })}</Field.HelperText>
      )}
    </Field.Root>
  );
}

function Required() {
  const t = useT("fill-form");
  return (
    <Text as="span" color="fg.error" ms="1" aria-label={t("list.required")}>
      *
    </Text>
  );
}
