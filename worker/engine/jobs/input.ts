/**
 * What a home hands the job pipeline: the edge reads it from a multipart upload
 * (worker/services/uploads.ts), the device from the files a person picked (web/device). Nothing
 * here is checked yet: the pipeline checks it the same way wherever it came from.
 */

/** One file as a home received it: its name, the type its sender declared, its bytes. */
export interface JobFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A file sent in another field than `files` (the watermark's image, the signature). */
export interface JobAttachment extends JobFile {
  field: string;
}

/** A text field of the job's form (the first, as FormData.get gives it), or undefined. */
export type FieldOf = (name: string) => string | undefined;

export interface JobInput {
  files: readonly JobFile[];
  field: FieldOf;
  attachments?: readonly JobAttachment[];
}

/**
 * The largest file the home takes: at the edge the catalogue's limit within the Worker's
 * configured one, on the device what its memory allows (web/device/budget.ts).
 */
export interface JobLimits {
  maxFileBytes: number;
}
