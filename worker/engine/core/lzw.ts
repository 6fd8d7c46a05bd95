/**
 * A strict LZW decoder (PDF's LZWDecode). pdf-lib's decoder silently stops at a bad code;
 * this one refuses the stream, as qpdf and poppler report it, so a page whose content is
 * corrupt is caught before we write it out. Output stops at `max` bytes (`tooLarge` is thrown
 * one byte past it); with `keep` false the bytes are only counted, and nothing is allocated
 * for them.
 */
export class LzwError extends Error {}

export function lzwDecode(data: Uint8Array, earlyChange: number, max: number, tooLarge: unknown): Uint8Array {
  return run(data, earlyChange, max, tooLarge, true) as Uint8Array;
}

/** How many bytes the LZW data decodes to, without keeping them. */
export function lzwDecodedSize(data: Uint8Array, earlyChange: number, max: number, tooLarge: unknown): number {
  return run(data, earlyChange, max, tooLarge, false) as number;
}

function run(
  data: Uint8Array,
  earlyChange: number,
  max: number,
  tooLarge: unknown,
  keep: boolean,
): Uint8Array | number {
  const prefix = new Int16Array(4096);
  const suffix = new Uint8Array(4096);
  const length = new Uint16Array(4096);
  // Each code's first byte: what the KwKwK case needs, without reading back the output.
  const first = new Uint8Array(4096);
  for (let i = 0; i < 256; i++) {
    suffix[i] = i;
    first[i] = i;
    length[i] = 1;
  }
  let out = keep ? new Uint8Array(Math.min(max, Math.max(1024, data.length * 4))) : new Uint8Array(0);
  let size = 0;
  let bitBuf = 0;
  let bitCount = 0;
  let at = 0;
  let width = 9;
  let next = 258;
  let prev = -1;

  const room = (n: number) => {
    if (size + n > max) throw tooLarge;
    if (keep && size + n > out.length) {
      const grown = new Uint8Array(Math.min(max, Math.max(out.length * 2, size + n)));
      grown.set(out.subarray(0, size));
      out = grown;
    }
  };
  const emit = (code: number) => {
    const n = length[code];
    room(n);
    if (keep) for (let i = n - 1, c = code; i >= 0; i--, c = prefix[c]) out[size + i] = suffix[c];
    size += n;
  };
  const add = (from: number, byte: number) => {
    prefix[next] = from;
    suffix[next] = byte;
    first[next] = first[from];
    length[next] = length[from] + 1;
    next++;
    if (next + earlyChange >= 1 << width && width < 12) width++;
  };

  for (;;) {
    while (bitCount < width && at < data.length) {
      bitBuf = ((bitBuf << 8) | data[at++]) & 0xffffff;
      bitCount += 8;
    }
    if (bitCount < width) break; // ran out without an end code: readers accept that
    const code = (bitBuf >> (bitCount - width)) & ((1 << width) - 1);
    bitCount -= width;
    if (code === 256) {
      width = 9;
      next = 258;
      prev = -1;
      continue;
    }
    if (code === 257) break;
    if (prev === -1) {
      if (code > 255) throw new LzwError("first code after a clear must be a byte");
      emit(code);
      prev = code;
      continue;
    }
    if (code < next) {
      emit(code);
      if (next < 4096) add(prev, first[code]);
    } else if (code === next && next < 4096) {
      // The KwKwK case: the new entry is the previous string plus its own first byte.
      add(prev, first[prev]);
      emit(code);
    } else {
      throw new LzwError(`bad code ${code}`);
    }
    prev = code;
  }
  return keep ? out.subarray(0, size) : size;
}
