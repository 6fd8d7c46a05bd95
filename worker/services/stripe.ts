import Stripe from "stripe";
import { AppError, isAppError } from "../errors";

/**
 * The Stripe client, or an honest 503 when Stripe is not configured. Host, port and protocol
 * are configurable so tests point the real client at a local imitation.
 */
export function stripeClient(env: Env, feature = "Donations"): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new AppError("not_configured", `${feature} are not configured`);
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
    ...(env.STRIPE_API_PROTOCOL === "http" || env.STRIPE_API_PROTOCOL === "https"
      ? { protocol: env.STRIPE_API_PROTOCOL }
      : {}),
  });
}

/** Stripe failures the person can act on become a 502 with Stripe's own words; nothing leaks keys. */
export function stripeFailure(err: unknown): AppError {
  if (isAppError(err)) return err;
  if (err instanceof Stripe.errors.StripeError) {
    // The message a person sees never echoes Stripe's internals; the log keeps them.
    console.error("Stripe request failed:", err.type, err.message);
    return new AppError(
      "upstream_failed",
      "The payment provider could not start the payment. Please try again in a moment.",
    );
  }
  console.error("Stripe request failed:", err);
  return new AppError("upstream_failed", "The payment provider could not be reached. Please try again in a moment.");
}

export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number | null | undefined): number {
  return Math.round(cents ?? 0) / 100;
}
