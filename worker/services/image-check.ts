import { webpDecoder } from "../engine/codecs/webp";
import type { Budget } from "../engine/core/budget";
import { InflateDamaged, InflateLimit, inflatedSize } from "../engine/core/inflate";
import { MAX_JPEG_STORE_BYTES } from "../engine/image/compress/jpeg";
import { JpegReader } from "../engine/image/jpeg/decode";
import { invalidImage, type JpegFrame, parseFrame, readU16 } from "../engine/image/jpeg/markers";
import { crc32, parseHeader, readChunks } from "../engine/image/png/chunks";
import { pngRows } from "../engine/image/png/decode";
import { checkPixelBudget, probeImage, webpLimits } from "../engine/image/probe";
import { firstFrame } from "../engine/image/webp/first-frame";

/**
 * Whether an image is one: decoded under the job's budget wherever the isolate can afford it
 * (every JPEG scan entropy-decoded, every PNG row inflated and its filter checked, a WebP of up
 * to 3 MP decoded by libwebp); a larger WebP (a device makes up to 76 MP, the isolate decodes 3)
 * has its whole RIFF structure and frame header checked instead. Besides the image, a file may
 * carry at most MAX_EXTRA_BYTES of other data (metadata, or anything after the image's end): a
 * 1-pixel image with 20 MB behind it is not an image our tools make.
 */
export const MAX_EXTRA_BYTES = 4 * 1024 * 1024;
/**
 * JPEG and PNG are checked a row at a time, so their size costs time, not memory: as large as a
 * browser's canvas draws (PDF to Image makes them there, up to 268 MP), the job's time the bound.
 */
const CHECK_MEGAPIXELS = 270;
/** libwebp's decode alone: its own RGBA and YUV planes, and the copy handed back. */
const WEBP_DECODE_BYTES_PER_PIXEL = 12;
/** Images appended to a JPEG that are checked in turn (phones write a preview or depth map after the photo). */
const MAX_APPENDED_JPEGS = 4;

function tooMuchElse(name: string, bytes: number): Error {
  return invalidImage(
    `${name} carries ${(bytes / (1024 * 1024)).toFixed(1)} MB of data besides its image, more than an image our tools make (at most 4 MB).`,
  );
}

const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;

/**
 * A JPEG's markers, walked from SOI to EOI: the frame, the metadata's size (APPn and COM) and
 * where the image ends. Entropy-coded data is stepped over to the next marker that is not a
 * restart; the decoder reads it.
 */
function jpegLayout(b: Uint8Array): { frame: JpegFrame; metadata: number; end: number } {
  let frame: JpegFrame | null = null;
  let metadata = 0;
  let p = 2;
  for (;;) {
    if (p >= b.length || b[p] !== 0xff) throw invalidImage("This JPEG is truncated or damaged and could not be read.");
    while (b[p] === 0xff) p++;
    const m = b[p++];
    if (m === 0xd9) {
      if (!frame) throw invalidImage();
      return { frame, metadata, end: p };
    }
    if (m === 0xd8 || m === 0x01 || isRst(m)) continue;
    const len = readU16(b, p);
    if (len < 2 || p + len > b.length) throw invalidImage();
    if ((m >= 0xe0 && m <= 0xef) || m === 0xfe) metadata += len + 2;
    else if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc)
      frame = parseFrame(b.subarray(p + 2, p + len), m);
    p += len;
    if (m === 0xda) {
      while (p + 1 < b.length && !(b[p] === 0xff && b[p + 1] !== 0 && b[p + 1] !== 0xff && !isRst(b[p + 1]))) p++;
      if (p + 1 >= b.length) throw invalidImage("This JPEG is truncated or damaged and could not be read.");
    }
  }
}

/** Coefficients a progressive or multi-scan JPEG is decoded into (JpegReader's store). */
function storeBytes(frame: JpegFrame): number {
  return frame.components.reduce((n, c) => n + c.blocksPerLine * c.blocksPerColumn * 128, 0);
}

export function checkJpeg(bytes: Uint8Array, name: string, budget: Budget, appended = 0): void {
  checkPixelBudget(probeImage(bytes), name, CHECK_MEGAPIXELS);
  const { frame, metadata, end } = jpegLayout(bytes);
  const check = () => budget.check();
  const store = frame.progressive ? Math.min(storeBytes(frame), MAX_JPEG_STORE_BYTES) : 0;
  budget.take(store, `${name} (${frame.width} x ${frame.height} pixels)`);
  try {
    // A progressive (or multi-scan) file is decoded whole here, within the store's bound; a
    // baseline one row by row below, one row of coefficients at a time.
    const reader = new JpegReader(bytes.subarray(0, end), { maxStoreBytes: MAX_JPEG_STORE_BYTES, check });
    for (let m = 0; reader.streamed && m < reader.frame.mcusPerColumn; m++) {
      reader.readMcuRow(m);
      if ((m & 7) === 0) check();
    }
  } finally {
    budget.give(store);
  }
  const rest = bytes.subarray(end);
  const isJpeg = rest.length >= 3 && rest[0] === 0xff && rest[1] === 0xd8 && rest[2] === 0xff;
  if (isJpeg && appended < MAX_APPENDED_JPEGS) {
    if (metadata > MAX_EXTRA_BYTES) throw tooMuchElse(name, metadata);
    checkJpeg(rest, name, budget, appended + 1);
    return;
  }
  if (metadata + rest.length > MAX_EXTRA_BYTES) throw tooMuchElse(name, metadata + rest.length);
}

/** Chunks that are the image; any other (text, EXIF, colour, private) is "data besides the image". */
const PNG_IMAGE_CHUNKS = new Set(["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]);

const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

/**
 * What a compressed metadata chunk (an ICC profile, compressed text) inflates to beyond its own
 * bytes: a 40 KB iCCP can hold a 40 MB profile that every viewer inflates. Counted, within what is
 * left of MAX_EXTRA_BYTES, never kept.
 */
function inflatedExtra(type: string, data: Uint8Array, name: string, counted: number): number {
  let at: number;
  const nul = data.indexOf(0);
  if (type === "iCCP" || type === "zTXt") at = nul + 2;
  else if (type === "iTXt" && data[nul + 1] === 1) {
    const lang = data.indexOf(0, nul + 3);
    const key = lang < 0 ? -1 : data.indexOf(0, lang + 1);
    at = key < 0 ? -1 : key + 1;
  } else return 0;
  if (nul < 0 || at < 0 || at > data.length) throw invalidImage(`${name} is damaged: a part of it cannot be read.`);
  const left = Math.max(0, MAX_EXTRA_BYTES - counted - data.length);
  try {
    return Math.max(0, inflatedSize(data.subarray(at), { max: left }) - data.length);
  } catch (err) {
    if (err instanceof InflateLimit) {
      throw invalidImage(
        `${name} carries a compressed profile or text that unpacks to more than 4 MB, more than an image our tools make.`,
      );
    }
    if (err instanceof InflateDamaged) throw invalidImage(`${name} is damaged: a part of it cannot be read.`);
    throw err;
  }
}

export function checkPng(bytes: Uint8Array, name: string, budget: Budget): void {
  checkPixelBudget(probeImage(bytes), name, CHECK_MEGAPIXELS);
  const chunks = readChunks(bytes);
  let end = 8;
  let other = 0;
  for (const c of chunks) {
    const at = c.data.byteOffset - bytes.byteOffset;
    if (crc32([bytes.subarray(at - 4, at + c.data.length)]) !== u32(bytes, at + c.data.length)) {
      throw invalidImage(`${name} is damaged: a part of it fails its checksum.`);
    }
    end = at + c.data.length + 4;
    if (!PNG_IMAGE_CHUNKS.has(c.type)) other += c.data.length + 12 + inflatedExtra(c.type, c.data, name, other);
  }
  other += bytes.length - end;
  if (other > MAX_EXTRA_BYTES) throw tooMuchElse(name, other);
  const header = parseHeader(chunks);
  if (header.colorType === 3 && !chunks.some((c) => c.type === "PLTE")) throw invalidImage();
  const idat = chunks.filter((c) => c.type === "IDAT").map((c) => c.data);
  if (idat.length === 0) throw invalidImage();
  let ended = false;
  let rows = 0;
  // Every row inflated and its filter checked; a stream that goes on past the last row is refused.
  for (const _ of pngRows(header, idat, { unfilter: false, tail: 1024, onTail: (e) => (ended = e) })) {
    if ((++rows & 63) === 0) budget.check();
  }
  if (!ended) throw invalidImage(`${name}'s image data goes on past its last row.`);
}

const u32le = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);
const WEBP_IMAGE_CHUNKS = new Set(["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF"]);

/** A WebP's RIFF chunks, end to end, and its bitstream's header: what a file too large to decode here must pass. */
function webpLayout(b: Uint8Array, name: string): { other: number } {
  if (u32le(b, 4) + 8 !== b.length)
    throw invalidImage(`${name} is truncated or damaged: its length is not what it says.`);
  let other = 0;
  let frames = 0;
  for (let p = 12; p < b.length; ) {
    if (p + 8 > b.length) throw invalidImage();
    const id = fourcc(b, p);
    const size = u32le(b, p + 4);
    const data = b.subarray(p + 8, p + 8 + size);
    if (data.length !== size) throw invalidImage(`${name} is truncated or damaged and could not be read.`);
    if (!WEBP_IMAGE_CHUNKS.has(id)) other += size + 8;
    if (id === "VP8 ") {
      // A key frame: its start code, and a first partition inside the chunk.
      const partition = (data[0] | (data[1] << 8) | (data[2] << 16)) >>> 5;
      if (size < 10 || (data[0] & 1) !== 0 || data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) {
        throw invalidImage();
      }
      if (partition > size - 10) throw invalidImage();
    }
    if (id === "VP8L" && (size < 5 || data[0] !== 0x2f || data[4] >> 5 !== 0)) throw invalidImage();
    if (id === "VP8 " || id === "VP8L" || id === "ANMF") frames++;
    p += 8 + size + (size & 1);
  }
  if (frames === 0) throw invalidImage(`${name} holds no image.`);
  return { other };
}

export async function checkWebp(bytes: Uint8Array, name: string, budget: Budget): Promise<void> {
  const info = probeImage(bytes);
  checkPixelBudget(info, name, Number.POSITIVE_INFINITY);
  const { other } = webpLayout(bytes, name);
  if (other > MAX_EXTRA_BYTES) throw tooMuchElse(name, other);
  const pixels = info.width * info.height;
  if (pixels > webpLimits(budget.memoryLimit).input * 1e6) return;
  await budget.holding(
    pixels * WEBP_DECODE_BYTES_PER_PIXEL,
    `${name} (${info.width} x ${info.height} pixels)`,
    async () => {
      // An animation's first frame (libwebp's simple decoder reads no animations); a still as it is.
      const image = (await webpDecoder()).decode(firstFrame(bytes));
      if (!image || (!info.animated && (image.width !== info.width || image.height !== info.height))) {
        throw invalidImage(`${name} is damaged or incomplete and could not be decoded.`);
      }
    },
  );
}
