import { useQuery, useQueryClient } from "@tanstack/react-query";
import { conversionsFor, remainingToday } from "../../schema/allowance";
import type { PublicUser, Usage } from "../../schema/api";
import { DEFAULT_LIMITS, type ToolDef } from "../../schema/tools";
import { USAGE_KEY, usageQuery } from "../api/usage";
import { isDeviceMode } from "../device/mode";
import { translate } from "../i18n/runtime";
import { type BatchAllowance, batchAllowance, limitReachedToast } from "../tools/allowance";
import { shellText } from "../tools/messages";
import { toast } from "../ui/toaster";
import { useAuth } from "./auth-context";
import { useGoTo } from "./navigation";

export type Tier = "guest" | "free" | "premium";

/** Spec section 6: guest 2 (usage shown as 0), free 10, premium unlimited, other roles as guests. */
export const DAILY = DEFAULT_LIMITS.daily;

export function tierOf(user: PublicUser | null): Tier {
  if (!user) return "guest";
  return user.role === "free" || user.role === "premium" ? user.role : "guest";
}

export interface Allowance {
  tier: Tier;
  used: number;
  /** null: unlimited. */
  daily: number | null;
  exhausted: boolean;
  percent: number;
}

export function allowanceOf(user: PublicUser | null): Allowance {
  const tier = tierOf(user);
  const used = user ? user.dailyConversions : 0;
  const daily = user ? (user.dailyLimit ?? null) : DAILY.guest;
  const exhausted = daily !== null && user !== null && used >= daily;
  const percent = daily ? Math.min(100, Math.round((used / daily) * 100)) : 0;
  return { tier, used, daily, exhausted, percent };
}

/**
 * What is left today, as far as the page knows: a signed-in person's from their account (read
 * again after every conversion), a guest's from GET /api/usage once it has been read; null
 * when unlimited or not known (the server then decides, refusing a request whole).
 */
export function remainingOf(user: PublicUser | null, server: Usage | undefined): number | null {
  if (user) {
    const a = allowanceOf(user);
    return remainingToday(a.used, a.daily);
  }
  return server && server.tier === "guest" ? server.remaining : null;
}

/**
 * The client-side block: a batch that needs more conversions than are left (schema/allowance.ts
 * counts them) is stopped before anything is uploaded, with the spec's toast. The server
 * enforces the allowance regardless, and refuses a request that would cross it whole.
 */
export function useAllowanceGuard() {
  const { user, refresh, openDialog } = useAuth();
  const queryClient = useQueryClient();
  const goTo = useGoTo();
  const allowance = allowanceOf(user);
  // Read from the cache only: whoever shows the allowance asks for it (checkFirst below, too).
  const server = useQuery({ ...usageQuery(), enabled: false }).data;
  const upgradeAction = () => ({ label: shellText("limit.upgrade"), onClick: () => goTo("/premium") });
  // A guest's way on: an account (10 a day) is a click away.
  const accountAction = () => ({
    label: translate("parts", "allowance.createAccount"),
    onClick: () => openDialog("register"),
  });
  const refuse = (check: BatchAllowance) => {
    toast({
      ...limitReachedToast(check, allowance.tier),
      variant: "destructive",
      action: allowance.tier === "free" ? upgradeAction() : !user ? accountAction() : undefined,
    });
    return false;
  };
  const decide = (
    tool: Pick<ToolDef, "combines" | "maxFiles"> | undefined,
    files: number,
    remaining: number | null,
  ) => {
    // Jobs on this device cost the service nothing and are not counted.
    if (isDeviceMode()) return true;
    const check = batchAllowance(tool ?? { maxFiles: 1 }, files, remaining);
    return check.allowed || refuse(check);
  };
  return {
    allowance,
    /** What is left today, or null (unlimited, or not known yet). */
    remaining: remainingOf(user, server),
    /** The "Upgrade" button for toasts that offer Premium (the client block, the server's 429). */
    upgradeAction,
    /**
     * True when a batch of `files` files for `tool` (one file if not said) may start; otherwise
     * shows the toast and returns false.
     */
    check(tool?: Pick<ToolDef, "combines" | "maxFiles">, files = 1): boolean {
      return decide(tool, files, remainingOf(user, server));
    },
    /**
     * The same, first reading a guest's allowance from the server when it was read before the last
     * conversion, or is not known and the batch needs more than one: a batch sent as several
     * requests must not half-fail.
     */
    async checkFirst(tool: Pick<ToolDef, "combines" | "maxFiles">, files: number): Promise<boolean> {
      let known = server;
      // Not read yet, or read before the last conversion: read it now.
      const state = queryClient.getQueryState(usageQuery().queryKey);
      const stale = state?.data !== undefined && state.isInvalidated;
      const unknown = state?.data === undefined && conversionsFor(tool, files) > 1;
      if (!user && !isDeviceMode() && (stale || unknown)) {
        known = await queryClient.fetchQuery({ ...usageQuery(), staleTime: 0 }).catch(() => server);
      }
      return decide(tool, files, remainingOf(user, known));
    },
    /** After a conversion, the counters in the header, the banner and the allowance are read again. */
    afterConversion: async () => {
      if (isDeviceMode()) return;
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: [USAGE_KEY] })]);
    },
  };
}
