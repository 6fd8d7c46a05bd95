import { eq } from "drizzle-orm";
import { Hono } from "hono";
import Stripe from "stripe";
import { stripeEvents } from "../../schema/db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { linkCustomer, recordDonation, recordInvoice, syncSubscription } from "../services/billing";
import { getDb } from "../services/db";
import { stripeClient, stripeFailure } from "../services/stripe";

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/**
 * POST /api/stripe/webhook: the signature is verified on the raw body before anything is read;
 * each event id is applied once (Stripe retries deliveries for days).
 */
export const stripeWebhook = new Hono<AppEnv>().post("/stripe/webhook", async (c) => {
  const secret = c.env.STRIPE_WEBHOOK_SECRET;
  const stripe = stripeClient(c.env, "Payments");
  if (!secret) throw new AppError("not_configured", "Payments are not configured");
  const signature = c.req.header("stripe-signature");
  if (!signature) throw new AppError("bad_request", "Missing Stripe signature");
  const raw = await c.req.text();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(raw, signature, secret, undefined, cryptoProvider);
  } catch {
    throw new AppError("bad_request", "Invalid Stripe signature");
  }

  const db = getDb(c.env.DB);
  const claimed = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, receivedAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (claimed.length === 0) return c.json({ received: true, duplicate: true });

  try {
    switch (event.type) {
      case "checkout.session.completed": {
        const session = event.data.object;
        if (session.mode === "payment" && session.metadata?.kind === "donation") {
          await recordDonation(db, session);
        } else if (session.mode === "subscription" && session.subscription) {
          const userId = Number(session.client_reference_id ?? session.metadata?.userId) || null;
          const customer = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
          if (userId) await linkCustomer(db, userId, customer);
          const subId = typeof session.subscription === "string" ? session.subscription : session.subscription.id;
          await syncSubscription(db, await stripe.subscriptions.retrieve(subId), userId);
        }
        break;
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        // Stripe does not deliver events in order, and retries old ones: the event only says
        // that something changed; what is true now comes from Stripe itself.
        await syncSubscription(db, await stripe.subscriptions.retrieve(event.data.object.id));
        break;
      case "invoice.paid":
        await recordInvoice(db, event.data.object);
        break;
      default:
        break;
    }
  } catch (err) {
    // Let Stripe deliver it again: forget the claim so the retry is applied.
    await db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
    throw err instanceof Stripe.errors.StripeError ? stripeFailure(err) : err;
  }
  return c.json({ received: true });
});
