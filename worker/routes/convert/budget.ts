import { numberVar } from "../../env";

/** The wall-clock budget of one conversion job ([vars] JOB_TIMEOUT_MS). */
export function jobBudgetMs(env: Env): number {
  return numberVar(env.JOB_TIMEOUT_MS, 30_000);
}
