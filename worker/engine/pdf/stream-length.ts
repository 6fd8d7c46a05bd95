import {
  type PDFContext,
  type PDFDict,
  PDFName,
  PDFNumber,
  PDFObjectParser,
  PDFParser,
  PDFRawStream,
  PDFRef,
} from "@cantoo/pdf-lib";
import { type Body, LengthIndex, MAX_CHAIN, refKey, skipGap } from "./length-index";
import { chargeParseMemory } from "./parse-guard";

/**
 * Exact stream bytes. pdf-lib trusts only a direct numeric /Length; for any other it scans for
 * "endstream" and drops the end of line before it, which is the stream's own last byte when the
 * writer put no end of line of its own (pdfTeX, qpdf's QDF mode, ImageMagick): content streams
 * lost their final newline, a Flate image the last byte of its checksum, an embedded file or an
 * RC4-encrypted stream a byte of data. And the scan stops at an "endstream", or counts a
 * "stream", that is only text inside the data ("(upstream) Tj" in a QDF file).
 *
 * Here /Length is resolved first, an indirect one included: from what is parsed so far, else
 * from where the file defines it (LengthIndex, built once, when a length comes after its
 * stream). The stream is exactly that long when the length ends at optional whitespace and
 * "endstream"; only otherwise does pdf-lib's scan decide, and then the end of line a length
 * covers stays. A length not found in the file (it is in an object stream) is settled once the
 * parse is done: the stream is recorded, with where it starts and where the scan ended it.
 */

const STREAM_OPENERS = ["stream \r\n", "stream\r\n", "stream\r", "stream\n", "stream"].map(bytesOf);
const ENDSTREAM = bytesOf("endstream");
const LENGTH = PDFName.of("Length");
/** Whitespace and comments read between a stream's data and "endstream" (writers put two bytes at most). */
const MAX_GAP = 1024;

function bytesOf(s: string): number[] {
  return [...s].map((c) => c.charCodeAt(0));
}

interface ByteStream {
  bytes: Uint8Array;
  offset(): number;
  moveTo(offset: number): void;
  slice(start: number, end: number): Uint8Array;
  position(): unknown;
}

interface Internals {
  bytes: ByteStream;
  context: PDFContext;
  cryptoFactory?: { createCipherTransform(n: number, g: number): { decryptBytes(b: Uint8Array): Uint8Array } };
  parseDict(ref?: PDFRef): PDFDict;
  skipWhitespaceAndComments(): void;
  matchKeyword(keyword: number[]): boolean;
  findEndOfStreamFallback(startPos: unknown): number;
}

/** A stream whose indirect length was unknown while parsing. */
interface Pending {
  stream: PDFRawStream;
  bytes: Uint8Array;
  start: number;
  /** Where the "endstream" the scan found begins. */
  keyword: number;
  length: PDFRef;
}

const indexes = new WeakMap<object, LengthIndex>();
const pending = new WeakMap<PDFContext, Pending[]>();
const unsettled = new WeakSet<PDFRawStream>();

/** Where "endstream" ends, when whitespace or comments and then "endstream" follow `at`; else -1. */
function endstreamAfter(bytes: Uint8Array, at: number): number {
  const i = skipGap(bytes, at, MAX_GAP);
  if (i < 0) return -1;
  for (let k = 0; k < ENDSTREAM.length; k++) if (bytes[i + k] !== ENDSTREAM[k]) return -1;
  return i + ENDSTREAM.length;
}

const isLength = (n: number | undefined): n is number => n !== undefined && Number.isSafeInteger(n) && n >= 0;

/** The data's end and what follows "endstream", when `length` is exactly right; else null. */
function exactly(bytes: Uint8Array, start: number, length: number | undefined): [number, number] | null {
  if (!isLength(length) || length > bytes.length - start) return null;
  const after = endstreamAfter(bytes, start + length);
  return after < 0 ? null : [start + length, after];
}

/** A length as parsed so far: the number, following references; undefined when not (yet) one. */
function parsedLength(context: PDFContext, ref: PDFRef): number | undefined {
  let o: unknown = ref;
  for (let i = 0; i <= MAX_CHAIN && o instanceof PDFRef; i++) o = context.lookup(o);
  return o instanceof PDFNumber ? o.asNumber() : undefined;
}

/** A length as the file last defines it; undefined when it is not there as a number. */
function definedLength(index: LengthIndex, ref: PDFRef): number | undefined {
  let body: Body | undefined = { ref: refKey(ref.objectNumber, ref.generationNumber) };
  for (let i = 0; i <= MAX_CHAIN && body && "ref" in body; i++) body = index.body(body.ref);
  return body && "value" in body ? body.value : undefined;
}

function indexFor(parser: Internals): LengthIndex {
  let index = indexes.get(parser);
  if (!index) {
    index = new LengthIndex(parser.bytes.bytes, (n) => chargeParseMemory(parser.context, n));
    indexes.set(parser, index);
  }
  return index;
}

let installed = false;

export function exactStreamLengths(): void {
  if (installed) return;
  installed = true;
  const proto = PDFObjectParser.prototype as unknown as {
    parseDictOrStream(this: Internals, ref?: PDFRef): PDFDict | PDFRawStream;
  };
  proto.parseDictOrStream = function (ref) {
    const startPos = this.bytes.position();
    const dict = this.parseDict(ref);
    this.skipWhitespaceAndComments();
    if (!STREAM_OPENERS.some((k) => this.matchKeyword(k))) return dict;
    const bytes = this.bytes.bytes;
    const start = this.bytes.offset();
    const length = dict.get(LENGTH);
    let known = length instanceof PDFNumber ? length.asNumber() : undefined;
    let found = exactly(bytes, start, known);
    let unknown = false;
    if (!found && length instanceof PDFRef) {
      known = parsedLength(this.context, length);
      found = exactly(bytes, start, known);
      // Streams only ever lie in the file itself: an object stream's objects are no streams.
      if (!found && (this as unknown) instanceof PDFParser) {
        const defined = definedLength(indexFor(this), length);
        found = exactly(bytes, start, defined);
        known ??= defined;
        unknown = known === undefined;
      }
    }
    let end: number;
    let keyword = -1;
    if (found) {
      end = found[0];
      this.bytes.moveTo(found[1]);
    } else {
      end = this.findEndOfStreamFallback(startPos);
      keyword = this.bytes.offset() - ENDSTREAM.length;
      // A length that reaches the "endstream" covers the end of line before it: it stays.
      if (isLength(known) && known >= keyword - start) end = keyword;
    }
    let contents = this.bytes.slice(start, end);
    if (this.cryptoFactory && ref) {
      contents = this.cryptoFactory
        .createCipherTransform(ref.objectNumber, ref.generationNumber)
        .decryptBytes(contents);
    }
    const stream = PDFRawStream.of(dict, contents);
    if (unknown && keyword >= 0 && length instanceof PDFRef && !this.cryptoFactory) {
      const list = pending.get(this.context) ?? [];
      list.push({ stream, bytes, start, keyword, length });
      pending.set(this.context, list);
      unsettled.add(stream);
    }
    return stream;
  };
}

/**
 * Whether a stream's length is left to settleStreamLengths: its contents may still change, so
 * whatever reads them (decryption) waits for the parse to end.
 */
export function lengthUnsettled(stream: PDFRawStream): boolean {
  return unsettled.has(stream);
}

/**
 * Gives the streams whose length was not known while parsing their exact bytes, now that every
 * object is parsed: call once parseDocument() is done, before anything reads stream contents.
 */
export function settleStreamLengths(context: PDFContext): void {
  const list = pending.get(context);
  if (!list) return;
  pending.delete(context);
  for (const p of list) {
    unsettled.delete(p.stream);
    const length = parsedLength(context, p.length);
    const found = exactly(p.bytes, p.start, length);
    if (found) p.stream.contents = p.bytes.subarray(p.start, found[0]);
    else if (isLength(length) && length >= p.keyword - p.start)
      p.stream.contents = p.bytes.subarray(p.start, p.keyword);
  }
}
