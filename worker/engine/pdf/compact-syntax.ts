import {
  PDFArray,
  PDFCrossRefStream,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFString,
} from "@cantoo/pdf-lib";

/**
 * Our outputs came out a little larger than qpdf's for the same work (0.2% on a text PDF) for
 * two reasons in how pdf-lib writes: a space or line break around every dictionary entry and
 * array element, where PDF needs one only between two tokens that would otherwise run
 * together; and cross-reference streams without the PNG predictor qpdf uses, which halves
 * them. Both are changes of form only: readers see the same objects.
 */

const startsWithDelimiter = (o: PDFObject) =>
  o instanceof PDFName ||
  o instanceof PDFDict ||
  o instanceof PDFArray ||
  o instanceof PDFHexString ||
  o instanceof PDFString;
const endsWithDelimiter = (o: PDFObject) =>
  o instanceof PDFDict || o instanceof PDFArray || o instanceof PDFHexString || o instanceof PDFString;
/** A space between `a` and `b` only where the two would otherwise read as one token. */
const gap = (a: PDFObject | undefined, b: PDFObject) =>
  a === undefined || endsWithDelimiter(a) || startsWithDelimiter(b) ? 0 : 1;
const LT = 0x3c;
const GT = 0x3e;
const SPACE = 0x20;

interface Serialisable {
  toString(): string;
  sizeInBytes(): number;
  copyBytesInto(buffer: Uint8Array, offset: number): number;
}

function compactDicts(): void {
  const proto = PDFDict.prototype as unknown as Serialisable & { entries(): [PDFName, PDFObject][] };
  proto.toString = function (this: PDFDict) {
    let s = "<<";
    for (const [key, value] of this.entries()) s += `${key.toString()}${gap(key, value) ? " " : ""}${value.toString()}`;
    return `${s}>>`;
  };
  proto.sizeInBytes = function (this: PDFDict) {
    let size = 4;
    for (const [key, value] of this.entries()) size += key.sizeInBytes() + gap(key, value) + value.sizeInBytes();
    return size;
  };
  proto.copyBytesInto = function (this: PDFDict, buffer: Uint8Array, offset: number) {
    const start = offset;
    buffer[offset++] = LT;
    buffer[offset++] = LT;
    for (const [key, value] of this.entries()) {
      offset += key.copyBytesInto(buffer, offset);
      if (gap(key, value)) buffer[offset++] = SPACE;
      offset += value.copyBytesInto(buffer, offset);
    }
    buffer[offset++] = GT;
    buffer[offset++] = GT;
    return offset - start;
  };
}

function compactArrays(): void {
  const proto = PDFArray.prototype as unknown as Serialisable;
  proto.toString = function (this: PDFArray) {
    let s = "[";
    let prev: PDFObject | undefined;
    for (const item of this.asArray()) {
      s += `${gap(prev, item) ? " " : ""}${item.toString()}`;
      prev = item;
    }
    return `${s}]`;
  };
  proto.sizeInBytes = function (this: PDFArray) {
    let size = 2;
    let prev: PDFObject | undefined;
    for (const item of this.asArray()) {
      size += gap(prev, item) + item.sizeInBytes();
      prev = item;
    }
    return size;
  };
  proto.copyBytesInto = function (this: PDFArray, buffer: Uint8Array, offset: number) {
    const start = offset;
    buffer[offset++] = 0x5b;
    let prev: PDFObject | undefined;
    for (const item of this.asArray()) {
      if (gap(prev, item)) buffer[offset++] = SPACE;
      offset += item.copyBytesInto(buffer, offset);
      prev = item;
    }
    buffer[offset++] = 0x5d;
    return offset - start;
  };
}

interface XrefInternals {
  encode: boolean;
  dict: PDFDict;
  maxByteWidthsCache: { access(): number[] };
  getUnencodedContents(): Uint8Array;
}

/** Each row minus the row above (PNG "Up"): offsets that climb slowly deflate to almost nothing. */
function predictXrefRows(): void {
  const proto = PDFCrossRefStream.prototype as unknown as XrefInternals;
  const rows = proto.getUnencodedContents;
  proto.getUnencodedContents = function (this: XrefInternals) {
    const raw = rows.call(this);
    const columns = this.maxByteWidthsCache.access().reduce((a, b) => a + b, 0);
    if (!this.encode || columns === 0 || raw.length % columns !== 0) return raw;
    const n = raw.length / columns;
    const out = new Uint8Array(n * (columns + 1));
    for (let r = 0; r < n; r++) {
      const o = r * (columns + 1);
      out[o] = 2;
      for (let c = 0; c < columns; c++) {
        const i = r * columns + c;
        out[o + 1 + c] = (raw[i] - (r > 0 ? raw[i - columns] : 0)) & 0xff;
      }
    }
    const parms = PDFDict.withContext(this.dict.context);
    parms.set(PDFName.of("Predictor"), PDFNumber.of(12));
    parms.set(PDFName.of("Columns"), PDFNumber.of(columns));
    this.dict.set(PDFName.of("DecodeParms"), parms);
    return out;
  };
}

let applied = false;

export function writeCompactSyntax(): void {
  if (applied) return;
  applied = true;
  compactDicts();
  compactArrays();
  predictXrefRows();
}
