import { BitReader, type HuffmanDecoder } from "./bits";
import { invalidImage, type JpegFrame, type ScanHeader, ZIGZAG } from "./markers";
import type { SparseRow } from "./sparse";

/**
 * Entropy decoding of one scan into coefficient blocks (natural order, not dequantized).
 * `blockAt(component, row, col)` says where a block lives: the caller owns the storage, which
 * is either the whole image (progressive, multi-scan) or one MCU row (streamed baseline).
 */
export interface ScanTarget {
  coefs: Int16Array[];
  /** Offset of block (row, col) of component c in coefs[c]; rows count from the first stored row. */
  offset(c: number, row: number, col: number): number;
}

export interface ScanState {
  reader: BitReader;
  pred: Int32Array;
  eobrun: number;
  mcusLeft: number;
}

export class ScanDecoder {
  readonly state: ScanState;
  private readonly dc: HuffmanDecoder[];
  private readonly ac: HuffmanDecoder[];

  constructor(
    readonly frame: JpegFrame,
    readonly scan: ScanHeader,
    data: Uint8Array,
    start: number,
    tables: (HuffmanDecoder | undefined)[],
    readonly restartInterval: number,
  ) {
    const need = (slot: number) => {
      const t = tables[slot];
      if (!t) throw invalidImage();
      return t;
    };
    const dcFirst = frame.progressive ? scan.ss === 0 && scan.ah === 0 : true;
    const acNeeded = !frame.progressive || scan.ss > 0;
    this.dc = scan.components.map((c) => (dcFirst ? need(c.td) : (undefined as never)));
    this.ac = scan.components.map((c) => (acNeeded ? need(4 + c.ta) : (undefined as never)));
    if (frame.progressive) {
      const bad = scan.ss > scan.se || scan.se > 63 || (scan.ss === 0 && scan.se !== 0) || scan.al > 13;
      if (bad || (scan.ss > 0 && scan.components.length !== 1)) throw invalidImage();
    }
    this.state = { reader: new BitReader(data, start), pred: new Int32Array(4), eobrun: 0, mcusLeft: restartInterval };
  }

  /** MCU rows in this scan (a single-component scan walks that component's own block grid). */
  get mcuRows(): number {
    if (this.scan.components.length > 1) return this.frame.mcusPerColumn;
    return this.frame.components[this.scan.components[0].index].dataBlocksPerColumn;
  }

  get mcuCols(): number {
    if (this.scan.components.length > 1) return this.frame.mcusPerLine;
    return this.frame.components[this.scan.components[0].index].dataBlocksPerLine;
  }

  /** Decodes MCU row `row` into the target (rows stored relative to `firstStoredRow` blocks). */
  decodeRow(row: number, target: ScanTarget, firstStoredRow = 0): void {
    const comps = this.scan.components;
    const cols = this.mcuCols;
    for (let col = 0; col < cols; col++) {
      this.beforeMcu();
      if (comps.length === 1) {
        const ci = comps[0].index;
        this.decodeBlock(0, target.coefs[ci], target.offset(ci, row - firstStoredRow, col));
      } else {
        for (let i = 0; i < comps.length; i++) {
          const ci = comps[i].index;
          const comp = this.frame.components[ci];
          for (let v = 0; v < comp.v; v++) {
            for (let h = 0; h < comp.h; h++) {
              const r = (row - firstStoredRow) * comp.v + v;
              this.decodeBlock(i, target.coefs[ci], target.offset(ci, r, col * comp.h + h));
            }
          }
        }
      }
    }
    this.state.reader.checkNotExhausted();
  }

  /**
   * Decodes the next MCU row of a baseline scan holding every component into sparse rows:
   * `out[c]` gets component c's blocks of the row (block row within the MCU, then column).
   */
  decodeRowSparse(out: SparseRow[]): void {
    const comps = this.scan.components;
    const cols = this.mcuCols;
    for (let col = 0; col < cols; col++) {
      this.beforeMcu();
      if (comps.length === 1) {
        this.baselineSparse(0, out[comps[0].index], col);
        continue;
      }
      for (let i = 0; i < comps.length; i++) {
        const ci = comps[i].index;
        const comp = this.frame.components[ci];
        for (let v = 0; v < comp.v; v++) {
          for (let h = 0; h < comp.h; h++) this.baselineSparse(i, out[ci], v * comp.blocksPerLine + col * comp.h + h);
        }
      }
    }
    this.state.reader.checkNotExhausted();
  }

  private baselineSparse(i: number, row: SparseRow, b: number): void {
    const r = this.state.reader;
    const ac = this.ac[i];
    const t = r.decode(this.dc[i]);
    this.state.pred[i] += r.receive(t);
    row.dc[b] = this.state.pred[i];
    const base = b * 63;
    let n = 0;
    for (let k = 1; k < 64; ) {
      const rs = r.decode(ac);
      const s = rs & 15;
      const run = rs >> 4;
      if (s === 0) {
        if (run !== 15) break;
        k += 16;
        continue;
      }
      k += run;
      if (k > 63) throw invalidImage();
      row.pos[base + n] = k;
      row.val[base + n] = r.receive(s);
      n++;
      k++;
    }
    row.count[b] = n;
  }

  /** Where the data after this scan starts. */
  finish(): number {
    return this.state.reader.endOfScan();
  }

  private beforeMcu(): void {
    if (this.restartInterval === 0) return;
    const s = this.state;
    if (s.mcusLeft === 0) {
      s.reader.restart();
      s.pred.fill(0);
      s.eobrun = 0;
      s.mcusLeft = this.restartInterval;
    }
    s.mcusLeft--;
  }

  private decodeBlock(i: number, out: Int16Array, off: number): void {
    const { ss, se, ah, al } = this.scan;
    if (!this.frame.progressive) {
      this.baseline(i, out, off);
      return;
    }
    if (ss === 0) {
      if (ah === 0) this.dcFirst(i, out, off, al);
      else if (this.state.reader.bit()) out[off] |= 1 << al;
      return;
    }
    if (ah === 0) this.acFirst(i, out, off, ss, se, al);
    else this.acRefine(i, out, off, ss, se, al);
  }

  private baseline(i: number, out: Int16Array, off: number): void {
    const r = this.state.reader;
    const ac = this.ac[i];
    out.fill(0, off, off + 64);
    const t = r.decode(this.dc[i]);
    this.state.pred[i] += r.receive(t);
    out[off] = this.state.pred[i];
    for (let k = 1; k < 64; ) {
      const rs = r.decode(ac);
      const s = rs & 15;
      const run = rs >> 4;
      if (s === 0) {
        if (run !== 15) break;
        k += 16;
        continue;
      }
      k += run;
      if (k > 63) throw invalidImage();
      out[off + ZIGZAG[k]] = r.receive(s);
      k++;
    }
  }

  private dcFirst(i: number, out: Int16Array, off: number, al: number): void {
    const r = this.state.reader;
    const t = r.decode(this.dc[i]);
    this.state.pred[i] += r.receive(t);
    out[off] = this.state.pred[i] * (1 << al);
  }

  private acFirst(i: number, out: Int16Array, off: number, ss: number, se: number, al: number): void {
    const s0 = this.state;
    if (s0.eobrun > 0) {
      s0.eobrun--;
      return;
    }
    const r = s0.reader;
    const ac = this.ac[i];
    for (let k = ss; k <= se; k++) {
      const rs = r.decode(ac);
      const s = rs & 15;
      const run = rs >> 4;
      if (s === 0) {
        if (run < 15) {
          s0.eobrun = (1 << run) - 1;
          if (run) s0.eobrun += r.get(run);
          break;
        }
        k += 15;
        continue;
      }
      k += run;
      if (k > 63) throw invalidImage();
      out[off + ZIGZAG[k]] = r.receive(s) * (1 << al);
    }
  }

  private acRefine(i: number, out: Int16Array, off: number, ss: number, se: number, al: number): void {
    const s0 = this.state;
    const r = s0.reader;
    const p1 = 1 << al;
    const m1 = -1 << al;
    let k = ss;
    if (s0.eobrun === 0) {
      for (; k <= se; k++) {
        const rs = r.decode(this.ac[i]);
        let s = rs & 15;
        let run = rs >> 4;
        if (s !== 0) {
          s = r.bit() ? p1 : m1;
        } else if (run !== 15) {
          s0.eobrun = 1 << run;
          if (run) s0.eobrun += r.get(run);
          break;
        }
        while (k <= se) {
          const z = off + ZIGZAG[k];
          const coef = out[z];
          if (coef !== 0) {
            if (r.bit() && (coef & p1) === 0) out[z] = coef >= 0 ? coef + p1 : coef + m1;
          } else {
            if (run === 0) break;
            run--;
          }
          k++;
        }
        if (s !== 0 && k <= se) out[off + ZIGZAG[k]] = s;
      }
    }
    if (s0.eobrun > 0) {
      for (; k <= se; k++) {
        const z = off + ZIGZAG[k];
        const coef = out[z];
        if (coef !== 0 && r.bit() && (coef & p1) === 0) out[z] = coef >= 0 ? coef + p1 : coef + m1;
      }
      s0.eobrun--;
    }
  }
}
