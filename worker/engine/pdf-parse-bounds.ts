import { decodePDFRawStream, PDFDict, PDFName, PDFRawStream } from "@cantoo/pdf-lib";
import { AppError } from "../errors";

/** What one document's object and cross-reference streams may unpack to, together. */
export const MAX_STRUCTURE_BYTES = 64 * 1024 * 1024;

const PARSED_ONLY = new Set([PDFName.of("ObjStm"), PDFName.of("XRef")]);
const FILTER = PDFName.of("Filter");
const PARMS = PDFName.of("DecodeParms");
const unpacked = new WeakMap<object, number>();
let patched = false;

function tooLarge(): AppError {
  return new AppError(
    "job_too_large",
    "This PDF's internal object lists unpack to more than 64 MB. It may be a decompression bomb.",
  );
}

/** Throws if the document parsed with this context went past the limit (the parser may have skipped on). */
export function checkStructureBounds(context: object): void {
  if ((unpacked.get(context) ?? 0) > MAX_STRUCTURE_BYTES) throw tooLarge();
}

/**
 * pdf-lib unpacks every object stream and cross-reference stream in full while it parses, before
 * any of our checks run: 400 KB of zlib became 400 MB. Those streams are only read by the parser
 * (they never stay in the document), so they are unpacked here, at most 64 MB per document, and
 * handed to the parser already unpacked. A stream that cannot be unpacked is left to the library,
 * as before.
 */
export function boundStructureStreams(): void {
  if (patched) return;
  patched = true;
  const original = PDFRawStream.of;
  PDFRawStream.of = (dict, contents, transform) => {
    const stream = original(dict, contents, transform);
    const type = dict.get(PDFName.of("Type"));
    if (!type || !PARSED_ONLY.has(type as PDFName) || !dict.get(FILTER)) return stream;
    const key = dict.context;
    const used = unpacked.get(key) ?? 0;
    // Past the limit nothing more is unpacked: the parser skips what it cannot read, and
    // checkStructureBounds refuses the document once parsing ends.
    if (used > MAX_STRUCTURE_BYTES) throw tooLarge();
    let bytes: Uint8Array;
    try {
      bytes = unpackAtMost(stream, MAX_STRUCTURE_BYTES - used + 1);
    } catch {
      return stream;
    }
    unpacked.set(key, used + bytes.length);
    if (used + bytes.length > MAX_STRUCTURE_BYTES) throw tooLarge();
    const plain = PDFDict.withContext(dict.context);
    for (const [k, v] of dict.entries()) if (k !== FILTER && k !== PARMS) plain.set(k, v);
    return original(plain, bytes, transform);
  };
}

const STEP = 1 << 16;

/**
 * The stream unpacked, stopping once past `limit` bytes. Read a step at a time: asking the
 * decoder for `limit` bytes at once would make it allocate all of them first, for every stream.
 */
function unpackAtMost(stream: PDFRawStream, limit: number): Uint8Array {
  const decoded = decodePDFRawStream(stream);
  let total = 0;
  for (;;) {
    const n = decoded.getBytes(STEP).length;
    total += n;
    if (n < STEP || total >= limit) break;
  }
  // The decoder keeps what it has unpacked: read it back from the start, without unpacking again.
  decoded.reset();
  const all = decoded.getBytes(total);
  return new Uint8Array(all.buffer, all.byteOffset, all.length);
}
