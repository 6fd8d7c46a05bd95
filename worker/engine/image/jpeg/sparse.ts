import { ZIGZAG } from "./markers";

/**
 * A row of coefficient blocks kept sparse: for block b, its DC in `dc[b]` and `count[b]` AC
 * entries from `b * 63` in `pos` (zig-zag index, ascending) and `val`. The decoder can fill
 * it directly, the trellis reads and writes it, and the coefficient store keeps blocks in the
 * same form, so a requantizing pass only ever touches coefficients that are not zero.
 */
export class SparseRow {
  readonly pos: Uint8Array;
  readonly val: Int32Array;
  readonly count: Uint8Array;
  readonly dc: Int32Array;

  constructor(readonly blocks: number) {
    this.pos = new Uint8Array(blocks * 63);
    this.val = new Int32Array(blocks * 63);
    this.count = new Uint8Array(blocks);
    this.dc = new Int32Array(blocks);
  }

  /** Block b from a dense natural-order block. */
  fromDense(b: number, block: Int16Array, at: number): void {
    let n = 0;
    const base = b * 63;
    for (let k = 1; k < 64; k++) {
      const v = block[at + ZIGZAG[k]];
      if (v === 0) continue;
      this.pos[base + n] = k;
      this.val[base + n] = v;
      n++;
    }
    this.count[b] = n;
    this.dc[b] = block[at];
  }

  /** Block b into a dense natural-order block. */
  toDense(b: number, block: Int16Array, at: number): void {
    block.fill(0, at, at + 64);
    block[at] = this.dc[b];
    for (let t = b * 63; t < b * 63 + this.count[b]; t++) block[at + ZIGZAG[this.pos[t]]] = this.val[t];
  }
}
