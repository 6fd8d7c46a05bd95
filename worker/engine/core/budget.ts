import { EngineError } from "./errors";

export const MiB = 1024 * 1024;

/**
 * What one job may hold when nothing says otherwise (tests, the bench). The Worker sets it from
 * [vars] JOB_MEMORY_MB; an isolate has 128 MB for everything it serves at once.
 */
export const DEFAULT_JOB_MEMORY = 80 * MiB;

/** Where a job asks for memory beyond what it was admitted with (the isolate's ledger). */
export interface MemoryGrant {
  /** Takes `bytes` more for this job; false when the isolate cannot spare them now. */
  grow(bytes: number): boolean;
}

export interface BudgetOptions {
  /** Most bytes the job may hold at once (the large buffers it accounts for). */
  memory?: number;
  /** Bytes already set aside for the job; above them, `grant` is asked. */
  granted?: number;
  grant?: MemoryGrant;
}

/** "1.1 GB", "80 MB", "512 KB". */
export function formatMemory(bytes: number): string {
  if (bytes >= 1024 * MiB) return `${(bytes / (1024 * MiB)).toFixed(1)} GB`;
  if (bytes >= MiB) return `${Math.round(bytes / MiB)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * A job's budgets: time, and memory. Engines call check() between steps (pdf-lib also yields
 * while parsing, which lets the timer in runWithBudget fire). Memory is accounted where large
 * buffers are made: take() before making one (refused past the job's limit, so a job stops
 * cleanly instead of growing until the isolate dies), give() when it is no longer held.
 */
export class Budget {
  readonly deadline: number;
  readonly memoryLimit: number;
  private held = 0;
  private granted: number;
  private readonly grant: MemoryGrant | undefined;
  /** The most the job has held at once. */
  peakHeld = 0;

  constructor(
    readonly ms: number,
    opts: BudgetOptions = {},
  ) {
    this.deadline = Date.now() + ms;
    this.memoryLimit = opts.memory ?? DEFAULT_JOB_MEMORY;
    this.granted = opts.granted ?? this.memoryLimit;
    this.grant = opts.grant;
  }

  get remaining(): number {
    return Math.max(0, this.deadline - Date.now());
  }

  check(): void {
    if (Date.now() > this.deadline) throw timeoutError();
  }

  /** Bytes the job may still take. */
  get memoryLeft(): number {
    return Math.max(0, this.memoryLimit - this.held);
  }

  get memoryHeld(): number {
    return this.held;
  }

  /**
   * Counts `bytes` against the job for `what` (a phrase a person reads: "report.pdf's image on
   * page 3 (20000 x 20000 pixels)"). Past the job's limit: 413, nothing more is made. Within it,
   * but past what the isolate can spare while other jobs run: 503, try again shortly.
   */
  take(bytes: number, what: string): void {
    const n = Math.max(0, Math.ceil(bytes));
    if (this.held + n > this.memoryLimit) throw tooMuchMemory(what, n, this.memoryLimit);
    if (this.held + n > this.granted) {
      const more = this.held + n - this.granted;
      if (!this.grant?.grow(more)) throw busyError();
      this.granted += more;
    }
    this.held += n;
    if (this.held > this.peakHeld) this.peakHeld = this.held;
  }

  give(bytes: number): void {
    this.held = Math.max(0, this.held - Math.max(0, Math.ceil(bytes)));
  }

  /** Runs `step` holding `bytes`; they are given back however it ends. */
  async holding<T>(bytes: number, what: string, step: () => Promise<T> | T): Promise<T> {
    this.take(bytes, what);
    try {
      return await step();
    } finally {
      this.give(bytes);
    }
  }
}

export function tooMuchMemory(what: string, bytes: number, limit: number): EngineError {
  return new EngineError(
    "job_too_large",
    `${what} needs ${formatMemory(bytes)} of memory to process; one job can use at most ${formatMemory(limit)} here.`,
  );
}

/** How long a client is told to wait before trying again when the isolate is busy. */
export const BUSY_RETRY_SECONDS = 20;

export function busyError(): EngineError {
  return new EngineError(
    "busy",
    "The server is busy with other large files right now. Nothing was saved and this conversion was not counted: please try again in a minute.",
    { retryAfter: BUSY_RETRY_SECONDS },
  );
}

export function timeoutError(): EngineError {
  return new EngineError(
    "job_timeout",
    "This file took too long to process and was stopped. It may be damaged or unusually complex.",
  );
}

/** Runs `job` against a budget of `ms` (and the memory options); past the time, job_timeout. */
export function runWithBudget<T>(
  ms: number,
  job: (budget: Budget) => Promise<T>,
  opts: BudgetOptions = {},
): Promise<T> {
  const budget = new Budget(ms, opts);
  return withinDeadline(budget, () => job(budget));
}

/**
 * Runs `step` until the budget's deadline: past it, job_timeout at once, whatever the step is
 * doing (it stops at its next check or yield; a request that has ended drops its timers).
 */
export async function withinDeadline<T>(budget: Budget, step: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), budget.remaining);
  });
  try {
    return await Promise.race([step(), timeout]);
  } finally {
    if (timer !== null) clearTimeout(timer);
  }
}

/** Timer-turn yields happen at least this often (in ms, and in calls); the others are message turns. */
const TIMER_TURN_MS = 10;
const TIMER_TURN_CALLS = 16;
let lastTimerTurn = 0;
let callsSinceTimerTurn = 0;

/**
 * Lets timers (the budget) run between CPU-heavy steps. A setTimeout(0) costs a whole
 * millisecond in workerd and Node: splitting 200 pages spent 220 ms waiting on it. A message
 * turn costs microseconds and moves the clock on, but lets no timer fire, so a timer turn
 * still comes every 10 ms of work or every 16 calls, whichever is first.
 */
export function yieldToEventLoop(): Promise<void> {
  const now = Date.now();
  callsSinceTimerTurn++;
  if (
    typeof MessageChannel === "undefined" ||
    callsSinceTimerTurn >= TIMER_TURN_CALLS ||
    now - lastTimerTurn >= TIMER_TURN_MS
  ) {
    callsSinceTimerTurn = 0;
    lastTimerTurn = now;
    return new Promise((resolve) => setTimeout(resolve, 0));
  }
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
