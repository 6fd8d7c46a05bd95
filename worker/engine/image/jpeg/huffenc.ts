/** Huffman coding for the JPEG writer: optimal tables from symbol counts, and the bit writer. */

export interface HuffmanTable {
  /** DHT payload parts: counts of codes of length 1..16, then the symbols. */
  bits: Uint8Array;
  values: Uint8Array;
  code: Uint16Array;
  size: Uint8Array;
}

/** libjpeg's jpeg_gen_optimal_table: code lengths limited to 16 bits, no all-ones code. */
export function optimalTable(freqIn: Uint32Array): HuffmanTable {
  const freq = new Float64Array(257);
  for (let i = 0; i < 256; i++) freq[i] = freqIn[i];
  freq[256] = 1;
  const codesize = new Int32Array(257);
  const others = new Int32Array(257).fill(-1);
  for (;;) {
    let c1 = -1;
    let v = Number.POSITIVE_INFINITY;
    for (let i = 0; i <= 256; i++) {
      if (freq[i] && freq[i] <= v) {
        v = freq[i];
        c1 = i;
      }
    }
    let c2 = -1;
    v = Number.POSITIVE_INFINITY;
    for (let i = 0; i <= 256; i++) {
      if (freq[i] && freq[i] <= v && i !== c1) {
        v = freq[i];
        c2 = i;
      }
    }
    if (c2 < 0) break;
    freq[c1] += freq[c2];
    freq[c2] = 0;
    codesize[c1]++;
    while (others[c1] >= 0) {
      c1 = others[c1];
      codesize[c1]++;
    }
    others[c1] = c2;
    codesize[c2]++;
    while (others[c2] >= 0) {
      c2 = others[c2];
      codesize[c2]++;
    }
  }
  const bits = new Int32Array(33);
  for (let i = 0; i <= 256; i++) if (codesize[i]) bits[codesize[i]]++;
  for (let i = 32; i > 16; i--) {
    while (bits[i] > 0) {
      let j = i - 2;
      while (bits[j] === 0) j--;
      bits[i] -= 2;
      bits[i - 1]++;
      bits[j + 1] += 2;
      bits[j]--;
    }
  }
  let i = 16;
  while (bits[i] === 0) i--;
  bits[i]--;
  const values: number[] = [];
  for (let len = 1; len <= 32; len++) for (let s = 0; s < 256; s++) if (codesize[s] === len) values.push(s);
  const table = {
    bits: Uint8Array.from(bits.subarray(1, 17)),
    values: Uint8Array.from(values),
    code: new Uint16Array(256),
    size: new Uint8Array(256),
  };
  let code = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    for (let n = 0; n < table.bits[len - 1]; n++, k++) {
      table.code[table.values[k]] = code++;
      table.size[table.values[k]] = len;
    }
    code <<= 1;
  }
  return table;
}

/** Bit output with JPEG byte stuffing, into a buffer that grows as needed. */
export class BitWriter {
  buf: Uint8Array;
  length = 0;
  private acc = 0;
  private n = 0;

  constructor(initial = 1 << 16) {
    this.buf = new Uint8Array(initial);
  }

  private grow(): void {
    const bigger = new Uint8Array(this.buf.length * 2);
    bigger.set(this.buf.subarray(0, this.length));
    this.buf = bigger;
  }

  raw(bytes: Uint8Array): void {
    while (this.length + bytes.length > this.buf.length) this.grow();
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** Appends `count` bits of `value` (at most 24 at once), stuffing a zero after each 0xFF byte. */
  bits(value: number, count: number): void {
    if (count === 0) return;
    let n = this.n + count;
    const acc = (this.acc << count) | (value & ((1 << count) - 1));
    if (this.length + 8 > this.buf.length) this.grow();
    const buf = this.buf;
    let len = this.length;
    while (n >= 8) {
      n -= 8;
      const b = (acc >>> n) & 0xff;
      buf[len++] = b;
      if (b === 0xff) buf[len++] = 0;
    }
    this.length = len;
    this.acc = acc & ((1 << n) - 1);
    this.n = n;
  }

  /** Pads the last byte with 1-bits, as the standard asks. */
  flush(): void {
    if (this.n > 0) this.bits(0x7f, 8 - this.n);
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

/** Magnitude category of a coefficient value (number of bits of |v|). */
export function category(v: number): number {
  let a = v < 0 ? -v : v;
  let n = 0;
  while (a) {
    n++;
    a >>= 1;
  }
  return n;
}
