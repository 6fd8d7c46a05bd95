import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { payments, subscriptions, users } from "../../schema/db";
import type { Db } from "./db";
import { fromCents } from "./stripe";

/** Subscription states in which a person has Premium; anything else returns them to free. */
const ACTIVE = new Set(["active", "trialing"]);

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));

/** Records a paid one-off Checkout (a donation) as a payment. */
export async function recordDonation(db: Db, session: Stripe.Checkout.Session): Promise<void> {
  if (session.payment_status !== "paid") return;
  const userId = Number(session.metadata?.userId) || null;
  await db.insert(payments).values({
    userId: userId && (await userExists(db, userId)) ? userId : null,
    stripePaymentIntentId: idOf(session.payment_intent as string | { id: string } | null),
    amount: fromCents(session.amount_total),
    currency: session.currency ?? "usd",
    status: "succeeded",
    paymentMethod: session.payment_method_types?.[0] ?? "card",
  });
}

async function userExists(db: Db, id: number): Promise<boolean> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return Boolean(u);
}

function periodOf(sub: Stripe.Subscription): { start: Date | null; end: Date | null } {
  // Newer API versions keep the period on the subscription item.
  const item = sub.items?.data?.[0] as
    | (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number })
    | undefined;
  const legacy = sub as Stripe.Subscription & { current_period_start?: number; current_period_end?: number };
  return {
    start: toDate(item?.current_period_start ?? legacy.current_period_start),
    end: toDate(item?.current_period_end ?? legacy.current_period_end),
  };
}

async function userForSubscription(db: Db, sub: Stripe.Subscription, hint?: number | null) {
  const customer = idOf(sub.customer as string | { id: string });
  const metaUser = Number(sub.metadata?.userId) || hint || null;
  if (metaUser) {
    const [u] = await db.select().from(users).where(eq(users.id, metaUser)).limit(1);
    if (u) return u;
  }
  if (customer) {
    const [u] = await db.select().from(users).where(eq(users.stripeCustomerId, customer)).limit(1);
    if (u) return u;
  }
  return null;
}

/** Makes subscriptions and the user's role, status, plan and dates match Stripe's subscription. */
export async function syncSubscription(db: Db, sub: Stripe.Subscription, userHint?: number | null): Promise<void> {
  const user = await userForSubscription(db, sub, userHint);
  const price = sub.items?.data?.[0]?.price;
  const { start, end } = periodOf(sub);
  const now = new Date();
  const values = {
    userId: user?.id ?? null,
    stripeSubscriptionId: sub.id,
    stripePriceId: price?.id ?? null,
    status: sub.status,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    amount: price?.unit_amount != null ? fromCents(price.unit_amount) : null,
    currency: price?.currency ?? "usd",
    updatedAt: now,
  };
  await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: values });
  if (!user) return;
  const active = ACTIVE.has(sub.status);
  await db
    .update(users)
    .set({
      // Premium only while a subscription is live; a lapsed one returns the person to free.
      role: active ? "premium" : user.role === "premium" ? "free" : user.role,
      subscriptionStatus: sub.status,
      subscriptionPlan: price?.nickname ?? price?.id ?? "premium",
      stripeCustomerId: idOf(sub.customer as string | { id: string }) ?? user.stripeCustomerId,
      subscriptionStartDate: toDate(sub.start_date) ?? start,
      subscriptionEndDate: active && !sub.cancel_at_period_end ? end : (toDate(sub.ended_at) ?? end),
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
}

/** A paid subscription invoice: a payment row linked to the subscription. */
export async function recordInvoice(db: Db, invoice: Stripe.Invoice): Promise<void> {
  const legacy = invoice as Stripe.Invoice & {
    subscription?: string | { id: string } | null;
    payment_intent?: string | null;
  };
  const subId =
    idOf(legacy.subscription ?? null) ??
    idOf(invoice.parent?.subscription_details?.subscription as string | { id: string } | null);
  const [sub] = subId
    ? await db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, subId)).limit(1)
    : [];
  const customer = idOf(invoice.customer as string | { id: string } | null);
  const [user] = customer ? await db.select().from(users).where(eq(users.stripeCustomerId, customer)).limit(1) : [];
  await db.insert(payments).values({
    userId: sub?.userId ?? user?.id ?? null,
    subscriptionId: sub?.id ?? null,
    stripePaymentIntentId: legacy.payment_intent ?? null,
    amount: fromCents(invoice.amount_paid),
    currency: invoice.currency ?? "usd",
    status: "succeeded",
    paymentMethod: "card",
  });
}

export async function linkCustomer(db: Db, userId: number, customer: string | null): Promise<void> {
  if (!customer) return;
  await db
    .update(users)
    .set({ stripeCustomerId: customer, updatedAt: new Date() })
    .where(and(eq(users.id, userId)));
}
