import * as v from "valibot";
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

export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const entries = entriesOf(schema);
  // A body that is not an object at all is read as an empty one, so it gets the fields' own messages.
  const body = entries && (typeof input !== "object" || input === null || Array.isArray(input)) ? {} : input;
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  const fields: Record<string, string> = {};
  const messages = result.issues.map((issue) => missingKeyMessage(issue, entries) ?? issue.message);
  for (const [i, issue] of result.issues.entries()) {
    const key = v.getDotPath(issue) ?? "";
    if (!(key in fields)) fields[key] = messages[i];
  }
  throw new AppError("validation_failed", messages[0], { fields });
}

type Entries = Record<string, v.GenericSchema>;

/** The entries of an object schema, also inside a pipe (`v.pipe(v.object(...), check)`). */
function entriesOf(schema: v.GenericSchema): Entries | null {
  const s = schema as { type?: string; entries?: Entries; pipe?: v.GenericSchema[] };
  if (s.entries && s.type?.includes("object")) return s.entries;
  return s.pipe?.[0] && s.pipe[0] !== schema ? entriesOf(s.pipe[0]) : null;
}

/**
 * valibot words a missing key as "Invalid key: Expected "firstName" but received undefined"; the
 * field's own schema knows what a person should read ("First name is required").
 */
function missingKeyMessage(issue: v.BaseIssue<unknown>, entries: Entries | null): string | null {
  if (!entries || issue.kind !== "schema" || issue.input !== undefined || issue.path?.length !== 1) return null;
  const key = issue.path[0].key;
  const entry = typeof key === "string" ? entries[key] : undefined;
  if (!entry) return null;
  const own = v.safeParse(entry, undefined);
  return own.success ? null : own.issues[0].message;
}
