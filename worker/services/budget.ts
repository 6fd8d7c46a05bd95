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

/** Lets timers (the budget) run between CPU-heavy steps. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
