import {
  type PDFContext,
  type PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFParser,
  PDFWriter,
} from "@cantoo/pdf-lib";

/**
 * LibreOffice's hybrid PDFs carry the editable document they were made from (an ODF package)
 * in the trailer's /AdditionalStreams: `[/application#2Fvnd.oasis.opendocument.text 31 0 R]`.
 * pdf-lib keeps only the trailer entries it knows, so every save dropped that source: LibreOffice
 * could no longer open the file as the document it was. The parser now remembers the entry with
 * the others and the writer puts it back; loadPdf lets it through only for tools that leave the
 * pages as they are (Compress PDF), since the source would otherwise undo any edit made to the
 * PDF the next time LibreOffice opened it, or keep what a redaction removed.
 */

const ADDITIONAL_STREAMS = PDFName.of("AdditionalStreams");

type Trailer = PDFContext["trailerInfo"] & { AdditionalStreams?: PDFObject };

/** The trailer's /AdditionalStreams, when the parsed file had one and it was kept. */
export function hybridSource(ctx: PDFContext): PDFObject | undefined {
  return (ctx.trailerInfo as Trailer).AdditionalStreams;
}

/** Forgets the hybrid's source: the next save and any pruning of unreachable objects drop it. */
export function dropHybridSource(ctx: PDFContext): void {
  delete (ctx.trailerInfo as Trailer).AdditionalStreams;
}

/** Merges a trailer dictionary into what the context holds, as pdf-lib does, plus the source. */
export function mergeTrailerDict(ctx: PDFContext, dict: PDFDict): void {
  const prev = ctx.trailerInfo as Trailer;
  const size = dict.lookup(PDFName.of("Size"));
  const next: Trailer = {
    Size: size instanceof PDFNumber ? size : prev.Size,
    Root: dict.get(PDFName.of("Root")) || prev.Root,
    Encrypt: dict.get(PDFName.of("Encrypt")) || prev.Encrypt,
    Info: dict.get(PDFName.of("Info")) || prev.Info,
    ID: dict.get(PDFName.of("ID")) || prev.ID,
  };
  const source = dict.get(ADDITIONAL_STREAMS) || prev.AdditionalStreams;
  if (source) next.AdditionalStreams = source;
  ctx.trailerInfo = next;
}

interface ParserInternals {
  context: PDFContext;
  skipWhitespaceAndComments(): void;
  matchKeyword(k: number[]): boolean;
  parseDict(): PDFDict;
  maybeParseTrailerDict(): void;
}
interface WriterInternals {
  context: PDFContext;
  createTrailerDict(prev?: number): PDFDict;
}

let patched = false;

export function keepHybridSources(): void {
  if (patched) return;
  patched = true;
  const parser = PDFParser.prototype as unknown as ParserInternals;
  // "trailer" as pdf-lib's Keywords spell it.
  const TRAILER = [...new TextEncoder().encode("trailer")];
  parser.maybeParseTrailerDict = function (this: ParserInternals) {
    this.skipWhitespaceAndComments();
    if (!this.matchKeyword(TRAILER)) return;
    this.skipWhitespaceAndComments();
    const dict = this.parseDict();
    const { context } = this;
    mergeTrailerDict(context, dict);
    // As pdf-lib: an incremental update must not reuse numbers below the trailer's /Size.
    const size = context.trailerInfo.Size;
    if (size && context.pdfFileDetails.originalBytes) {
      context.largestObjectNumber = Math.max(context.largestObjectNumber, size.asNumber() - 1);
    }
  };
  const writer = PDFWriter.prototype as unknown as WriterInternals;
  const createTrailerDict = writer.createTrailerDict;
  writer.createTrailerDict = function (this: WriterInternals, prev?: number) {
    const dict = createTrailerDict.call(this, prev);
    const source = hybridSource(this.context);
    if (source) dict.set(ADDITIONAL_STREAMS, source);
    return dict;
  };
}
