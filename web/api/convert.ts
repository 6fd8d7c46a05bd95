/**
 * The conversion calls (spec section 7) and the rules that turn their failures into the words
 * a person sees (spec section 8). Components reach them through the mutation hooks at the end.
 */
import { useMutation } from "@tanstack/react-query";
import * as v from "valibot";
import { AnalyzeResponse, ConversionResponse, type ConvertedFile } from "../../schema/api";
import { convertPath } from "../../schema/options";
import { inspectOnDevice, runOnDevice, slugOfPath } from "../device/client";
import { isDeviceError } from "../device/errors";
import { isDeviceMode } from "../device/mode";
import { ApiError, apiErrorOf, apiRequest } from "./client";

export function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === "AbortError";
}

/** Generic upload failure (spec section 8): 429 -> upgradeMessage, else the server's error, else the status. */
/** What a server tool says with no connection (the site itself still works, from its cache). */
export const OFFLINE_MESSAGE =
  "You are offline. This tool needs a connection, unless you turn on Process on this device to run it here.";

export function uploadFailureMessage(err: unknown): string {
  if (typeof navigator !== "undefined" && navigator.onLine === false && !(err instanceof ApiError)) {
    return OFFLINE_MESSAGE;
  }
  if (err instanceof ApiError) {
    if (err.status === 429) return err.field("upgradeMessage") ?? "Daily conversion limit reached";
    return err.serverError ?? `Upload failed: ${err.statusText}`;
  }
  return "Processing failed";
}

/** Watermark and unlock failures name only the status (spec section 8); the fallback is the tool's own. */
export function formFailureMessage(err: unknown, fallback: string): string {
  // A job on this device has no status line to name: its own words say what went wrong.
  if (isDeviceError(err)) return err.message;
  if (typeof navigator !== "undefined" && navigator.onLine === false && !(err instanceof ApiError)) {
    return OFFLINE_MESSAGE;
  }
  return err instanceof ApiError ? `Upload failed: ${err.statusText}` : fallback;
}

export interface PostOptions {
  /** Send the session token (generic tools and protect); the watermark, unlock and split calls do not. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Called when the response headers arrive, before the body is read. */
  onResponse?: () => void;
  /** Other files the tool takes, each in its own field (the watermark's image). */
  attachments?: Record<string, File>;
}

async function post(path: string, files: readonly File[], fields: Record<string, string>, opts: PostOptions) {
  const body = new FormData();
  for (const f of files) body.append("files", f, f.name);
  for (const [k, value] of Object.entries(fields)) body.append(k, value);
  for (const [k, file] of Object.entries(opts.attachments ?? {})) body.append(k, file, file.name);
  const res = await apiRequest(path, { method: "POST", body, auth: opts.auth ?? false, signal: opts.signal });
  opts.onResponse?.();
  if (!res.ok) throw await apiErrorOf(res, (a) => a.serverError ?? `Upload failed: ${a.statusText}`);
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** POST multipart `files` (+ fields) to a conversion endpoint; the answer is `{ message, files, file }`. */
export async function postConversion(
  path: string,
  files: readonly File[],
  fields: Record<string, string> = {},
  opts: PostOptions = {},
): Promise<ConversionResponse> {
  // "Process on this device": the same engine in a Web Worker; nothing is sent.
  const slug = isDeviceMode() ? slugOfPath(path) : null;
  if (slug) {
    return runOnDevice(slug, files, fields, opts.attachments, {
      signal: opts.signal,
      onProgress: (stage) => stage === "processing" && opts.onResponse?.(),
    });
  }
  const parsed = v.safeParse(ConversionResponse, await post(path, files, fields, opts));
  if (!parsed.success) throw new Error("Processing failed");
  return parsed.output;
}

/** Every file of an answer, whether it came as `files` or as the single `file`. */
export function resultFiles(res: ConversionResponse): ConvertedFile[] {
  if (res.files && res.files.length > 0) return res.files;
  return res.file ? [res.file] : [];
}

/** POST /api/analyze-pdf (no authorization): the real page count (an encrypted file's with its password). */
export async function analyzePdf(file: File, signal?: AbortSignal, password?: string): Promise<number> {
  const fields: Record<string, string> = password === undefined ? {} : { password };
  if (isDeviceMode())
    return ((await inspectOnDevice("analyze-pdf", file, fields, { signal })) as { pageCount: number }).pageCount;
  const parsed = v.safeParse(AnalyzeResponse, await post("/api/analyze-pdf", [file], fields, { signal }));
  if (!parsed.success) throw new Error("Failed to analyze PDF");
  return parsed.output.pageCount;
}

export type PageJob = "extract" | "split";

/** POST /api/convert/extract-pages or split-pages (no authorization), selectedPages as a JSON array. */
export function convertPages(
  job: PageJob,
  file: File,
  pages: readonly number[],
  signal?: AbortSignal,
  password?: string,
) {
  const path = convertPath(job === "extract" ? "extract-pages" : "split-pages");
  const fields = { selectedPages: JSON.stringify(pages), ...(password === undefined ? {} : { password }) };
  return postConversion(path, [file], fields, { signal });
}

export interface ConversionVars {
  path: string;
  files: readonly File[];
  fields?: Record<string, string>;
  options?: PostOptions;
}

export function useConversion() {
  return useMutation({
    mutationFn: ({ path, files, fields, options }: ConversionVars) => postConversion(path, files, fields, options),
  });
}

export function useAnalyzePdf() {
  return useMutation({
    mutationFn: ({ file, signal, password }: { file: File; signal?: AbortSignal; password?: string }) =>
      analyzePdf(file, signal, password),
  });
}

export function usePageJob() {
  return useMutation({
    mutationFn: ({
      job,
      file,
      pages,
      signal,
      password,
    }: {
      job: PageJob;
      file: File;
      pages: number[];
      signal?: AbortSignal;
      password?: string;
    }) => convertPages(job, file, pages, signal, password),
  });
}
