import { useMutation } from "@tanstack/react-query";
import { apiRequest, errorField } from "./client";

export class PremiumCheckoutError extends Error {}

/** POST /api/create-premium-checkout (signed in): the Checkout page's url. */
export function usePremiumCheckout() {
  return useMutation({
    mutationFn: async (): Promise<{ sessionId: string; url: string | null }> => {
      const res = await apiRequest("/api/create-premium-checkout", { method: "POST", auth: true });
      if (!res.ok) {
        const body = await res.json().catch(() => ({}));
        throw new PremiumCheckoutError(
          errorField(body) ?? `Could not start the upgrade: ${res.statusText || res.status}`,
        );
      }
      return res.json();
    },
  });
}

/** POST /api/create-billing-portal: Stripe's page to change or cancel a subscription. */
export function useBillingPortal() {
  return useMutation({
    mutationFn: async (): Promise<{ url: string }> => {
      const res = await apiRequest("/api/create-billing-portal", { method: "POST", auth: true });
      if (!res.ok) {
        const body = await res.json().catch(() => ({}));
        throw new PremiumCheckoutError(errorField(body) ?? `Could not open billing: ${res.statusText || res.status}`);
      }
      return res.json();
    },
  });
}
