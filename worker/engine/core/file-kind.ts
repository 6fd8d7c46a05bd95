/**
 * What a file is, and whether a tool takes it: one set of rules, read by the job pipeline both
 * homes run (engine/jobs/files.ts) and by the page as files are added (web/tools/validation.ts),
 * so a file is refused for the same reason, in the same words, wherever it is looked at. The
 * problems are plain values: the pipeline makes them its errors, the page rows on its list.
 */
import { cleanFileName, splitExtension } from "./filenames";

export type FileKind = "pdf" | "jpeg" | "png" | "webp";

export const EXT_KIND: Readonly<Record<string, FileKind>> = {
  ".pdf": "pdf",
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
  ".png": "png",
  ".webp": "webp",
};

export const KIND_LABEL: Readonly<Record<FileKind, string>> = {
  pdf: "PDF file",
  jpeg: "JPEG image",
  png: "PNG image",
  webp: "WebP image",
};

const TYPE_EXT: Readonly<Record<string, string>> = {
  "application/pdf": ".pdf",
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/webp": ".webp",
};

/** How many leading bytes `sniff` reads: PDF readers accept the header anywhere in the first 1024. */
export const SNIFF_BYTES = 1024;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ascii(b: Uint8Array, start: number, length: number): string {
  let s = "";
  for (let i = start; i < start + length && i < b.length; i++) s += String.fromCharCode(b[i]);
  return s;
}

/** What the first bytes say the file is, whatever its name claims. */
export function sniff(b: Uint8Array): FileKind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && PNG_MAGIC.every((x, i) => b[i] === x)) return "png";
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return "webp";
  if (ascii(b, 0, Math.min(b.length, SNIFF_BYTES)).includes("%PDF-")) return "pdf";
  return null;
}

/**
 * The name a file goes by and its extension: a name without one takes its declared type's, if
 * the tool takes that type (spec: a PDF "by type or by .pdf suffix"); the content still decides.
 */
export function nameAndExtension(
  rawName: string,
  type: string,
  accept: readonly string[],
): { name: string; ext: string } {
  const name = cleanFileName(rawName, "file");
  const { ext } = splitExtension(name);
  if (ext !== "") return { name, ext };
  const byType = TYPE_EXT[type.split(";")[0].trim().toLowerCase()];
  return byType && accept.includes(byType) ? { name: `${name}${byType}`, ext: byType } : { name, ext };
}

export type FileProblemKind = "type" | "size" | "empty" | "content";

/** Why a tool does not take a file, in the words a person reads. */
export interface FileProblem {
  kind: FileProblemKind;
  message: string;
  /** The values in the message, for saying it in another language (the Worker's answers carry them). */
  params?: Record<string, string | number>;
}

const MB = 1024 * 1024;

/** Spec section 5: 'File type .{ext} is not supported. Accepted types: {list}'. */
export function typeProblem(ext: string, accept: readonly string[]): FileProblem | null {
  if (accept.includes(ext)) return null;
  const shown = ext || "(none)";
  const accepted = accept.join(", ");
  return {
    kind: "type",
    message: `File type ${shown} is not supported. Accepted types: ${accepted}`,
    params: { ext: shown, accepted },
  };
}

/** Spec section 5: 'File size exceeds {n}MB limit'. */
export function sizeProblem(size: number, limitBytes: number): FileProblem | null {
  if (size <= limitBytes) return null;
  const limitMB = Math.round(limitBytes / MB);
  return { kind: "size", message: `File size exceeds ${limitMB}MB limit`, params: { limitMB } };
}

/**
 * The content against what the name claims, from the first bytes (`head`, at least SNIFF_BYTES
 * of them when the file is that long). A JPEG named .png (or the reverse) is still an image a
 * tool that takes both can read.
 */
export function contentProblem(
  name: string,
  ext: string,
  size: number,
  head: Uint8Array,
  accept: readonly string[],
): FileProblem | null {
  if (size === 0) return { kind: "empty", message: `${name} is empty.` };
  const claimed = EXT_KIND[ext];
  const actual = sniff(head);
  if (actual === claimed) return null;
  const bothImages =
    actual !== null && actual !== "pdf" && claimed !== "pdf" && accept.some((a) => EXT_KIND[a] === actual);
  if (bothImages) return null;
  return { kind: "content", message: `${name} is not a valid ${KIND_LABEL[claimed] ?? "file"}.` };
}

/** What the file is to the tool: what its bytes say, or what its name says when they say nothing. */
export function kindOf(ext: string, head: Uint8Array): FileKind {
  return sniff(head) ?? EXT_KIND[ext];
}

export interface FileToCheck {
  name: string;
  type: string;
  size: number;
  /** The first SNIFF_BYTES bytes (or the whole file). */
  head: Uint8Array;
}

export type FileVerdict =
  | { ok: true; name: string; ext: string; kind: FileKind }
  | { ok: false; name: string; problem: FileProblem };

/** Every rule in the order a person is told: type by name, size, then content by its bytes. */
export function checkFileRules(file: FileToCheck, accept: readonly string[], limitBytes: number): FileVerdict {
  const { name, ext } = nameAndExtension(file.name, file.type, accept);
  const problem =
    typeProblem(ext, accept) ??
    sizeProblem(file.size, limitBytes) ??
    contentProblem(name, ext, file.size, file.head, accept);
  return problem ? { ok: false, name, problem } : { ok: true, name, ext, kind: kindOf(ext, file.head) };
}
