import * as v from "valibot";
import type { AppContext } from "./env";
import { AppError } from "./errors";

/** Reads a JSON body and validates it with a shared schema; messages come from the schema. */
export async function readJson<S extends v.GenericSchema>(c: AppContext, schema: S): Promise<v.InferOutput<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("invalid_json", "The request body is not valid JSON.");
  }
  return parseWith(schema, body);
}

export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? "";
    if (!(key in fields)) fields[key] = issue.message;
  }
  throw new AppError("validation_failed", result.issues[0].message, { fields });
}
