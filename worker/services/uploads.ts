import type { ToolDef } from "../../schema/tools";
import { config, MB } from "../config";
import { checkFileRules, type FileKind, type FileProblemKind, SNIFF_BYTES } from "../engine/core/file-kind";
import type { AppContext } from "../env";
import { AppError, type ErrorCode } from "../errors";
import { admissionOf } from "./admission";
import { readMultipart } from "./multipart";

/** One uploaded file, checked: allowed extension, within the size limit, real content. */
export interface Upload {
  name: string;
  ext: string;
  kind: FileKind;
  bytes: Uint8Array;
  size: number;
}

export function acceptedList(tool: ToolDef): string {
  return tool.accept.join(", ");
}

/** One file as the multipart body holds it: its name, declared type and bytes (a view into the body). */
export interface UploadedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** The HTTP error for each kind of problem (engine/core/file-kind.ts words them). */
const PROBLEM_CODE: Record<FileProblemKind, ErrorCode> = {
  type: "unsupported_file_type",
  size: "file_too_large",
  empty: "invalid_file",
  content: "invalid_file",
};

/** Checks one file against a tool's rules (the one set in engine/core/file-kind.ts); the messages are the spec's. */
export async function checkUpload(file: UploadedFile, tool: ToolDef, maxFileBytes: number): Promise<Upload> {
  const limitBytes = Math.min(tool.maxSizeMB * MB, maxFileBytes);
  const bytes = file.bytes;
  const verdict = checkFileRules(
    { name: file.name, type: file.type, size: bytes.byteLength, head: bytes.subarray(0, SNIFF_BYTES) },
    tool.accept,
    limitBytes,
  );
  if (!verdict.ok) {
    // params: what the site needs to say this in the visitor's language (web/i18n/errors.ts).
    const { kind, message, params } = verdict.problem;
    throw new AppError(PROBLEM_CODE[kind], message, { fileName: verdict.name, ...(params ? { params } : {}) });
  }
  return { name: verdict.name, ext: verdict.ext, kind: verdict.kind, bytes, size: bytes.byteLength };
}

/** A file in another field than `files` (the watermark's image), not checked yet: its tool says how. */
export interface OtherFile extends UploadedFile {
  field: string;
}

/**
 * Reads the multipart body (bounded by the request limit, kept once: files are views into it)
 * and checks the `files` field against the tool's rules: count, type, size, content. Files in
 * other fields come back as they are, for the tool that takes them to check. A job admitted
 * with admitJob holds its upload as it arrives and, once the files pass, its whole estimate.
 */
export async function readUploads(
  c: AppContext,
  tool: ToolDef,
): Promise<{ uploads: Upload[]; form: FormData; others: OtherFile[] }> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) {
    throw new AppError("bad_request", "Send the files as multipart/form-data in a field named files.");
  }
  const { maxFileBytes, maxRequestBytes } = config(c.env);
  const admission = admissionOf(c);
  const body = await readMultipart(c.req.raw, maxRequestBytes, () => requestTooLarge(maxRequestBytes), admission);
  const files = body.files.filter((f) => f.field === "files");
  if (files.length === 0) throw new AppError("validation_failed", "No files selected");
  if (files.length < tool.minFiles) {
    throw new AppError(
      "validation_failed",
      tool.id === "merge-pdf"
        ? "At least 2 files required for merging"
        : `At least ${tool.minFiles} files are required`,
    );
  }
  if (files.length > tool.maxFiles) {
    throw new AppError(
      "validation_failed",
      tool.maxFiles === 1
        ? "Please upload one file at a time."
        : `You can upload at most ${tool.maxFiles} files at once.`,
    );
  }
  const uploads: Upload[] = [];
  for (const file of files) uploads.push(await checkUpload(file, tool, maxFileBytes));
  const fields = new FormData();
  for (const [key, value] of body.fields) fields.append(key, value);
  const others = body.files.filter((f) => f.field !== "files");
  await admission?.ready(body.size);
  return { uploads, form: fields, others };
}

export function requestTooLarge(maxRequestBytes: number): AppError {
  return new AppError(
    "payload_too_large",
    `This upload is too large. One request can carry at most ${Math.round(maxRequestBytes / MB)}MB in total.`,
  );
}
