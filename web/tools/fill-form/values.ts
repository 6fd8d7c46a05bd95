import type { FieldValue, FormField } from "../../../schema/form-options";

/** What the page keeps for each field the person can fill: field name to value. */
export type FormValues = Record<string, FieldValue>;

/** The fields a person can fill on this page: push buttons and signatures are not filled here. */
export function fillable(fields: readonly FormField[]): FormField[] {
  return fields.filter((f) => f.type !== "button" && f.type !== "signature");
}

/** The form as the file holds it. */
export function initialValues(fields: readonly FormField[]): FormValues {
  const out: FormValues = {};
  for (const f of fillable(fields)) out[f.name] = normalise(f, f.value);
  return out;
}

function normalise(field: FormField, value: FieldValue): FieldValue {
  if (field.type === "checkbox") return value === true || (typeof value === "string" && truthy(value, field));
  if (field.type === "list" && field.multiSelect) return Array.isArray(value) ? value : value ? [String(value)] : [];
  if (Array.isArray(value)) return value[0] ?? "";
  return typeof value === "boolean" ? (value ? "true" : "") : value;
}

const YES = /^(true|yes|y|1|x|on|checked|✓|✔)$/i;

function truthy(text: string, field: FormField): boolean {
  const t = text.trim();
  if (YES.test(t)) return true;
  return (field.options ?? []).some((o) => o.toLowerCase() === t.toLowerCase() && !/^off$/i.test(o));
}

/** A choice as the field spells it (case ignored), or the text as given when no choice matches. */
function choice(field: FormField, text: string): string {
  const t = text.trim();
  return (field.options ?? []).find((o) => o.toLowerCase() === t.toLowerCase()) ?? t;
}

/**
 * A value from a CSV cell or a JSON value, as the field takes it: a checkbox reads yes/true/1/x
 * (or its own "on" word) as ticked; a choice is matched to the field's spelling; a multi-select
 * list takes a JSON list or choices separated by semicolons.
 */
export function coerceValue(field: FormField, raw: unknown): FieldValue {
  if (field.type === "checkbox") {
    if (typeof raw === "boolean") return raw;
    if (typeof raw === "number") return raw !== 0;
    return typeof raw === "string" ? truthy(raw, field) : false;
  }
  if (field.type === "list" && field.multiSelect) {
    const parts = Array.isArray(raw) ? raw.map(String) : raw == null ? [] : String(raw).split(/[;|\n]/);
    return parts.map((p) => choice(field, p)).filter(Boolean);
  }
  const text = Array.isArray(raw) ? raw.map(String).join(", ") : raw == null ? "" : String(raw);
  if (field.type === "radio" || field.type === "dropdown" || field.type === "list") return choice(field, text);
  return field.maxLength ? text.slice(0, field.maxLength) : text;
}

const same = (a: FieldValue | undefined, b: FieldValue | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** The `values` field: only what differs from the file, so the fields nobody touched stay as they are. */
export function changedValues(fields: readonly FormField[], values: FormValues): FormValues {
  const start = initialValues(fields);
  const out: FormValues = {};
  for (const f of fillable(fields)) {
    if (f.readOnly) continue;
    const v = values[f.name];
    if (v !== undefined && !same(v, start[f.name])) out[f.name] = v;
  }
  return out;
}

/** The required fields left empty, by name. */
export function missingRequired(fields: readonly FormField[], values: FormValues): string[] {
  return fillable(fields)
    .filter((f) => f.required && !f.readOnly)
    .filter((f) => {
      const v = values[f.name];
      return v === undefined || v === "" || v === false || (Array.isArray(v) && v.length === 0);
    })
    .map((f) => f.name);
}
