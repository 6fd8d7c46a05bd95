import type { Budget } from "../../core/budget";
import { checkPageContents } from "../content-check";
import { intactAsLoaded, loadPdf, savePdf } from "../document";
import { type Decryption, decryptionOf } from "./security";

export interface UnlockOptions {
  /** The user or the owner password; files with an empty user password need none. */
  password?: string;
  name?: string;
  budget?: Budget;
}

export interface UnlockResult {
  bytes: Uint8Array;
  /** Null when the input had no encryption: its bytes come back unchanged (repaired if damaged). */
  decryption: Decryption | null;
  pageCount: number;
  /** True when an unencrypted but damaged input was rewritten rather than handed back. */
  repaired: boolean;
}

/** Writes a fully decrypted copy: no /Encrypt, every string and stream in clear. */
export async function unlockPdf(bytes: Uint8Array, opts: UnlockOptions = {}): Promise<UnlockResult> {
  // loadPdf with a password goes through our decryption (pdf-crypto.ts) and checks the pages.
  const doc = await loadPdf(bytes, { password: opts.password ?? "", name: opts.name, budget: opts.budget });
  const pageCount = doc.getPageCount();
  const decryption = decryptionOf(doc);
  if (!decryption) {
    if (intactAsLoaded(bytes, doc)) return { bytes, decryption, pageCount, repaired: false };
    // What a damaged file still holds must be readable (a cut-off encrypted file's is not).
    await checkPageContents(doc, { name: opts.name, budget: opts.budget });
    return { bytes: await savePdf(doc, { budget: opts.budget }), decryption, pageCount, repaired: true };
  }
  opts.budget?.check();
  return { bytes: await savePdf(doc, { budget: opts.budget }), decryption, pageCount, repaired: false };
}
