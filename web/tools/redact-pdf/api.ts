/** POST /api/redact-preview: where a search's matches are on the pages (not a conversion). */
import { useMutation } from "@tanstack/react-query";
import * as v from "valibot";
import { REDACT_PLACE_KINDS, type RedactPattern, type RedactPreviewAnswer } from "../../../schema/form-options";
import { apiErrorOf, apiRequest } from "../../api/client";
import { inspectOnDevice } from "../../device/client";
import { isDeviceMode } from "../../device/mode";

export interface RedactSearch {
  search: string;
  matchCase: boolean;
  wholeWord: boolean;
  patterns: RedactPattern[];
}

const Rect = v.object({ x: v.number(), y: v.number(), width: v.number(), height: v.number() });
const PreviewAnswer = v.object({
  pageCount: v.number(),
  matches: v.array(
    v.object({
      id: v.string(),
      page: v.number(),
      text: v.string(),
      context: v.string(),
      kind: v.picklist(REDACT_PLACE_KINDS),
      label: v.optional(v.string()),
      rects: v.array(Rect),
    }),
  ),
});

export async function previewRedaction(
  file: File,
  query: RedactSearch,
  password?: string,
  signal?: AbortSignal,
): Promise<RedactPreviewAnswer> {
  const body = new FormData();
  body.append("files", file, file.name);
  body.append("search", query.search);
  body.append("matchCase", String(query.matchCase));
  body.append("wholeWord", String(query.wholeWord));
  body.append("patterns", query.patterns.join(","));
  if (password !== undefined) body.append("password", password);
  const answer = isDeviceMode()
    ? await inspectOnDevice("redact-preview", file, fieldsOf(body), { signal })
    : await requestPreview(body, signal);
  const parsed = v.safeParse(PreviewAnswer, answer);
  if (!parsed.success) throw new Error("The search failed. Please try again.");
  return parsed.output;
}

/** The text fields of a form, for the device engine (which reads them as the server does). */
function fieldsOf(body: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [k, value] of body) if (typeof value === "string") fields[k] = value;
  return fields;
}

async function requestPreview(body: FormData, signal?: AbortSignal): Promise<unknown> {
  const res = await apiRequest("/api/redact-preview", { method: "POST", body, auth: true, signal });
  if (!res.ok) throw await apiErrorOf(res, (a) => a.serverError ?? `Search failed: ${a.statusText}`);
  return res.json().catch(() => null);
}

export function useRedactPreview() {
  return useMutation({
    mutationFn: ({ file, query, password }: { file: File; query: RedactSearch; password?: string }) =>
      previewRedaction(file, query, password),
  });
}
