import { busyError } from "./budget";

/**
 * One isolate's memory, shared by the jobs it runs at once: each heavy job reserves what it is
 * estimated to need before it starts, and waits its turn (first come, first served) when the
 * isolate is full. The queue is bounded in length and in waiting time; past either the job is
 * told the server is busy (503 with Retry-After), before its upload is read.
 *
 * A waiting job polls on its own timer rather than being woken by the job that gives memory
 * back: in a Worker, code resumed by another request's promise runs in that request's context
 * and may not touch its own request's body ("Cannot perform I/O on behalf of a different
 * request"). A waiter that stops polling (its client went away and the request was dropped) is
 * passed over once the others have looked many times without it: silence is counted in their
 * polls, not in time, because a long synchronous step of a running job stops every timer alike.
 */
export interface LedgerOptions {
  /** Bytes all jobs together may reserve. */
  capacity: number;
  /** Jobs that may wait at once; one more is refused. */
  maxWaiting: number;
  /** How long a job may wait for its turn. */
  maxWaitMs: number;
  /** How often a waiting job looks again (default 20 ms). */
  pollMs?: number;
}

export interface Lease {
  readonly bytes: number;
  /** Takes `more` bytes now if the isolate has them (never waits); false otherwise. */
  grow(more: number): boolean;
  /** Gives everything back; later calls do nothing. */
  release(): void;
}

interface Waiter {
  bytes: number;
  /** The poll count when it last looked: one the others have passed many times is gone. */
  seen: number;
}

/** Polls by others (per waiter ahead of or behind it) after which a silent waiter is dropped. */
const SILENT_ROUNDS = 25;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class MemoryLedger {
  private used = 0;
  private polls = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly opts: LedgerOptions) {}

  get reserved(): number {
    return this.used;
  }

  get queued(): number {
    return this.waiting.length;
  }

  private get pollMs(): number {
    return this.opts.pollMs ?? 20;
  }

  /** Reserves `bytes` (at most the capacity), waiting behind earlier jobs when there is no room. */
  async reserve(bytes: number): Promise<Lease> {
    const want = Math.min(Math.max(0, Math.ceil(bytes)), this.opts.capacity);
    this.dropSilent();
    if (this.waiting.length === 0 && this.used + want <= this.opts.capacity) return this.lease(want);
    if (this.waiting.length >= this.opts.maxWaiting) throw busyError();
    const me: Waiter = { bytes: want, seen: this.polls };
    this.waiting.push(me);
    const deadline = Date.now() + this.opts.maxWaitMs;
    for (;;) {
      await sleep(this.pollMs);
      me.seen = ++this.polls;
      if (!this.waiting.includes(me)) throw busyError();
      this.dropSilent();
      if (this.waiting[0] === me && this.used + want <= this.opts.capacity) {
        this.waiting.shift();
        return this.lease(want);
      }
      if (Date.now() > deadline) {
        this.waiting.splice(this.waiting.indexOf(me), 1);
        throw busyError();
      }
    }
  }

  /** Passes over waiters that stopped looking (their requests ended while they waited). */
  private dropSilent(): void {
    const cutoff = this.polls - SILENT_ROUNDS * Math.max(1, this.waiting.length);
    for (let i = this.waiting.length - 1; i >= 0; i--) if (this.waiting[i].seen < cutoff) this.waiting.splice(i, 1);
  }

  private lease(bytes: number): Lease {
    this.used += bytes;
    let held = bytes;
    let released = false;
    return {
      get bytes() {
        return held;
      },
      grow: (more: number) => {
        if (released || this.used + more > this.opts.capacity) return false;
        this.used += more;
        held += more;
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.used -= held;
      },
    };
  }
}
