import { ApiError } from "../api/client";
import type { UploadItem } from "./upload-items";

/**
 * The file a failed batch request was about, when the answer names one: the server's `fileName`
 * (its upload checks), or a file whose name the message names ("b.pdf is damaged..."). A batch
 * whose failure is the job's own (busy, timed out, offline) has none.
 */
export function culpritOf(err: unknown, batch: readonly UploadItem[], message: string): UploadItem | undefined {
  if (batch.length < 2) return undefined;
  const named = err instanceof ApiError ? err.field("fileName") : undefined;
  if (named) {
    const hit = batch.find((b) => b.file.name === named);
    if (hit) return hit;
  }
  // The longest name the message mentions ("a.pdf" is also in "data.pdf").
  const mentioned = batch
    .filter((b) => b.file.name && message.includes(b.file.name))
    .sort((x, y) => y.file.name.length - x.file.name.length);
  return mentioned[0];
}

/** Codes that are one file's own problem: the file is set aside and the rest can go on. */
export function isFileProblem(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.status === 400 || err.status === 413 || (err.status === 422 && err.code !== "job_timeout");
}
