import type { LocaleTag } from "../../schema/locales";
import { ApiError } from "../api/client";
import type { MessageKey } from "./catalogs";
import { isLoaded, runtimeOf } from "./runtime";

type ErrorKey = MessageKey<"errors">;

/**
 * What a person reads for a failed call. The API keeps its English `error` (the spec's words, and
 * the most specific: it may name a page or a file), so English shows it as it came. Other
 * languages show the `errors` catalog's text for the answer's `code`, filled from the answer:
 * `fileName` (invalid_file, pdf_damaged...) and `params` (numbers: file_too_large's `limitMB`).
 * `overrides` word a code for the place it happens (sign-in's `unauthorized` is "wrong password").
 * Undefined when there is nothing to say: the caller's own fallback applies.
 */
export function apiErrorText(
  err: unknown,
  tag: LocaleTag,
  overrides: Partial<Record<string, string>> = {},
): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  if (tag === "en") return err.serverError;
  if (err.status === 0) return localized(tag, "network") ?? err.serverError;
  const code = err.code;
  if (!code) return err.serverError;
  const override = overrides[code];
  if (override) return override;
  const body = (err.body && typeof err.body === "object" ? err.body : {}) as Record<string, unknown>;
  const params = (body.params && typeof body.params === "object" ? body.params : {}) as Record<string, unknown>;
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries({ ...params, fileName: body.fileName })) {
    if (typeof v === "string" || typeof v === "number") values[k] = v;
  }
  // The most specific wording the answer can fill: "<code>.<param>" variants first.
  const keys = [...Object.keys(values).map((k) => `${code}.${k === "fileName" ? "named" : k}`), code] as ErrorKey[];
  for (const key of keys) {
    const text = localized(tag, key, values);
    if (text) return text;
  }
  return err.serverError;
}

function localized(tag: LocaleTag, key: string, values?: Record<string, string | number>): string | undefined {
  if (!isLoaded(tag, "errors")) return undefined;
  const runtime = runtimeOf(tag);
  const id = `errors:${key}`;
  return id in runtime.messages ? runtime._(id, values) : undefined;
}
