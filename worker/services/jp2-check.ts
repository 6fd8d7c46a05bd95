import { invalidImage } from "../engine/image/jpeg/markers";
import { MAX_EXTRA_BYTES } from "./image-check";

/**
 * JPEG 2000, which Extract Images copies out of PDFs as it finds it (a JP2 file or a bare
 * codestream): there is no decoder for it here, so its whole structure is what is checked. A JP2
 * file's boxes tile it end to end, with its signature, file type, header and codestream; a
 * codestream opens with SOC and SIZ (the image's size), its main header's segments lead to the
 * tile-parts, and those, each as long as it says, lead to EOC at its end.
 */
const u16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

const SIGNATURE = [0x0d, 0x0a, 0x87, 0x0a];

export function isJp2(b: Uint8Array): boolean {
  const codestream = b.length >= 4 && b[0] === 0xff && b[1] === 0x4f && b[2] === 0xff && b[3] === 0x51;
  return codestream || (b.length >= 12 && u32(b, 0) === 12 && ascii(b, 4, 4) === "jP  ");
}

function damaged(name: string): Error {
  return invalidImage(`${name} is a damaged JPEG 2000 image and could not be read.`);
}

/** A codestream's structure; what follows its EOC is returned as "other" bytes. */
function codestream(b: Uint8Array, name: string): { other: number } {
  if (b.length < 42 || u16(b, 0) !== 0xff4f || u16(b, 2) !== 0xff51) throw damaged(name);
  const width = u32(b, 8) - u32(b, 16);
  const height = u32(b, 12) - u32(b, 20);
  if (width <= 0 || height <= 0) throw invalidImage(`${name} declares an empty image.`);
  let p = 2;
  // Main header: marker segments until the first tile-part (SOT).
  while (u16(b, p) !== 0xff90) {
    if (p + 4 > b.length || b[p] !== 0xff) throw damaged(name);
    p += 2 + u16(b, p + 2);
  }
  // Tile-parts: SOT, whose Psot is the tile-part's length (0: to the end of the data).
  while (p + 12 <= b.length && u16(b, p) === 0xff90) {
    if (u16(b, p + 2) !== 10) throw damaged(name);
    const length = u32(b, p + 6);
    p = length === 0 ? b.length - 2 : p + length;
  }
  if (p + 2 > b.length || u16(b, p) !== 0xffd9) throw damaged(name);
  return { other: b.length - (p + 2) };
}

export function checkJp2(b: Uint8Array, name: string): void {
  let other: number;
  if (b[0] === 0xff) other = codestream(b, name).other;
  else {
    other = 0;
    const seen = new Set<string>();
    for (let p = 0; p < b.length; ) {
      if (p + 8 > b.length) throw damaged(name);
      let size = u32(b, p);
      let head = 8;
      if (size === 1) {
        if (p + 16 > b.length || u32(b, p + 8) !== 0) throw damaged(name);
        size = u32(b, p + 12);
        head = 16;
      } else if (size === 0) size = b.length - p;
      if (size < head || p + size > b.length) throw damaged(name);
      const type = ascii(b, p + 4, 4);
      const content = b.subarray(p + head, p + size);
      if (seen.size === 0 && (type !== "jP  " || !SIGNATURE.every((v, i) => content[i] === v))) throw damaged(name);
      if (seen.size === 1 && type !== "ftyp") throw damaged(name);
      if (type === "jp2c") other += codestream(content, name).other;
      else if (type === "jp2h") {
        if (content.length < 22 || ascii(content, 4, 4) !== "ihdr") throw damaged(name);
      } else if (type !== "jP  " && type !== "ftyp") other += size;
      seen.add(type);
      p += size;
    }
    if (!seen.has("jp2h") || !seen.has("jp2c")) throw damaged(name);
  }
  if (other > MAX_EXTRA_BYTES) {
    throw invalidImage(`${name} carries more data besides its image than an image our tools make (at most 4 MB).`);
  }
}
