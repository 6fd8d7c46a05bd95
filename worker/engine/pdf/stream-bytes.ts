import { PDFContext, PDFObjectParser, PDFRawStream, PDFStream } from "@cantoo/pdf-lib";

interface SliceableStream {
  bytes: Uint8Array;
  slice(start: number, end: number): Uint8Array;
}

let patched = false;

/**
 * pdf-lib copies every stream's bytes on the way through a job: the parser slices them out of
 * the input, and copyPages clones them again. Nothing changes stream contents in place
 * (updateContents replaces them), so views into the input serve the same purpose without the
 * copies: rotating a 25 MB photo PDF peaked at 80 MB with them, 55 MB without.
 */
export function shareStreamBytes(): void {
  if (patched) return;
  patched = true;
  const parser = PDFObjectParser.forBytes(new Uint8Array(0), PDFContext.create());
  const byteStream = (parser as unknown as { bytes?: SliceableStream }).bytes;
  const proto = byteStream ? (Object.getPrototypeOf(byteStream) as SliceableStream) : undefined;
  if (proto && typeof proto.slice === "function") {
    proto.slice = function (this: SliceableStream, start: number, end: number) {
      return this.bytes.subarray(start, end);
    };
  }
  PDFRawStream.prototype.clone = function (this: PDFRawStream, context?: PDFContext) {
    return PDFRawStream.of(this.dict.clone(context), this.contents);
  };
}

const STREAM = new TextEncoder().encode("\nstream\n");
const END_STREAM = new TextEncoder().encode("\nendstream");

/**
 * pdf-lib writes a stream's contents into the output one byte at a time in a JavaScript loop;
 * a bulk copy writes the same bytes. The framing is PDFStream.copyBytesInto's, unchanged.
 */
export function copyStreamBytesInBulk(): void {
  const proto = PDFStream.prototype as unknown as {
    copyBytesInto(this: PDFStream, buffer: Uint8Array, offset: number): number;
    bulk?: true;
  };
  if (proto.bulk) return;
  proto.bulk = true;
  proto.copyBytesInto = function (buffer, offset) {
    this.updateDict();
    const start = offset;
    offset += this.dict.copyBytesInto(buffer, offset);
    buffer.set(STREAM, offset);
    offset += STREAM.length;
    const contents = this.getContents();
    buffer.set(contents, offset);
    offset += contents.length;
    buffer.set(END_STREAM, offset);
    offset += END_STREAM.length;
    return offset - start;
  };
}
