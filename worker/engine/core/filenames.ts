/** File names as people gave them, made safe to store, show and derive result names from. */

/**
 * Control characters, and the bidirectional controls (U+202A-202E, U+2066-2069, U+200E-200F,
 * U+061C) that make "invoice\u202Efdp.exe" read as "invoiceexe.pdf".
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The last path segment, without control characters, trimmed to a sane length. */
export function cleanFileName(name: string, fallback = "file"): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(CONTROL, "").replace(/\s+/g, " ").trim();
  if (!cleaned || cleaned === "." || cleaned === "..") return fallback;
  if (cleaned.length <= 180) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, 180 - ext.length) + ext;
}

/** "Report.final.PDF" -> { stem: "Report.final", ext: ".pdf" } */
export function splitExtension(name: string): { stem: string; ext: string } {
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return { stem: name, ext: "" };
  return { stem: name.slice(0, dot), ext: name.slice(dot).toLowerCase() };
}

/** "report.pdf" + "merged" -> "report-merged.pdf"; the extension defaults to the input's. */
export function derivedName(original: string, suffix: string, ext?: string): string {
  const { stem, ext: originalExt } = splitExtension(cleanFileName(original));
  return `${stem}${suffix ? `-${suffix}` : ""}${ext ?? originalExt}`;
}
