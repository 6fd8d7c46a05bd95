import { cleanFileName } from "../engine/core/filenames";

/** A Content-Disposition value that every browser reads, whatever the name's characters. */
export function contentDisposition(fileName: string, type: "attachment" | "inline" = "attachment"): string {
  const name = cleanFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
