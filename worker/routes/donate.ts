import { Hono } from "hono";
import { DonationBody } from "../../schema/api";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { publicOrigin } from "../services/origin";
import { stripeClient, stripeFailure, toCents } from "../services/stripe";
import { resolveViewer } from "../services/viewer";
import { readJson } from "../validation";

export const donate = new Hono<AppEnv>()
  /** POST /api/create-donation-payment { amount, message }: a one-off Checkout Session in USD. */
  .post("/create-donation-payment", async (c) => {
    // A wrong amount is the person's to fix whether or not payments are set up.
    const body = await readJson(c, DonationBody);
    const stripe = stripeClient(c.env);
    const viewer = await resolveViewer(c);
    const origin = publicOrigin(c);
    try {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        submit_type: "donate",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: toCents(body.amount),
              product_data: { name: "Coffee for PDFTools", description: "A one-off donation to keep the tools free" },
            },
          },
        ],
        metadata: {
          kind: "donation",
          message: body.message ?? "",
          userId: viewer.kind === "user" ? String(viewer.userId) : "",
        },
        ...(viewer.kind === "user" ? { customer_email: viewer.user.email } : {}),
        success_url: `${origin}/donate?donation=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/donate?donation=cancelled`,
      });
      return c.json({ sessionId: session.id, url: session.url });
    } catch (err) {
      throw stripeFailure(err);
    }
  })
  /** POST /api/create-premium-checkout: a Checkout subscription for the signed-in user. */
  .post("/create-premium-checkout", async (c) => {
    const stripe = stripeClient(c.env, "Premium subscriptions");
    const price = c.env.STRIPE_PREMIUM_PRICE_ID;
    if (!price) throw new AppError("not_configured", "Premium subscriptions are not configured");
    const viewer = await resolveViewer(c);
    if (viewer.kind !== "user") throw new AppError("unauthorized", "Please sign in to upgrade to Premium");
    if (viewer.user.role === "premium") throw new AppError("conflict", "You already have Premium");
    const origin = publicOrigin(c);
    try {
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price, quantity: 1 }],
        client_reference_id: String(viewer.userId),
        metadata: { kind: "premium", userId: String(viewer.userId) },
        subscription_data: { metadata: { userId: String(viewer.userId) } },
        ...(viewer.user.stripeCustomerId
          ? { customer: viewer.user.stripeCustomerId }
          : { customer_email: viewer.user.email }),
        success_url: `${origin}/premium?status=success`,
        cancel_url: `${origin}/premium?status=cancelled`,
      });
      return c.json({ sessionId: session.id, url: session.url });
    } catch (err) {
      throw stripeFailure(err);
    }
  });

/** POST /api/create-billing-portal: Stripe's page where a subscriber changes or cancels Premium. */
export const billingPortal = new Hono<AppEnv>().post("/create-billing-portal", async (c) => {
  const stripe = stripeClient(c.env, "Payments");
  const viewer = await resolveViewer(c);
  if (viewer.kind !== "user") throw new AppError("unauthorized", "Please sign in to manage your subscription");
  const customer = viewer.user.stripeCustomerId;
  if (!customer) throw new AppError("not_found", "There is no subscription to manage on this account");
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer,
      return_url: `${publicOrigin(c)}/account`,
    });
    return c.json({ url: session.url });
  } catch (err) {
    throw stripeFailure(err);
  }
});
