import { EngineError } from "../../core/errors";
import { buildDecoder, type HuffmanDecoder } from "./bits";
import {
  type HuffmanSpec,
  invalidImage,
  type JpegFrame,
  type JpegMeta,
  parseFrame,
  parseHuffmanTables,
  parseQuantTables,
  parseScanHeader,
  readMetaSegment,
  readU16,
  ZIGZAG,
} from "./markers";
import { ScanDecoder, type ScanTarget } from "./scan";
import type { SparseRow } from "./sparse";

/**
 * A JPEG opened for reading one MCU row at a time. A baseline file whose first scan holds every
 * component is streamed: only one MCU row of coefficients exists at once, and a second pass
 * re-reads the entropy data. Progressive and multi-scan files are decoded whole into a
 * coefficient store first, which is refused above `maxStoreBytes`.
 */
export interface JpegOpenOptions {
  maxStoreBytes?: number;
  /** Called between MCU rows: the job's time budget. */
  check?: () => void;
}

export class JpegReader {
  readonly frame: JpegFrame;
  readonly meta: JpegMeta = {
    jfif: false,
    adobeTransform: -1,
    adobe: null,
    jfifSegment: null,
    icc: [],
    orientation: 1,
  };
  /** Per component: its quantization table in natural order. */
  readonly quant: Uint16Array[];
  /** The quantization tables by slot, as stored (zig-zag order). */
  readonly quantTables: (Uint16Array | undefined)[];
  /** Per component: the coefficients of the current MCU row (natural order). */
  readonly row: Int16Array[];
  private store: Int16Array[] | null = null;
  private stream: {
    scan: ScanDecoder;
    next: number;
    start: number;
    tables: (HuffmanDecoder | undefined)[];
    ri: number;
  } | null = null;

  constructor(
    readonly data: Uint8Array,
    opts: JpegOpenOptions = {},
  ) {
    const quantZ: (Uint16Array | undefined)[] = [];
    const specs: (HuffmanSpec | undefined)[] = [];
    let frame: JpegFrame | null = null;
    let ri = 0;
    let ended = false;
    if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) throw invalidImage();
    let p = 2;
    for (;;) {
      while (p < data.length && data[p] !== 0xff) p++;
      while (p < data.length && data[p] === 0xff) p++;
      if (p >= data.length) break;
      const marker = data[p++];
      if (marker === 0xd9) {
        ended = true;
        break;
      }
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
      const len = readU16(data, p);
      if (len < 2 || p + len > data.length) throw invalidImage();
      const seg = data.subarray(p + 2, p + len);
      p += len;
      if (marker === 0xdb) parseQuantTables(seg, quantZ);
      else if (marker === 0xc4) parseHuffmanTables(seg, specs);
      else if (marker === 0xdd) ri = readU16(seg, 0);
      else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        if (frame) throw invalidImage();
        frame = parseFrame(seg, marker);
        // A sequential file's first scan decides between streaming and storing.
        if (frame.progressive) this.allocateStore(frame, opts.maxStoreBytes);
      } else if (marker === 0xda) {
        if (!frame) throw invalidImage();
        const scan = parseScanHeader(seg, frame);
        const tables = specs.map((s) => (s ? buildDecoder(s) : undefined));
        const decoder = new ScanDecoder(frame, scan, data, p, tables, ri);
        if (!this.store && scan.components.length === frame.components.length) {
          this.stream = { scan: decoder, next: 0, start: p, tables, ri };
          break;
        }
        if (!this.store) this.allocateStore(frame, opts.maxStoreBytes);
        const target = this.storeTarget(frame);
        for (let r = 0; r < decoder.mcuRows; r++) {
          decoder.decodeRow(r, target);
          if ((r & 7) === 0) opts.check?.();
        }
        p = decoder.finish();
      } else if (marker >= 0xe0 && marker <= 0xef) readMetaSegment(marker, seg, this.meta);
    }
    // A progressive file cut short between scans would decode as a blurry image: refuse it.
    if (!frame || (!this.store && !this.stream) || (this.store && !ended)) {
      throw invalidImage("This JPEG is truncated or damaged and could not be read.");
    }
    this.frame = frame;
    this.quantTables = quantZ;
    this.quant = frame.components.map((c) => {
      const z = quantZ[c.tq];
      if (!z) throw invalidImage();
      const natural = new Uint16Array(64);
      for (let k = 0; k < 64; k++) natural[ZIGZAG[k]] = z[k];
      return natural;
    });
    this.row = frame.components.map((c) => new Int16Array(c.blocksPerLine * c.v * 64));
  }

  get streamed(): boolean {
    return this.stream !== null;
  }

  private allocateStore(frame: JpegFrame, max = Number.POSITIVE_INFINITY): void {
    const bytes = frame.components.reduce((sum, c) => sum + c.blocksPerLine * c.blocksPerColumn * 128, 0);
    if (bytes > max) {
      throw new EngineError(
        "job_too_large",
        `This ${frame.width}x${frame.height} progressive JPEG needs more memory than a job may use. Save it as a baseline JPEG or make it smaller, then try again.`,
      );
    }
    this.store = frame.components.map((c) => new Int16Array(c.blocksPerLine * c.blocksPerColumn * 64));
  }

  private storeTarget(frame: JpegFrame): ScanTarget {
    const store = this.store!;
    return { coefs: store, offset: (c, r, col) => (r * frame.components[c].blocksPerLine + col) * 64 };
  }

  /** Starts again from the first MCU row (streamed files re-read their entropy data). */
  rewind(): void {
    if (!this.stream) return;
    const s = this.stream;
    s.scan = new ScanDecoder(this.frame, s.scan.scan, this.data, s.start, s.tables, s.ri);
    s.next = 0;
  }

  /**
   * MCU row `m` into sparse rows, one per component (block row within the MCU, then column),
   * each at least `blocksPerLine * v` blocks; streamed files must be read in order.
   */
  readMcuRowSparse(m: number, out: SparseRow[]): void {
    if (this.store) {
      this.readMcuRow(m);
      this.frame.components.forEach((c, i) => {
        for (let b = 0; b < c.blocksPerLine * c.v; b++) out[i].fromDense(b, this.row[i], b * 64);
      });
      return;
    }
    const s = this.stream!;
    if (m !== s.next) throw new Error("streamed JPEG rows must be read in order");
    s.scan.decodeRowSparse(out);
    s.next++;
  }

  /** Fills `this.row` with MCU row `m`; streamed files must be read in order. */
  readMcuRow(m: number): void {
    if (this.store) {
      this.frame.components.forEach((c, i) => {
        const n = c.blocksPerLine * c.v * 64;
        this.row[i].set(this.store![i].subarray(m * n, (m + 1) * n));
      });
      return;
    }
    const s = this.stream!;
    if (m !== s.next) throw new Error("streamed JPEG rows must be read in order");
    const frame = this.frame;
    s.scan.decodeRow(
      m,
      { coefs: this.row, offset: (c, r, col) => (r * frame.components[c].blocksPerLine + col) * 64 },
      m,
    );
    s.next++;
  }
}
