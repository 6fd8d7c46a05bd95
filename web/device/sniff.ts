/**
 * What a file is, by its first bytes (a copy of the Worker's upload check in
 * worker/services/uploads.ts, whose module needs the Worker's config and errors).
 */
export type FileKind = "pdf" | "jpeg" | "png" | "webp";

export const EXT_KIND: Record<string, FileKind> = {
  ".pdf": "pdf",
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
  ".png": "png",
  ".webp": "webp",
};

export const KIND_LABEL: Record<FileKind, string> = {
  pdf: "PDF file",
  jpeg: "JPEG image",
  png: "PNG image",
  webp: "WebP image",
};

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function sniff(b: Uint8Array): FileKind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && PNG_MAGIC.every((x, i) => b[i] === x)) return "png";
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return "webp";
  // PDF readers accept the header anywhere in the first 1024 bytes.
  if (ascii(b, 0, Math.min(b.length, 1024)).includes("%PDF-")) return "pdf";
  return null;
}

function ascii(b: Uint8Array, start: number, length: number): string {
  let s = "";
  for (let i = start; i < start + length && i < b.length; i++) s += String.fromCharCode(b[i]);
  return s;
}
