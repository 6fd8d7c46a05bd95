import { useQueryClient } from "@tanstack/react-query";
import type { PublicUser } from "../../schema/api";
import { DEFAULT_LIMITS } from "../../schema/tools";
import { USAGE_KEY } from "../api/usage";
import { isDeviceMode } from "../device/mode";
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
 * The client-side block: a signed-in user whose allowance is used up is stopped before
 * uploading, with the spec's toast. The server enforces the allowance regardless.
 */
export function useAllowanceGuard() {
  const { user, refresh } = useAuth();
  const queryClient = useQueryClient();
  const goTo = useGoTo();
  const allowance = allowanceOf(user);
  const upgradeAction = () => ({ label: "Upgrade", onClick: () => goTo("/premium") });
  return {
    allowance,
    /** The "Upgrade" button for toasts that offer Premium (the client block, the server's 429). */
    upgradeAction,
    /** True when the conversion may start; otherwise shows the toast and returns false. */
    check(): boolean {
      // Jobs on this device cost the service nothing and are not counted.
      if (!allowance.exhausted || isDeviceMode()) return true;
      toast({
        title: "Conversion limit reached",
        description:
          allowance.tier === "free" ? "Upgrade to Premium for unlimited conversions" : "Please try again tomorrow",
        variant: "destructive",
        action: allowance.tier === "free" ? upgradeAction() : undefined,
      });
      return false;
    },
    /** After a conversion, the counters in the header and banner are read again. */
    afterConversion: async () => {
      if (isDeviceMode()) return;
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: [USAGE_KEY] })]);
    },
  };
}
