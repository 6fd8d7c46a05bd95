/**
 * A job's options read from its form's text fields with the tool's shared schema (schema/options.ts),
 * as both homes read them: a wrong field is refused in the schema's own words, naming the field.
 */
import type * as v from "valibot";
import { fieldsFor, readWith } from "../../../schema/options";
import { EngineError } from "../core/errors";
import type { FieldOf } from "./input";

/**
 * The typed options, or validation_failed with the first problem as its message and `fields`
 * (each wrong field's message). `extra` adds values that are no text field (attached files).
 */
export function readOptions<S extends v.GenericSchema>(
  schema: S,
  field: FieldOf,
  extra: Record<string, unknown> = {},
): v.InferOutput<S> {
  const read = readWith(schema, { ...fieldsFor(schema, field), ...extra });
  if (read.ok) return read.output;
  throw new EngineError("validation_failed", read.message, { fields: read.fields });
}
