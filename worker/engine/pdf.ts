import { EncryptedPDFError, PDFDocument } from "@cantoo/pdf-lib";
import { AppError } from "../errors";

/** The producer written into every PDF we save. */
export const PRODUCER = "PDFTools";

/** Objects parsed between yields: lets the job's timer fire while a huge file is parsed. */
const OBJECTS_PER_TICK = 500;

export const ENCRYPTED_MESSAGE =
  "This PDF is password-protected. Unlock it first with the Unlock PDF tool, then try again.";
export const DAMAGED_MESSAGE = "This PDF is damaged or is not a valid PDF, and could not be read.";

export interface LoadPdfOptions {
  /** The name shown in messages ("report.pdf is damaged ..."). */
  name?: string;
  /** Opens an encrypted file with this password (the unlock tool only). */
  password?: string;
}

/**
 * Loads a PDF for a tool. Encrypted input is a 4xx that points to Unlock (never blank pages);
 * anything the parser cannot make sense of is a 4xx saying the file is damaged.
 */
export async function loadPdf(bytes: Uint8Array, opts: LoadPdfOptions = {}): Promise<PDFDocument> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      parseSpeed: OBJECTS_PER_TICK,
      updateMetadata: false,
      throwOnInvalidObject: false,
      ...(opts.password !== undefined ? { password: opts.password } : {}),
    });
  } catch (err) {
    throw classifyLoadError(err, opts.name);
  }
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch (err) {
    throw classifyLoadError(err, opts.name);
  }
  if (pages === 0) throw new AppError("pdf_damaged", withName(opts.name, "has no pages that could be read."));
  return doc;
}

function withName(name: string | undefined, rest: string): string {
  return name ? `${name} ${rest}` : `This PDF ${rest}`;
}

export function classifyLoadError(err: unknown, name?: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof EncryptedPDFError) {
    return new AppError(
      "pdf_encrypted",
      name
        ? `${name} is password-protected. Unlock it first with the Unlock PDF tool, then try again.`
        : ENCRYPTED_MESSAGE,
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  if (message === "Password incorrect") return new AppError("password_incorrect", "Password incorrect");
  if (message === "NEEDS PASSWORD") return new AppError("password_required", "Password required");
  return new AppError(
    "pdf_damaged",
    name ? `${name} is damaged or is not a valid PDF, and could not be read.` : DAMAGED_MESSAGE,
  );
}

/** Saves with our producer and compact object streams; the document's other metadata stays. */
export async function savePdf(doc: PDFDocument, opts: { useObjectStreams?: boolean } = {}): Promise<Uint8Array> {
  doc.setProducer(PRODUCER);
  doc.setModificationDate(new Date());
  try {
    return await doc.save({
      useObjectStreams: opts.useObjectStreams ?? true,
      objectsPerTick: OBJECTS_PER_TICK,
      updateFieldAppearances: false,
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("pdf_damaged", "This PDF has parts that could not be written back. It may be damaged.");
  }
}

/** Page numbers (1-based) checked against the document: none, duplicates or out of range are 400s. */
export function checkPageNumbers(pages: readonly number[], pageCount: number): number[] {
  if (pages.length === 0) throw new AppError("validation_failed", "Please select at least one page.");
  const unique = [...new Set(pages)].sort((a, b) => a - b);
  for (const p of unique) {
    if (!Number.isInteger(p) || p < 1 || p > pageCount) {
      throw new AppError(
        "validation_failed",
        `Page ${p} does not exist: this PDF has ${pageCount} page${pageCount === 1 ? "" : "s"}.`,
      );
    }
  }
  return unique;
}
