import type { Budget } from "../../../core/budget";

const BLOCK = 64 * 1024;

/**
 * Content written out a block at a time (copied: the reader's window is reused), charged to the
 * job as it grows: millions of small replacements are not millions of arrays.
 */
export class Sink {
  private blocks: Uint8Array[] = [];
  private block = new Uint8Array(0);
  private at = 0;
  private size = 0;
  private held = 0;

  constructor(private readonly budget: Budget | undefined) {}

  write(b: Uint8Array): void {
    for (let i = 0; i < b.length; ) {
      if (this.at === this.block.length) this.grow();
      const n = Math.min(b.length - i, this.block.length - this.at);
      this.block.set(b.subarray(i, i + n), this.at);
      this.at += n;
      i += n;
    }
    this.size += b.length;
  }

  private grow(): void {
    this.take(BLOCK);
    if (this.block.length > 0) this.blocks.push(this.block);
    this.block = new Uint8Array(BLOCK);
    this.at = 0;
  }

  private take(bytes: number): void {
    this.budget?.take(bytes, "A page's content in grey");
    this.held += bytes;
  }

  /** The content in one array (charged until release). */
  finish(): Uint8Array {
    this.take(this.size);
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const b of [...this.blocks, this.block.subarray(0, this.at)]) {
      out.set(b, at);
      at += b.length;
    }
    this.blocks = [];
    return out;
  }

  release(): void {
    this.budget?.give(this.held);
    this.held = 0;
  }
}
