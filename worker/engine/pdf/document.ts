import { EncryptedPDFError, PDFDict, PDFDocument, PDFName, PDFObjectCopier, PDFStream } from "@cantoo/pdf-lib";
import type { Budget } from "../core/budget";
import { EngineError, isEngineError } from "../core/errors";
import { writeCompactSyntax } from "./compact-syntax";
import { documentFromContext, dropSupersededObjects, openPdf, parseGuarded } from "./crypto/security";
import { dropHybridSource, keepHybridSources } from "./hybrid-source";
import { checkMetadata } from "./metadata";
import { packStructureInObjectStreams } from "./object-streams";
import { pageTreeRepaired, repairPageTree } from "./page-tree";
import { installParseGuards, releaseParse } from "./parse-guard";
import { installWeakPools } from "./pools";
import { copyStreamBytesInBulk, shareStreamBytes } from "./stream-bytes";
import { exactStreamLengths } from "./stream-length";
import { hasIntactXref } from "./structure";
import { speedUpXrefStreams } from "./xref-speed";

installWeakPools();
speedUpXrefStreams();
installParseGuards();
shareStreamBytes();
exactStreamLengths();
copyStreamBytesInBulk();
writeCompactSyntax();
packStructureInObjectStreams();
keepHybridSources();

/** The producer written into every PDF we save. */
export const PRODUCER = "PDFTools";

export { MAX_PAGES } from "./page-tree";

/** Objects parsed or written between yields: lets the job's timer fire while a huge file is handled. */
const OBJECTS_PER_TICK = 500;

export const ENCRYPTED_MESSAGE =
  "This PDF is password-protected. Unlock it first with the Unlock PDF tool, then try again.";
export const DAMAGED_MESSAGE = "This PDF is damaged or is not a valid PDF, and could not be read.";

export interface LoadPdfOptions {
  /** The name shown in messages ("report.pdf is damaged ..."). */
  name?: string;
  /**
   * Opens an encrypted file with this user or owner password. Without one, an encrypted file
   * whose user password is empty still opens (readers open it without asking); any other
   * asks for its password (password_required).
   */
  password?: string;
  /** The job's budget: what parsing builds is charged to its memory. */
  budget?: Budget;
  /**
   * Keeps a LibreOffice hybrid's editable source (the trailer's /AdditionalStreams: see
   * hybrid-source.ts). Only for tools that leave every page as it was.
   */
  keepHybridSource?: boolean;
}

/**
 * Loads a PDF for a tool. Encrypted input is opened with its password, or is a 4xx asking for
 * it (never blank pages); anything the parser cannot make sense of is a 4xx saying the file is
 * damaged. The document comes back decrypted: what a tool saves from it has no password.
 */
export async function loadPdf(bytes: Uint8Array, opts: LoadPdfOptions = {}): Promise<PDFDocument> {
  let doc: PDFDocument;
  try {
    if (opts.password !== undefined) {
      // pdf-lib's own decryption garbles some strings and streams; ours follows the standard.
      doc = (await openPdf(bytes, { password: opts.password, name: opts.name, budget: opts.budget })).doc;
    } else {
      const context = await parseGuarded(bytes, opts);
      if (context.trailerInfo.Encrypt === undefined) {
        // As PDFDocument.load would make it; XFA is not kept.
        doc = documentFromContext(context, { preserveXFA: false });
      } else {
        // Encrypted: opened again through our decryption, with the empty user password.
        releaseParse(context);
        doc = (await openPdf(bytes, { password: "", name: opts.name, budget: opts.budget })).doc;
      }
    }
  } catch (err) {
    throw classifyLoadError(err, opts.name);
  }
  if (!opts.keepHybridSource) dropHybridSource(doc.context);
  let pages: number;
  try {
    repairPageTree(doc, opts.name);
    checkMetadata(doc, opts.name);
    pages = doc.getPageCount();
  } catch (err) {
    throw classifyLoadError(err, opts.name);
  }
  if (pages === 0) throw new EngineError("pdf_damaged", withName(opts.name, "has no pages that could be read."));
  return doc;
}

/**
 * Whether `bytes`, loaded as `doc`, may be handed back as they came: their cross-reference data
 * holds and loading had nothing to correct (a page tree's counts, a lost tree). Otherwise the
 * rewrite is what repairs them.
 */
export function intactAsLoaded(bytes: Uint8Array, doc: PDFDocument): boolean {
  return hasIntactXref(bytes) && !pageTreeRepaired(doc);
}

function withName(name: string | undefined, rest: string): string {
  return name ? `${name} ${rest}` : `This PDF ${rest}`;
}

export function classifyLoadError(err: unknown, name?: string): EngineError {
  if (isEngineError(err)) {
    // The words a person acts on: the file, and what to do.
    if (err.code === "password_required") {
      return new EngineError(
        "password_required",
        withName(name, "is password-protected. Enter its password to open it."),
      );
    }
    if (err.code === "password_incorrect") {
      return new EngineError(
        "password_incorrect",
        `Incorrect password for ${name ?? "this PDF"}. Check the password and try again.`,
      );
    }
    return err;
  }
  if (err instanceof EncryptedPDFError) {
    return new EngineError(
      "pdf_encrypted",
      name
        ? `${name} is password-protected. Unlock it first with the Unlock PDF tool, then try again.`
        : ENCRYPTED_MESSAGE,
    );
  }
  return new EngineError(
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
    if (err instanceof EngineError) throw err;
    console.warn(`pdf step failed on ${name ?? "a PDF"}:`, err instanceof Error ? err.message : err);
    throw new EngineError("pdf_damaged", withName(name, "is damaged in a way that stops it from being processed."));
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

/** What saving the document will make, about: its streams' bytes plus a little for each object. */
export function outputEstimate(doc: PDFDocument): number {
  let n = 0;
  for (const [, o] of doc.context.enumerateIndirectObjects()) {
    n += 48;
    if (o instanceof PDFStream) n += o.getContentsSize();
  }
  return n;
}

/**
 * Saves with our producer and compact object streams; the document's other metadata stays.
 * The output is charged to the budget before it is written (and stays charged: the job holds
 * it until it is stored).
 */
export async function savePdf(
  doc: PDFDocument,
  opts: { useObjectStreams?: boolean; budget?: Budget; keepInfo?: boolean } = {},
): Promise<Uint8Array> {
  opts.budget?.take(outputEstimate(doc), "The finished PDF");
  // Edit metadata writes what the person asked for, and no producer or date of ours.
  if (!opts.keepInfo) {
    doc.setProducer(PRODUCER);
    doc.setModificationDate(new Date());
  }
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
    if (err instanceof EngineError) throw err;
    throw new EngineError("pdf_damaged", "This PDF has parts that could not be written back. It may be damaged.");
  }
}

/** Page numbers (1-based) checked against the document: none, duplicates or out of range are 400s. */
export function checkPageNumbers(pages: readonly number[], pageCount: number): number[] {
  if (pages.length === 0) throw new EngineError("validation_failed", "Please select at least one page.");
  const unique = [...new Set(pages)].sort((a, b) => a - b);
  for (const p of unique) {
    if (!Number.isInteger(p) || p < 1 || p > pageCount) {
      throw new EngineError(
        "validation_failed",
        `Page ${p} does not exist: this PDF has ${pageCount} page${pageCount === 1 ? "" : "s"}.`,
      );
    }
  }
  return unique;
}
