/**
 * A strict LZW decoder (PDF's LZWDecode). pdf-lib's decoder silently stops at a bad code;
 * this one refuses the stream, as qpdf and poppler report it, so a page whose content is
 * corrupt is caught before we write it out. Output is capped at `max` bytes.
 */
export class LzwError extends Error {}

export function lzwDecode(data: Uint8Array, earlyChange: number, max: number, tooLarge: unknown): Uint8Array {
  const prefix = new Int16Array(4096);
  const suffix = new Uint8Array(4096);
  const length = new Uint16Array(4096);
  for (let i = 0; i < 256; i++) {
    suffix[i] = i;
    length[i] = 1;
  }
  let out = new Uint8Array(Math.min(max, Math.max(1024, data.length * 4)));
  let size = 0;
  let bitBuf = 0;
  let bitCount = 0;
  let at = 0;
  let width = 9;
  let next = 258;
  let prev = -1;

  const emit = (code: number): number => {
    const n = length[code];
    if (size + n > max) throw tooLarge;
    if (size + n > out.length) {
      const grown = new Uint8Array(Math.min(max, Math.max(out.length * 2, size + n)));
      grown.set(out.subarray(0, size));
      out = grown;
    }
    for (let i = n - 1, c = code; i >= 0; i--, c = prefix[c]) out[size + i] = suffix[c];
    size += n;
    return out[size - n];
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
    let first: number;
    if (code < next) {
      first = emit(code);
    } else if (code === next && next < 4096) {
      // The KwKwK case: the new entry is the previous string plus its own first byte.
      const head = emit(prev);
      prefix[next] = prev;
      suffix[next] = head;
      length[next] = length[prev] + 1;
      if (size + 1 > max) throw tooLarge;
      if (size + 1 > out.length) {
        const grown = new Uint8Array(Math.min(max, out.length * 2));
        grown.set(out.subarray(0, size));
        out = grown;
      }
      out[size++] = head;
      next++;
      if (next + earlyChange >= 1 << width && width < 12) width++;
      prev = code;
      continue;
    } else {
      throw new LzwError(`bad code ${code}`);
    }
    if (next < 4096) {
      prefix[next] = prev;
      suffix[next] = first;
      length[next] = length[prev] + 1;
      next++;
      if (next + earlyChange >= 1 << width && width < 12) width++;
    }
    prev = code;
  }
  return out.subarray(0, size);
}
