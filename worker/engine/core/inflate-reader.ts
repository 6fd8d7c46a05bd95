import { InflateDamaged, Inflater } from "./inflate";

/** How a reader words the two ways its zlib data can fail. */
export interface InflateErrors {
  /** The data ends before what was asked for. */
  truncated(): Error;
  /** The data cannot be inflated. */
  corrupt(): Error;
}

/**
 * zlib data (in one or more parts, as a PNG's IDAT chunks) inflated a piece at a time as bytes
 * are asked for, so memory holds what is being read, not the whole inflated stream.
 */
export class InflateReader {
  private inflater!: Inflater;
  private queue: Uint8Array[] = [];
  private queued = 0;
  private part = 0;
  private offset = 0;
  private ended = false;
  private consumed = 0;
  private onData: (data: Uint8Array, final: boolean) => void = () => {};

  constructor(
    private readonly parts: readonly Uint8Array[],
    private readonly errors: InflateErrors,
    private readonly piece = 4096,
  ) {
    this.reset();
  }

  /** Back to the start of the data. */
  reset(): void {
    this.onData = (data) => {
      this.queue.push(data);
      this.queued += data.length;
    };
    this.inflater = new Inflater((data, final) => this.onData(data, final));
    this.queue = [];
    this.queued = 0;
    this.part = 0;
    this.offset = 0;
    this.ended = false;
    this.consumed = 0;
  }

  /** The next `n` inflated bytes, in a new array. */
  take(n: number): Uint8Array {
    while (this.queued < n) {
      if (this.ended) throw this.errors.truncated();
      this.feed();
    }
    const out = new Uint8Array(n);
    for (let o = 0; o < n; ) {
      const head = this.queue[0];
      const k = Math.min(head.length, n - o);
      out.set(head.subarray(0, k), o);
      o += k;
      if (k === head.length) this.queue.shift();
      else this.queue[0] = head.subarray(k);
    }
    this.queued -= n;
    return out;
  }

  /**
   * Inflates up to `limit` more bytes (compressed, or inflated) and keeps none of them: damage
   * just past what was read is found, as a reader given the whole stream would find it. True
   * when the data ended within the limit; false when it goes on past it.
   */
  drain(limit: number): boolean {
    const end = this.consumed + limit;
    let drained = 0;
    this.onData = (data) => {
      drained += data.length;
    };
    while (!this.ended && this.consumed < end && drained <= limit) this.feed();
    return this.ended || this.inflater.complete;
  }

  private feed(): void {
    const data = this.parts[this.part];
    const end = Math.min(data.length, this.offset + this.piece);
    const last = this.part === this.parts.length - 1 && end === data.length;
    try {
      this.inflater.push(data.subarray(this.offset, end), last);
    } catch (err) {
      if (err instanceof InflateDamaged) throw this.errors.corrupt();
      throw err;
    }
    this.consumed += end - this.offset;
    this.offset = end;
    if (end === data.length) {
      this.part++;
      this.offset = 0;
    }
    if (last) this.ended = true;
  }
}
