import * as v from "valibot";
import { AppError } from "../../errors";
import { parseWith } from "../../validation";

/** The most pages one request may select. */
const MAX_SELECTED = 10_000;
const MAX_PAGE_LIST_CHARS = 200_000;
const TOO_MANY = "Too many pages selected.";

/** A text field of the multipart form, or undefined when absent or empty. */
export function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  if (typeof value !== "string") return undefined;
  return value.trim() === "" ? undefined : value;
}

/** A JSON array of page numbers, as the spec's selectedPages field sends it ("[1,3]"); "1,3-5" works too. */
export function pageListField(form: FormData, name: string): number[] | undefined {
  const raw = textField(form, name);
  if (raw === undefined) return undefined;
  // 10,000 page numbers written out in full fit in well under this; more is not a page list.
  if (raw.length > MAX_PAGE_LIST_CHARS) throw new AppError("validation_failed", TOO_MANY);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = parseRanges(raw);
  }
  // ["1","3"] from a form that kept the values as text means the same pages.
  if (Array.isArray(parsed))
    parsed = parsed.map((p) => (typeof p === "string" && /^\s*\d+\s*$/.test(p) ? Number(p) : p));
  // Wrapped in an object so a problem is reported under the field's own name.
  const { [name]: list } = parseWith(
    v.object({
      [name]: v.array(
        v.pipe(v.number("Page numbers must be whole numbers"), v.integer("Page numbers must be whole numbers")),
        "Pages must be a list of page numbers",
      ),
    }),
    { [name]: parsed },
  );
  if (list.length > MAX_SELECTED) throw new AppError("validation_failed", TOO_MANY);
  return list;
}

/** "1,3-5" as page numbers; stops as soon as the list is too long, so ranges cannot fill memory. */
function parseRanges(raw: string): number[] | string {
  const out: number[] = [];
  for (const part of raw.split(",")) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m) return raw;
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    if (b < a) return raw;
    if (out.length + (b - a + 1) > MAX_SELECTED) throw new AppError("validation_failed", TOO_MANY);
    for (let i = a; i <= b; i++) out.push(i);
  }
  return out;
}
