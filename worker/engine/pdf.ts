import { EncryptedPDFError, PDFDict, PDFDocument, PDFName, PDFObjectCopier } from "@cantoo/pdf-lib";
import { AppError } from "../errors";
import { writeCompactSyntax } from "./pdf-compact-syntax";
import { dropSupersededObjects, openPdf } from "./pdf-crypto";
import { repairPageTree } from "./pdf-page-tree";
import { boundStructureStreams, checkStructureBounds } from "./pdf-parse-bounds";
import { copyStreamBytesInBulk, shareStreamBytes } from "./pdf-stream-bytes";
import { speedUpXrefStreams } from "./pdf-xref-speed";

speedUpXrefStreams();
boundStructureStreams();
shareStreamBytes();
copyStreamBytesInBulk();
writeCompactSyntax();

/** The producer written into every PDF we save. */
export const PRODUCER = "PDFTools";

export { MAX_PAGES } from "./pdf-page-tree";

/** Objects parsed between yields: lets the job's timer fire while a huge file is parsed. */
const OBJECTS_PER_TICK = 500;

export const ENCRYPTED_MESSAGE =
  "This PDF is password-protected. Unlock it first with the Unlock PDF tool, then try again.";
export const DAMAGED_MESSAGE = "This PDF is damaged or is not a valid PDF, and could not be read.";

export interface LoadPdfOptions {
  /** The name shown in messages ("report.pdf is damaged ..."). */
  name?: string;
  /** Opens an encrypted file with this user or owner password ("" for none); the unlock tool only. */
  password?: string;
}

/**
 * Loads a PDF for a tool. Encrypted input is a 4xx that points to Unlock (never blank pages);
 * anything the parser cannot make sense of is a 4xx saying the file is damaged.
 */
export async function loadPdf(bytes: Uint8Array, opts: LoadPdfOptions = {}): Promise<PDFDocument> {
  let doc: PDFDocument;
  if (opts.password !== undefined) {
    // pdf-lib's own decryption garbles some strings and streams; ours follows the standard.
    doc = (await openPdf(bytes, { password: opts.password, name: opts.name })).doc;
  } else {
    try {
      doc = await PDFDocument.load(bytes, {
        parseSpeed: OBJECTS_PER_TICK,
        updateMetadata: false,
        throwOnInvalidObject: false,
      });
    } catch (err) {
      throw classifyLoadError(err, opts.name);
    }
    checkStructureBounds(doc.context);
  }
  let pages: number;
  try {
    repairPageTree(doc, opts.name);
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

/**
 * Runs a pdf-lib step on one input: pdf-lib throws plain TypeErrors and RangeErrors on
 * broken structures it parsed leniently, and those are the file's fault, not ours.
 */
export async function guardPdf<T>(name: string | undefined, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof AppError) throw err;
    console.warn(`pdf step failed on ${name ?? "a PDF"}:`, err instanceof Error ? err.message : err);
    throw new AppError("pdf_damaged", withName(name, "is damaged in a way that stops it from being processed."));
  }
}

/** A new, empty document with no pdf-lib metadata of its own. */
export function createPdf(): Promise<PDFDocument> {
  return PDFDocument.create({ updateMetadata: false });
}

/**
 * Copies a source's document information (title, author, subject, keywords, creator, dates)
 * and language into a new document built from its pages. The XMP stream stays behind: it
 * would claim conformance (PDF/A) and a producer that the new document does not have.
 */
export function copyDocumentInfo(src: PDFDocument, dest: PDFDocument): void {
  const copier = PDFObjectCopier.for(src.context, dest.context);
  const info = src.context.lookup(src.context.trailerInfo.Info);
  if (info instanceof PDFDict) dest.context.trailerInfo.Info = dest.context.register(copier.copy(info));
  const lang = src.catalog.lookup(PDFName.of("Lang"));
  if (lang) dest.catalog.set(PDFName.of("Lang"), lang.clone());
}

/** Saves with our producer and compact object streams; the document's other metadata stays. */
export async function savePdf(doc: PDFDocument, opts: { useObjectStreams?: boolean } = {}): Promise<Uint8Array> {
  doc.setProducer(PRODUCER);
  doc.setModificationDate(new Date());
  // A number reused with a newer generation would otherwise be written twice, damaging the xref.
  dropSupersededObjects(doc.context);
  const save = (useObjectStreams: boolean) =>
    doc.save({ useObjectStreams, objectsPerTick: OBJECTS_PER_TICK, updateFieldAppearances: false });
  try {
    try {
      return await save(opts.useObjectStreams ?? true);
    } catch (err) {
      // PDF/A-1 forbids object streams; pdf-lib refuses rather than silently dropping them.
      if (opts.useObjectStreams === undefined && err instanceof Error && err.message.includes("PDF/A-1")) {
        return await save(false);
      }
      throw err;
    }
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
