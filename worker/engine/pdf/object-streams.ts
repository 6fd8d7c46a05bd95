import {
  PDFCrossRefStream,
  PDFDict,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFObjectStream,
  PDFRawStream,
  type PDFRef,
  PDFStream,
  PDFStreamWriter,
  PDFTrailer,
} from "@cantoo/pdf-lib";

/** qpdf's count: fewer, larger object streams deflate better, and readers unpack each once. */
const OBJECTS_PER_STREAM = 100;

type Entry = [PDFRef, PDFObject];

interface WriterInternals {
  context: PDFStreamWriter["context"];
  snapshot: { pdfSize: number; prevStartXRef?: number; shouldSave(n: number): boolean };
  encodeStreams: boolean;
  _refToDeleteAfterSave: number;
  createTrailerDict(): PDFDict;
  shouldSkipCopiedObjectStream(o: PDFObject): boolean;
  computeIndirectObjectSize(e: Entry): number;
  shouldWaitForTick(n: number): boolean;
  encrypt(ref: PDFRef, o: PDFObject, security: unknown): void;
  computeBufferSize(incremental: boolean): Promise<unknown>;
}

let patched = false;

const STRUCTURE = new Set(["Catalog", "Pages", "Page"].map((t) => PDFName.of(t)));

/** The catalog, a page-tree node or a page: what a reader without the password still walks. */
const isPageStructure = (o: PDFObject) =>
  o instanceof PDFDict && STRUCTURE.has(o.lookup(PDFName.of("Type")) as PDFName);

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * pdf-lib's stream writer keeps the catalog, the page-tree nodes and every page dictionary out of
 * object streams, each written out in full, uncompressed: on a 352-page book that was 113 KB,
 * exactly what qpdf's rewrite saved over ours. PDF 1.5 forbids only streams, the encryption
 * dictionary and objects of a nonzero generation there, so every other object goes into an
 * object stream. Signature dictionaries stay out as pdf-lib keeps them (a signer patching
 * /Contents in place needs them at a byte offset). An encrypted file keeps its catalog and page
 * tree out too: an object stream is encrypted whole, and outside one a dictionary is readable
 * without the password (only its strings are encrypted), so the page tree of a file made by
 * Protect PDF can still be walked without it (services/result-check.ts stores it only then).
 * Otherwise the library's own algorithm.
 */
export function packStructureInObjectStreams(): void {
  const proto = PDFStreamWriter.prototype as unknown as WriterInternals;
  if (patched || typeof proto.computeBufferSize !== "function") return;
  patched = true;
  proto.computeBufferSize = async function (this: WriterInternals, incremental: boolean) {
    this._refToDeleteAfterSave = 0;
    const { context, snapshot } = this;
    const header = context.header;
    let size = snapshot.pdfSize;
    if (!incremental) size += header.sizeInBytes() + 1;
    size += 1;
    const xrefStream = PDFCrossRefStream.create(this.createTrailerDict(), this.encodeStreams);
    const written: Entry[] = [];
    const chunks: Entry[][] = [];
    const chunkRefs: PDFRef[] = [];
    const security = (context as unknown as { security?: unknown }).security;
    for (const entry of context.enumerateIndirectObjects()) {
      const [ref, object] = entry;
      if (!snapshot.shouldSave(ref.objectNumber)) continue;
      // The source's cross-reference and object streams: a new one of each is written below.
      if (object instanceof PDFRawStream && object.dict.lookup(PDFName.of("Type")) === PDFName.of("XRef")) continue;
      if (!incremental && this.shouldSkipCopiedObjectStream(object)) continue;
      const direct =
        ref === context.trailerInfo.Encrypt ||
        object instanceof PDFStream ||
        object instanceof PDFInvalidObject ||
        ref.generationNumber !== 0 ||
        (object instanceof PDFDict && object.lookup(PDFName.of("Type")) === PDFName.of("Sig")) ||
        (Boolean(security) && isPageStructure(object));
      if (direct) {
        written.push(entry);
        if (security) this.encrypt(ref, object, security);
        xrefStream.addUncompressedEntry(ref, size);
        size += this.computeIndirectObjectSize(entry);
        if (this.shouldWaitForTick(1)) await tick();
        continue;
      }
      let chunk = chunks[chunks.length - 1];
      if (!chunk || chunk.length % OBJECTS_PER_STREAM === 0) {
        chunk = [];
        chunks.push(chunk);
        chunkRefs.push(context.nextRef());
        this._refToDeleteAfterSave += 1;
      }
      xrefStream.addCompressedEntry(ref, chunkRefs[chunkRefs.length - 1], chunk.length);
      chunk.push(entry);
    }
    for (let i = 0; i < chunks.length; i++) {
      const ref = chunkRefs[i];
      const objectStream = PDFObjectStream.withContextAndObjects(context, chunks[i], this.encodeStreams);
      context.assign(ref, objectStream);
      if (security) this.encrypt(ref, objectStream, security);
      xrefStream.addUncompressedEntry(ref, size);
      size += this.computeIndirectObjectSize([ref, objectStream]);
      written.push([ref, objectStream]);
      if (this.shouldWaitForTick(chunks[i].length)) await tick();
    }
    const xrefStreamRef = context.nextRef();
    this._refToDeleteAfterSave += 1;
    xrefStream.dict.set(PDFName.of("Size"), PDFNumber.of(context.largestObjectNumber + 1));
    if (snapshot.prevStartXRef) xrefStream.dict.set(PDFName.of("Prev"), PDFNumber.of(snapshot.prevStartXRef));
    xrefStream.addUncompressedEntry(xrefStreamRef, size);
    const xrefOffset = size;
    size += this.computeIndirectObjectSize([xrefStreamRef, xrefStream]);
    written.push([xrefStreamRef, xrefStream]);
    const trailer = PDFTrailer.forLastCrossRefSectionOffset(xrefOffset);
    size += trailer.sizeInBytes();
    size -= snapshot.pdfSize;
    return { size, header, indirectObjects: written, trailer };
  };
}
