import { type PDFDocument, PDFName, PDFRawStream } from "@cantoo/pdf-lib";
import { formatMemory, MiB } from "../core/budget";
import { DecodeFailed, DecodeLimit } from "../core/decode";
import { EngineError } from "../core/errors";
import { decodeStream, MalformedFilters } from "./filters";

/** XMP packets are kilobytes; past this a Metadata stream is not metadata. */
export const MAX_XMP_BYTES = 4 * MiB;

/**
 * The catalog's XMP metadata as text, read with the bounded decoders; null when there is none
 * or it cannot be read. pdf-lib reads this stream itself (with its own decoders) whenever it
 * saves, so loadPdf checks it first: see checkMetadata.
 */
export function readMetadataXml(doc: PDFDocument): string | null {
  const meta = doc.catalog?.lookup(PDFName.of("Metadata"));
  if (!(meta instanceof PDFRawStream)) return null;
  try {
    return new TextDecoder("utf-8").decode(decodeStream(doc.context, meta, { max: MAX_XMP_BYTES }));
  } catch {
    return null;
  }
}

/**
 * Refuses a document whose XMP stream unpacks past 4 MB (a bomb pdf-lib would unpack in full at
 * every save), and drops one that cannot be unpacked at all (no reader can use it either).
 */
export function checkMetadata(doc: PDFDocument, name?: string): void {
  // A damaged file may have no catalog at all (the page tree is rebuilt for it later).
  const meta = doc.catalog?.lookup(PDFName.of("Metadata"));
  if (!(meta instanceof PDFRawStream) || !meta.dict.get(PDFName.of("Filter"))) return;
  try {
    decodeStream(doc.context, meta, { max: MAX_XMP_BYTES });
  } catch (err) {
    if (err instanceof DecodeLimit) {
      throw new EngineError(
        "job_too_large",
        `${name ?? "This PDF"}'s XMP metadata unpacks to more than ${formatMemory(MAX_XMP_BYTES)}. It may be a decompression bomb.`,
      );
    }
    if (err instanceof DecodeFailed || err instanceof MalformedFilters) {
      doc.catalog.delete(PDFName.of("Metadata"));
      return;
    }
    throw err;
  }
}
