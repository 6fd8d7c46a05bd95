import { encodeHexLowerCase } from "@oslojs/encoding";
import { MAX_PASSWORD_LENGTH } from "../../../../schema/options";
import type { Budget } from "../../core/budget";
import { EngineError } from "../../core/errors";
import { loadPdf, outputEstimate, PRODUCER } from "../document";
import { SaslprepError, saslprep } from "./saslprep";
import { decryptionOf, dropSupersededObjects } from "./security";
import { dropPdfaClaim, saveEncrypted } from "./write";

export interface Permissions {
  printing: boolean;
  /** Copying text and images out of the document. */
  copying: boolean;
  /** Changing content, annotating, filling forms and assembling pages. */
  editing: boolean;
}

export const ALL_ALLOWED: Permissions = { printing: true, copying: true, editing: true };

export interface ProtectOptions {
  password: string;
  permissions?: Permissions;
  name?: string;
  budget?: Budget;
}

/**
 * The password as ISO 32000-2 wants it for AES-256: SASLprep'd, so that readers that prepare it
 * (as the standard says) and those that take the typed text as is (qpdf) agree whenever the two
 * are the same, which they are for everything but unusual Unicode.
 */
export function preparePassword(password: string): string {
  if (password.length === 0) throw new EngineError("validation_failed", "Please enter a password to protect your PDF");
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new EngineError("validation_failed", `The password can be at most ${MAX_PASSWORD_LENGTH} characters long.`);
  }
  let prepared: string;
  try {
    prepared = saslprep(password);
  } catch (err) {
    if (!(err instanceof SaslprepError)) throw err;
    throw new EngineError("validation_failed", `${err.message} Please choose another password.`);
  }
  if (prepared.length === 0) {
    throw new EngineError(
      "validation_failed",
      "The password has only invisible characters. Please choose another password.",
    );
  }
  return prepared;
}

function randomOwnerPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return encodeHexLowerCase(bytes);
}

/**
 * Encrypts with AES-256 (revision 6): the password opens the file; a random owner password,
 * never shown, keeps the chosen permissions binding on readers that honour them.
 */
export async function protectPdf(bytes: Uint8Array, opts: ProtectOptions): Promise<Uint8Array> {
  const password = preparePassword(opts.password);
  const allow = opts.permissions ?? ALL_ALLOWED;
  // A file that already has a password (even only an owner's) is unlocked first, on purpose.
  const alreadyLocked = () =>
    new EngineError(
      "pdf_encrypted",
      `${opts.name ?? "This PDF"} already has a password. Unlock it first with the Unlock PDF tool, then protect it again.`,
    );
  const doc = await loadPdf(bytes, { name: opts.name, budget: opts.budget }).catch((err: unknown) => {
    if (err instanceof EngineError && (err.code === "pdf_encrypted" || err.code === "password_required")) {
      throw alreadyLocked();
    }
    throw err;
  });
  if (decryptionOf(doc)) throw alreadyLocked();
  opts.budget?.check();
  doc.setProducer(PRODUCER);
  doc.setModificationDate(new Date());
  dropPdfaClaim(doc);
  dropSupersededObjects(doc.context);
  doc.encrypt({
    algorithm: "AES-256",
    userPassword: password,
    ownerPassword: randomOwnerPassword(),
    permissions: {
      printing: allow.printing ? "highResolution" : false,
      copying: allow.copying,
      // ISO 32000-2 deprecates this bit and asks writers to always set it.
      contentAccessibility: true,
      modifying: allow.editing,
      annotating: allow.editing,
      fillingForms: allow.editing,
      documentAssembly: allow.editing,
    },
  });
  opts.budget?.check();
  // Every stream is encrypted into a new buffer, and the output holds them all again.
  opts.budget?.take(2 * outputEstimate(doc), "The protected PDF");
  try {
    return await saveEncrypted(doc, 500);
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw new EngineError("pdf_damaged", "This PDF has parts that could not be written back. It may be damaged.");
  }
}
