import { AppError } from "../errors";

/**
 * A job's time budget. Engines call check() between steps (pdf-lib also yields while parsing,
 * which lets the timer in runWithBudget fire). When the request ends, workerd drops the
 * abandoned work's timers, so a stopped job does not keep running.
 */
export class Budget {
  readonly deadline: number;
  constructor(readonly ms: number) {
    this.deadline = Date.now() + ms;
  }

  get remaining(): number {
    return Math.max(0, this.deadline - Date.now());
  }

  check(): void {
    if (Date.now() > this.deadline) throw timeoutError();
  }
}

export function timeoutError(): AppError {
  return new AppError(
    "job_timeout",
    "This file took too long to process and was stopped. It may be damaged or unusually complex.",
  );
}

export async function runWithBudget<T>(ms: number, job: (budget: Budget) => Promise<T>): Promise<T> {
  const budget = new Budget(ms);
  let timer: ReturnType<typeof setTimeout> | null = null;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms);
  });
  try {
    return await Promise.race([job(budget), timeout]);
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
