import type { Budget } from "../../core/budget";
import { MAX_OPERATION, type Op, OperationTooLarge, operations } from "./lexer";

/**
 * The operations of content that arrives in pieces (pieces.ts), read a window at a time:
 * the window holds the pieces not yet read, an operation is handed on once a byte after it has
 * arrived (so nothing cut at the window's edge is read as whole), and what follows the last
 * whole one starts the next window. The window is about 256 KB; one operation larger than that
 * (a huge string or inline image) grows it, charged to the job, up to MAX_OPERATION.
 */

const WINDOW = 256 * 1024;
/** The window's most: one operation at the limit and the piece that arrived after it. */
const MAX_WINDOW = MAX_OPERATION + 2 * 1024 * 1024;

export interface ReaderOptions {
  budget?: Budget;
  /** What is read, for a refusal: "A page's content". */
  what?: string;
  /**
   * Called with a window's bytes that are done with (up to the end of its last operation), just
   * before they are overwritten: a rewriter copies what it keeps of them.
   */
  done?(bytes: Uint8Array): void;
}

export class ContentReader {
  private buf = new Uint8Array(0);
  private len = 0;
  private held = 0;
  /** The bytes the offsets of the operation last handed on refer to (start, end, an inline image's data). */
  window: Uint8Array = new Uint8Array(0);
  /** In the last window, where its last operation ended: after it, white space or operands of an operator that never came. */
  lastEnd = 0;

  constructor(
    private readonly pieces: Iterable<Uint8Array>,
    private readonly opts: ReaderOptions = {},
  ) {}

  *ops(): Generator<Op> {
    try {
      let want = WINDOW;
      for (const piece of this.pieces) {
        this.append(piece);
        if (this.len < want) continue;
        yield* this.read(false);
        if (this.len > MAX_OPERATION) throw new OperationTooLarge();
        // What is left is the start of one large operation: read again once twice as much is in.
        want = Math.min(Math.max(WINDOW, this.len * 2), MAX_OPERATION + 1);
      }
      yield* this.read(true);
    } finally {
      this.opts.budget?.give(this.held);
      this.held = 0;
    }
  }

  /** Hands on the window's whole operations (every one, at the end), then drops their bytes. */
  private *read(last: boolean): Generator<Op> {
    const window = this.buf.subarray(0, this.len);
    this.window = window;
    this.lastEnd = 0;
    for (const op of operations(window)) {
      if (!last && op.end >= window.length) break;
      this.lastEnd = op.end;
      yield op;
    }
    const consumed = this.lastEnd;
    if (last || consumed === 0) return;
    this.opts.done?.(window.subarray(0, consumed));
    this.buf.copyWithin(0, consumed, this.len);
    this.len -= consumed;
  }

  private append(piece: Uint8Array): void {
    const need = this.len + piece.length;
    if (need > this.buf.length) {
      const size = Math.max(need, Math.min(this.buf.length * 2, MAX_WINDOW));
      this.opts.budget?.take(size, this.opts.what ?? "A content stream");
      const next = new Uint8Array(size);
      next.set(this.buf.subarray(0, this.len));
      this.opts.budget?.give(this.held);
      this.held = size;
      this.buf = next;
    }
    this.buf.set(piece, this.len);
    this.len = need;
  }
}
