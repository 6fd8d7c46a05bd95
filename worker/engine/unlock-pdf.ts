import type { Budget } from "../services/budget";
import { loadPdf, savePdf } from "./pdf";
import { type Decryption, decryptionOf } from "./pdf-crypto";

export interface UnlockOptions {
  /** The user or the owner password; files with an empty user password need none. */
  password?: string;
  name?: string;
  budget?: Budget;
}

export interface UnlockResult {
  bytes: Uint8Array;
  /** Null when the input had no encryption: its bytes come back unchanged. */
  decryption: Decryption | null;
  pageCount: number;
}

/** Writes a fully decrypted copy: no /Encrypt, every string and stream in clear. */
export async function unlockPdf(bytes: Uint8Array, opts: UnlockOptions = {}): Promise<UnlockResult> {
  // loadPdf with a password goes through our decryption (pdf-crypto.ts) and checks the pages.
  const doc = await loadPdf(bytes, { password: opts.password ?? "", name: opts.name });
  const pageCount = doc.getPageCount();
  const decryption = decryptionOf(doc);
  if (!decryption) return { bytes, decryption, pageCount };
  opts.budget?.check();
  return { bytes: await savePdf(doc), decryption, pageCount };
}
