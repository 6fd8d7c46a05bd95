import type * as v from "valibot";
import { objectEntries, readWith } from "../schema/options";
import type { AppContext } from "./env";
import { AppError, isAppError } from "./errors";

/** Reads a JSON body and validates it with a shared schema; messages come from the schema. */
export async function readJson<S extends v.GenericSchema>(c: AppContext, schema: S): Promise<v.InferOutput<S>> {
  // Only JSON: an HTML form on another site can post text/plain that parses as JSON (a cross-site
  // sign-in would swap the visitor's session cookie), but it cannot send application/json.
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") {
    throw new AppError("unsupported_media_type", "Send the body as JSON, with Content-Type: application/json.");
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (err) {
    if (isAppError(err)) throw err;
    throw new AppError("invalid_json", "The request body is not valid JSON.");
  }
  return parseWith(schema, body);
}

/** Validates `input` with a shared schema; a person reads the schema's own words, each field's by it. */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  // A body that is not an object at all is read as an empty one, so it gets the fields' own messages.
  const body =
    objectEntries(schema) && (typeof input !== "object" || input === null || Array.isArray(input)) ? {} : input;
  const read = readWith(schema, body);
  if (read.ok) return read.output;
  throw new AppError("validation_failed", read.message, { fields: read.fields });
}
