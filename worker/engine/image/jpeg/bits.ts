import { type HuffmanSpec, invalidImage } from "./markers";

const LOOKAHEAD = 9;

/** A Huffman table ready for decoding: a 9-bit lookahead table, then the canonical code ranges. */
export interface HuffmanDecoder {
  /** (length << 8) | symbol for codes up to 9 bits; 0 for longer codes. */
  lookup: Uint16Array;
  maxcode: Int32Array;
  valoffset: Int32Array;
  symbols: Uint8Array;
}

export function buildDecoder(spec: HuffmanSpec): HuffmanDecoder {
  const lookup = new Uint16Array(1 << LOOKAHEAD);
  const maxcode = new Int32Array(18).fill(-1);
  const valoffset = new Int32Array(18);
  let code = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    const n = spec.counts[len - 1];
    valoffset[len] = k - code;
    for (let i = 0; i < n; i++, k++, code++) {
      if (len <= LOOKAHEAD) {
        const shift = LOOKAHEAD - len;
        const base = code << shift;
        for (let j = 0; j < 1 << shift; j++) lookup[base + j] = (len << 8) | spec.symbols[k];
      }
    }
    if (n > 0) maxcode[len] = code - 1;
    if (code > 1 << len) throw invalidImage();
    code <<= 1;
  }
  maxcode[17] = 0x7fffffff;
  return { lookup, maxcode, valoffset, symbols: spec.symbols };
}

/**
 * Reads entropy-coded data: removes 0xFF00 stuffing and stops at markers. Past a marker or the
 * end it feeds zero bits, and tracks how many so a scan that ran out of data is refused.
 */
export class BitReader {
  pos: number;
  private bits = 0;
  private count = 0;
  private padBits = 0;
  /** Position of the marker the reader stopped at, or -1. */
  marker = -1;

  constructor(
    readonly data: Uint8Array,
    start: number,
  ) {
    this.pos = start;
  }

  private fill(): void {
    const d = this.data;
    while (this.count <= 24) {
      let byte = 0;
      if (this.marker < 0 && this.pos < d.length) {
        byte = d[this.pos];
        if (byte === 0xff) {
          const next = this.pos + 1 < d.length ? d[this.pos + 1] : -1;
          if (next === 0) this.pos += 2;
          else if (next === 0xff) {
            // Fill bytes before a marker: skip one and look again.
            this.pos++;
            continue;
          } else {
            this.marker = this.pos;
            byte = 0;
            this.padBits += 8;
          }
        } else this.pos++;
      } else this.padBits += 8;
      this.bits = (this.bits << 8) | byte;
      this.count += 8;
    }
  }

  bit(): number {
    if (this.count === 0) this.fill();
    this.count--;
    return (this.bits >>> this.count) & 1;
  }

  get(n: number): number {
    if (n === 0) return 0;
    if (this.count < n) this.fill();
    this.count -= n;
    return (this.bits >>> this.count) & ((1 << n) - 1);
  }

  /** A magnitude category's bits, sign-extended (JPEG's EXTEND). */
  receive(s: number): number {
    if (s === 0) return 0;
    const v = this.get(s);
    return v < 1 << (s - 1) ? v - (1 << s) + 1 : v;
  }

  decode(t: HuffmanDecoder): number {
    if (this.count < 16) this.fill();
    const look = (this.bits >>> (this.count - LOOKAHEAD)) & ((1 << LOOKAHEAD) - 1);
    const e = t.lookup[look];
    if (e !== 0) {
      this.count -= e >> 8;
      return e & 0xff;
    }
    let len = LOOKAHEAD + 1;
    let code = (this.bits >>> (this.count - len)) & ((1 << len) - 1);
    while (code > t.maxcode[len]) {
      len++;
      if (len > 16) throw invalidImage();
      code = (this.bits >>> (this.count - len)) & ((1 << len) - 1);
    }
    this.count -= len;
    return t.symbols[code + t.valoffset[len]];
  }

  /** Refuses a scan that needed more bits than the file holds. */
  checkNotExhausted(): void {
    if (this.count < this.padBits) throw invalidImage("This JPEG is truncated or damaged and could not be read.");
  }

  /** At a restart interval: drop the partial byte and step over the RSTn marker. */
  restart(): void {
    this.checkNotExhausted();
    this.bits = 0;
    this.count = 0;
    this.padBits = 0;
    let p = this.marker >= 0 ? this.marker : this.pos;
    while (
      p + 1 < this.data.length &&
      !(this.data[p] === 0xff && this.data[p + 1] >= 0xd0 && this.data[p + 1] <= 0xd7)
    ) {
      if (this.data[p] === 0xff && this.data[p + 1] !== 0 && this.data[p + 1] !== 0xff) break;
      p++;
    }
    if (p + 1 < this.data.length && this.data[p] === 0xff && this.data[p + 1] >= 0xd0 && this.data[p + 1] <= 0xd7)
      p += 2;
    this.pos = p;
    this.marker = -1;
  }

  /** Where the next marker after this scan starts. */
  endOfScan(): number {
    this.checkNotExhausted();
    let p = this.marker >= 0 ? this.marker : this.pos;
    const d = this.data;
    while (p + 1 < d.length && !(d[p] === 0xff && d[p + 1] !== 0 && !(d[p + 1] >= 0xd0 && d[p + 1] <= 0xd7))) p++;
    return p;
  }
}
