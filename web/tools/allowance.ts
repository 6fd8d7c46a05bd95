/**
 * A batch against the daily allowance, before anything is uploaded (the counting rule itself is
 * schema/allowance.ts, shared with the Worker). A batch that needs more conversions than are left
 * is refused whole, with the spec's 'Conversion limit reached' toast: never half uploaded and
 * half failed. The limits banner and the upload machinery both ask here.
 */
import { conversionsFor } from "../../schema/allowance";
import type { ToolDef } from "../../schema/tools";
import { shellText } from "./messages";

export { COUNTING_RULE, countingLine } from "../../schema/allowance";

export type AllowanceTier = "guest" | "free" | "premium";

export interface BatchAllowance {
  /** Conversions the batch uses if every file converts. */
  needed: number;
  /** What is left today; null when unlimited, or not known (the server decides). */
  remaining: number | null;
  allowed: boolean;
  /** Files to take off the list for the batch to fit (0 when it fits; see `allowed`). */
  excess: number;
}

/**
 * Whether a batch of `files` files for `tool` fits what is left today (`remaining`, null:
 * unlimited or unknown), and how many conversions it uses.
 */
export function batchAllowance(
  tool: Pick<ToolDef, "combines" | "maxFiles">,
  files: number,
  remaining: number | null,
): BatchAllowance {
  const needed = conversionsFor(tool, files);
  if (remaining === null) return { needed, remaining, allowed: true, excess: 0 };
  const allowed = needed <= remaining;
  // A combined document needs one conversion however many files: taking files off cannot help.
  const excess = allowed || tool.combines || remaining === 0 ? 0 : needed - remaining;
  return { needed, remaining, allowed, excess };
}

/**
 * The refusal's toast: the spec's words when nothing is left ('Upgrade to Premium for unlimited
 * conversions' for free accounts, 'Please try again tomorrow' for everyone else), and for a
 * batch that would cross the limit, what it needs, what is left and what to do. In the page's
 * language (`tool-shell`).
 */
export function limitReachedToast(check: BatchAllowance, tier: AllowanceTier): { title: string; description: string } {
  const title = shellText("limit.title");
  if (!check.remaining || check.excess === 0) {
    return { title, description: shellText(tier === "free" ? "limit.upgradeHint" : "limit.tomorrow") };
  }
  const need = shellText("limit.need", { needed: check.needed, remaining: check.remaining });
  const fix = shellText(tier === "free" ? "limit.fixUpgrade" : "limit.fixTomorrow", { excess: check.excess });
  return { title, description: `${need} ${fix}` };
}
