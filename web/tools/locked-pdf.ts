/**
 * Encrypted PDFs, found as they are added: a file that needs a password waits for it (checked
 * here with pdf.js before anything is sent), then travels with it. Files whose user password is
 * empty open everywhere without asking, so they are not "locked".
 */
import { openPdf } from "./pdf-preview";

const ENCRYPT = new TextEncoder().encode("/Encrypt");
/** Read in slices: a 25 MB file is never copied whole just to be searched. */
const SLICE = 4 * 1024 * 1024;

/**
 * Whether the bytes name an /Encrypt entry anywhere. An encrypted file always does, in clear
 * (a trailer or a cross-reference stream's dictionary is never encrypted nor compressed); an
 * unencrypted file almost never does, and a false alarm only costs one pdf.js open.
 */
export async function mentionsEncrypt(file: Blob): Promise<boolean> {
  for (let start = 0; start < file.size; start += SLICE) {
    // Overlap by the word's length so a mention across two slices is found.
    const from = Math.max(0, start - ENCRYPT.length);
    const bytes = new Uint8Array(await file.slice(from, start + SLICE).arrayBuffer());
    if (indexOf(bytes, ENCRYPT) >= 0) return true;
  }
  return false;
}

function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  const first = needle[0];
  outer: for (let i = hay.indexOf(first); i >= 0 && i <= hay.length - needle.length; i = hay.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

type Opened = "open" | "needs-password" | "wrong-password";

/** pdf.js's verdict on a password ("" for none); a file pdf.js cannot read at all counts as open (the server decides). */
async function tryOpen(file: File, password: string): Promise<Opened> {
  const { task, doc } = await openPdf(file, password);
  try {
    await doc;
    return "open";
  } catch (err) {
    const e = err as { name?: string; code?: number };
    // pdf.js: PasswordResponses.NEED_PASSWORD = 1, INCORRECT_PASSWORD = 2.
    if (e?.name === "PasswordException") return e.code === 2 ? "wrong-password" : "needs-password";
    return "open";
  } finally {
    void task.destroy();
  }
}

/** True when the file cannot be opened without a password. */
export async function needsPassword(file: File): Promise<boolean> {
  if (!/\.pdf$/i.test(file.name) && file.type !== "application/pdf") return false;
  if (!(await mentionsEncrypt(file))) return false;
  return (await tryOpen(file, "")) === "needs-password";
}

/** Whether the password opens the file (its user or its owner password). */
export async function passwordOpens(file: File, password: string): Promise<boolean> {
  return (await tryOpen(file, password)) === "open";
}

/** The `passwords` field for a request: each file's password by its position in the request. */
export function passwordFields(passwords: readonly (string | undefined)[]): Record<string, string> {
  const byPosition: Record<string, string> = {};
  passwords.forEach((p, i) => {
    if (p !== undefined) byPosition[String(i)] = p;
  });
  return Object.keys(byPosition).length > 0 ? { passwords: JSON.stringify(byPosition) } : {};
}
