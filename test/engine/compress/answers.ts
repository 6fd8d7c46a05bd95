/**
 * The conversion endpoints' answers, made in Node: the form a page sends, read as the Worker's
 * route reads it (files, text fields, files of other fields), through the engine's job pipeline
 * (worker/engine/jobs) and its answer (answerOf, what the route sends), each made file kept in
 * memory behind its download link; a refusal is the route's error body with its status from
 * schema/api.ts's table. So the compression tests, which judge bytes, run here with the
 * requests they were written with; the endpoints themselves are tested in
 * test/worker/compress/contract.test.ts.
 */
import { expect } from "vitest";
import { type ConversionResponse, type ConvertedFile, type ErrorCode, errorStatus } from "../../../schema/api";
import { Budget } from "../../../worker/engine/core/budget";
import { isEngineError } from "../../../worker/engine/core/errors";
import { answerOf } from "../../../worker/engine/jobs/answer";
import { isConvertSlug, prepareJob, runJob } from "../../../worker/engine/jobs/convert";
import type { JobAttachment, JobFile } from "../../../worker/engine/jobs/input";
import { JOB_MEMORY, JOB_MS } from "../tools/run";

export type { ConvertedFile } from "../../../schema/api";
/** A conversion's answer: its files always listed. */
export type ConvertBody = ConversionResponse & { files: ConvertedFile[] };

const MAX_FILE_BYTES = 25 * 1024 * 1024;

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

export function form(files: UploadFile[], fields: Record<string, string> = {}): FormData {
  const f = new FormData();
  for (const file of files) {
    f.append("files", new File([file.bytes], file.name, { type: file.type ?? "application/pdf" }));
  }
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

/** The made files, by their download links. */
const stored = new Map<string, Uint8Array>();
let made = 0;

const jobFile = async (f: File): Promise<JobFile> => ({
  name: f.name,
  type: f.type,
  bytes: new Uint8Array(await f.arrayBuffer()),
});

/** A conversion endpoint's answer to the form, as a Response. */
export async function post(path: string, body: FormData): Promise<Response> {
  const slug = path.replace(/^\/api\/convert\//, "");
  if (!isConvertSlug(slug)) throw new Error(`no conversion at ${path}`);
  const files: JobFile[] = [];
  const attachments: JobAttachment[] = [];
  for (const [field, value] of body.entries()) {
    if (typeof value === "string") continue;
    if (field === "files") files.push(await jobFile(value));
    else attachments.push({ field, ...(await jobFile(value)) });
  }
  const field = (name: string) => {
    const v = body.get(name);
    return typeof v === "string" ? v : undefined;
  };
  try {
    const job = prepareJob(slug, { files, field, attachments }, { maxFileBytes: MAX_FILE_BYTES });
    const result = await runJob(job, new Budget(JOB_MS, { memory: JOB_MEMORY }));
    const placed = result.outputs.flatMap((o) => {
      if (!o.ok) return [];
      const downloadUrl = `/api/download/made-${++made}`;
      stored.set(downloadUrl, o.bytes);
      return [{ downloadUrl, size: o.bytes.byteLength }];
    });
    return Response.json(answerOf(result, placed));
  } catch (err) {
    if (!isEngineError(err)) throw err;
    const status = errorStatus[err.code as ErrorCode];
    return Response.json({ ...err.extra, error: err.message, code: err.code }, { status });
  }
}

/** Posts and expects a 200; returns the body. */
export async function convertOk(path: string, body: FormData): Promise<ConvertBody> {
  const res = await post(path, body);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as ConvertBody;
}

/** Posts and expects an error status; returns `{ error, code }`. */
export async function convertFails(path: string, body: FormData, status: number) {
  const res = await post(path, body);
  const parsed = (await res.json()) as { error: string; code: string };
  expect(res.status, JSON.stringify(parsed)).toBe(status);
  expect(typeof parsed.error).toBe("string");
  return parsed;
}

/** A made file's bytes, by its link (its size the answer's). */
export async function download(file: ConvertedFile | undefined): Promise<Uint8Array> {
  expect(file?.downloadUrl).toMatch(/^\/api\/download\//);
  const bytes = stored.get(String(file?.downloadUrl));
  // Kept until read: a test reads each made file once.
  stored.delete(String(file?.downloadUrl));
  expect(bytes, `${file?.downloadUrl} was made`).toBeDefined();
  expect(bytes?.byteLength).toBe(file?.size);
  return bytes as Uint8Array;
}
