import type { ToolDef } from "../../schema/tools";
import { config, MB } from "../config";
import { cleanFileName, splitExtension } from "../engine/core/filenames";
import type { AppContext } from "../env";
import { AppError } from "../errors";
import { readMultipart } from "./multipart";

/** One uploaded file, checked: allowed extension, within the size limit, real content. */
export interface Upload {
  name: string;
  ext: string;
  kind: FileKind;
  bytes: Uint8Array;
  size: number;
}

export type FileKind = "pdf" | "jpeg" | "png" | "webp";

const EXT_KIND: Record<string, FileKind> = {
  ".pdf": "pdf",
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
  ".png": "png",
  ".webp": "webp",
};

const KIND_LABEL: Record<FileKind, string> = {
  pdf: "PDF file",
  jpeg: "JPEG image",
  png: "PNG image",
  webp: "WebP image",
};

/** What the first bytes say the file is, whatever its name claims. */
export function sniff(bytes: Uint8Array): FileKind | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  )
    return "png";
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return "webp";
  // PDF readers accept the header anywhere in the first 1024 bytes.
  const head = ascii(b, 0, Math.min(b.length, 1024));
  if (head.includes("%PDF-")) return "pdf";
  return null;
}

function ascii(b: Uint8Array, start: number, length: number): string {
  let s = "";
  for (let i = start; i < start + length && i < b.length; i++) s += String.fromCharCode(b[i]);
  return s;
}

const TYPE_EXT: Record<string, string> = {
  "application/pdf": ".pdf",
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/webp": ".webp",
};

/** The extension a declared media type stands for, if the tool takes that type. */
function extensionForType(type: string, tool: ToolDef): string | undefined {
  const ext = TYPE_EXT[type.split(";")[0].trim().toLowerCase()];
  return ext && tool.accept.includes(ext) ? ext : undefined;
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

/** Checks one file against a tool's rules; the messages are the spec's. */
export async function checkUpload(file: UploadedFile, tool: ToolDef, maxFileBytes: number): Promise<Upload> {
  let name = cleanFileName(file.name, "file");
  let { ext } = splitExtension(name);
  // A name without an extension is taken by its declared type (spec: a PDF "by type or by .pdf
  // suffix"), and named for it; the content check below still decides.
  const byType = ext === "" ? extensionForType(file.type, tool) : undefined;
  if (byType) {
    ext = byType;
    name = `${name}${ext}`;
  }
  if (!tool.accept.includes(ext)) {
    const shown = ext ? ext : "(none)";
    throw new AppError(
      "unsupported_file_type",
      `File type ${shown} is not supported. Accepted types: ${acceptedList(tool)}`,
      // params: what the site needs to say this in the visitor's language (web/i18n/errors.ts).
      { fileName: name, params: { ext: shown, accepted: acceptedList(tool) } },
    );
  }
  const limitBytes = Math.min(tool.maxSizeMB * MB, maxFileBytes);
  if (file.bytes.length > limitBytes) {
    const limitMB = Math.round(limitBytes / MB);
    throw new AppError("file_too_large", `File size exceeds ${limitMB}MB limit`, {
      fileName: name,
      params: { limitMB },
    });
  }
  if (file.bytes.length === 0) throw new AppError("invalid_file", `${name} is empty.`, { fileName: name });
  const bytes = file.bytes;
  const claimed = EXT_KIND[ext];
  const actual = sniff(bytes);
  if (actual !== claimed) {
    // A JPEG named .png (or the reverse) is still an image the tool can read.
    const bothImages =
      actual !== null && actual !== "pdf" && claimed !== "pdf" && tool.accept.some((a) => EXT_KIND[a] === actual);
    if (!bothImages) {
      throw new AppError("invalid_file", `${name} is not a valid ${KIND_LABEL[claimed]}.`, { fileName: name });
    }
  }
  return { name, ext, kind: actual ?? claimed, bytes, size: bytes.byteLength };
}

/** A file in another field than `files` (the watermark's image), not checked yet: its tool says how. */
export interface OtherFile extends UploadedFile {
  field: string;
}

/**
 * Reads the multipart body (bounded by the request limit, kept once: files are views into it)
 * and checks the `files` field against the tool's rules: count, type, size, content. Files in
 * other fields come back as they are, for the tool that takes them to check.
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
  const body = await readMultipart(c.req.raw, maxRequestBytes, () => requestTooLarge(maxRequestBytes));
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
  return { uploads, form: fields, others };
}

export function requestTooLarge(maxRequestBytes: number): AppError {
  return new AppError(
    "payload_too_large",
    `This upload is too large. One request can carry at most ${Math.round(maxRequestBytes / MB)}MB in total.`,
  );
}
