import { useMutation } from "@tanstack/react-query";
import { apiErrorOf, apiRequest } from "./client";

/** POST /api/create-premium-checkout (signed in): the Checkout page's url. */
export function usePremiumCheckout() {
  return useMutation({
    mutationFn: async (): Promise<{ sessionId: string; url: string | null }> => {
      const res = await apiRequest("/api/create-premium-checkout", { method: "POST", auth: true });
      if (!res.ok) throw await apiErrorOf(res, (a) => a.serverError ?? `Could not start the upgrade: ${a.statusText}`);
      return res.json();
    },
  });
}

/** POST /api/create-billing-portal: Stripe's page to change or cancel a subscription. */
export function useBillingPortal() {
  return useMutation({
    mutationFn: async (): Promise<{ url: string }> => {
      const res = await apiRequest("/api/create-billing-portal", { method: "POST", auth: true });
      if (!res.ok) throw await apiErrorOf(res, (a) => a.serverError ?? `Could not open billing: ${a.statusText}`);
      return res.json();
    },
  });
}
