import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { call, json } from "../helpers";
import { deliver, plant, resetImitation, stripeRequests } from "./stripe-helpers";

let n = 0;
async function signUp() {
  const email = `p${++n}@example.com`;
  const res = await call("/api/auth/register", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": `198.21.0.${n}` },
    body: JSON.stringify({
      firstName: "P",
      lastName: "Q",
      email,
      password: "tulip-canyon-raft",
      confirmPassword: "tulip-canyon-raft",
    }),
  });
  const body = await json<{ sessionToken: string; user: { id: number } }>(res);
  return { token: body.sessionToken, id: body.user.id, email };
}

const user = (id: number) =>
  env.DB.prepare("SELECT * FROM users WHERE id = ?1").bind(id).first<Record<string, unknown>>();

/** A subscription event, with Stripe's current state of that subscription set to what it carries. */
async function subscriptionEvent(type: string, sub: ReturnType<typeof subscription>) {
  await plant(`subscription:${sub.id}`, sub);
  return deliver(type, sub);
}

function subscription(id: string, status: string, userId: number, extra: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    object: "subscription",
    status,
    customer: `cus_${userId}`,
    cancel_at_period_end: false,
    start_date: now,
    ended_at: status === "canceled" ? now : null,
    metadata: { userId: String(userId) },
    items: {
      object: "list",
      data: [
        {
          id: `si_${id}`,
          current_period_start: now,
          current_period_end: now + 30 * 86400,
          price: { id: "price_premium_monthly", unit_amount: 499, currency: "usd", nickname: "Premium monthly" },
        },
      ],
    },
    ...extra,
  };
}

beforeEach(resetImitation);

describe("premium checkout", () => {
  it("asks guests to sign in", async () => {
    const res = await call("/api/create-premium-checkout", { method: "POST" });
    expect(res.status).toBe(401);
    expect((await json(res)).error).toBe("Please sign in to upgrade to Premium");
  });

  it("starts a Checkout subscription with the configured price for the signed-in user", async () => {
    const u = await signUp();
    const res = await call("/api/create-premium-checkout", {
      method: "POST",
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(res.status).toBe(200);
    expect((await json<{ url: string }>(res)).url).toContain("/checkout/cs_test_");
    const [sent] = await stripeRequests();
    expect(sent.form).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_premium_monthly",
      "line_items[0][quantity]": "1",
      client_reference_id: String(u.id),
      customer_email: u.email,
      "metadata[kind]": "premium",
      success_url: "http://localhost/premium?status=success",
    });
  });
});

describe("the billing portal", () => {
  it("is for signed-in people whom Stripe knows", async () => {
    expect((await call("/api/create-billing-portal", { method: "POST" })).status).toBe(401);
    const u = await signUp();
    const res = await call("/api/create-billing-portal", {
      method: "POST",
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(res.status).toBe(404);
    expect((await json(res)).error).toBe("There is no subscription to manage on this account");
  });
});

describe("subscription webhooks", () => {
  it("make a paying user premium, record the invoice, and return them to free when it lapses", async () => {
    const u = await signUp();
    await plant("subscription:sub_A", subscription("sub_A", "active", u.id));
    const completed = await deliver("checkout.session.completed", {
      id: "cs_sub",
      object: "checkout.session",
      mode: "subscription",
      payment_status: "paid",
      customer: `cus_${u.id}`,
      subscription: "sub_A",
      client_reference_id: String(u.id),
      metadata: { kind: "premium", userId: String(u.id) },
    });
    expect(completed.res.status).toBe(200);
    expect(await stripeRequests("/v1/subscriptions/sub_A")).toHaveLength(1);
    expect(await user(u.id)).toMatchObject({
      role: "premium",
      subscriptionStatus: "active",
      subscriptionPlan: "Premium monthly",
      stripeCustomerId: `cus_${u.id}`,
    });
    const sub = await env.DB.prepare("SELECT * FROM subscriptions WHERE stripeSubscriptionId = 'sub_A'").first<
      Record<string, unknown>
    >();
    expect(sub).toMatchObject({
      userId: u.id,
      status: "active",
      amount: 4.99,
      currency: "usd",
      stripePriceId: "price_premium_monthly",
      cancelAtPeriodEnd: 0,
    });
    expect(Number(sub?.currentPeriodEnd)).toBeGreaterThan(Date.now() + 29 * 86400_000);

    const me = await json<{ user: { role: string; dailyLimit: number | null } }>(
      await call("/api/auth/me", { headers: { authorization: `Bearer ${u.token}` } }),
    );
    expect(me.user).toMatchObject({ role: "premium", dailyLimit: null });

    const invoice = await deliver("invoice.paid", {
      id: "in_1",
      object: "invoice",
      customer: `cus_${u.id}`,
      amount_paid: 499,
      currency: "usd",
      parent: { type: "subscription_details", subscription_details: { subscription: "sub_A" } },
    });
    expect(invoice.res.status).toBe(200);
    const pay = await env.DB.prepare("SELECT * FROM payments WHERE userId = ?1")
      .bind(u.id)
      .first<Record<string, unknown>>();
    expect(pay).toMatchObject({ amount: 4.99, currency: "usd", status: "succeeded", subscriptionId: sub?.id });

    const updated = await deliver(
      "customer.subscription.updated",
      subscription("sub_A", "active", u.id, { cancel_at_period_end: true }),
    );
    expect(updated.res.status).toBe(200);
    expect(await user(u.id)).toMatchObject({ role: "premium" });

    const portal = await call("/api/create-billing-portal", {
      method: "POST",
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(portal.status).toBe(200);
    expect((await json<{ url: string }>(portal)).url).toContain("/billing/bps_test_");
    const [sentPortal] = await stripeRequests("/v1/billing_portal/sessions");
    expect(sentPortal.form).toMatchObject({ customer: `cus_${u.id}`, return_url: "http://localhost/account" });

    const deleted = await subscriptionEvent("customer.subscription.deleted", subscription("sub_A", "canceled", u.id));
    expect(deleted.res.status).toBe(200);
    expect(await user(u.id)).toMatchObject({ role: "free", subscriptionStatus: "canceled" });
  });

  it("a subscription that stops being paid returns the user to free", async () => {
    const u = await signUp();
    await subscriptionEvent("customer.subscription.created", subscription("sub_B", "active", u.id));
    expect((await user(u.id))?.role).toBe("premium");
    await subscriptionEvent("customer.subscription.updated", subscription("sub_B", "unpaid", u.id));
    expect(await user(u.id)).toMatchObject({ role: "free", subscriptionStatus: "unpaid" });
  });

  it("applies what Stripe says now, not an old event delivered late", async () => {
    const u = await signUp();
    await subscriptionEvent("customer.subscription.created", subscription("sub_C", "active", u.id));
    await subscriptionEvent("customer.subscription.deleted", subscription("sub_C", "canceled", u.id));
    expect(await user(u.id)).toMatchObject({ role: "free", subscriptionStatus: "canceled" });
    // A retry of the earlier "active" update arrives after the cancellation.
    const late = await deliver("customer.subscription.updated", subscription("sub_C", "active", u.id));
    expect(late.res.status).toBe(200);
    expect(await user(u.id)).toMatchObject({ role: "free", subscriptionStatus: "canceled" });
  });

  it("asks Stripe to deliver again when applying an event fails", async () => {
    const u = await signUp();
    // No planted subscription: retrieving it fails, so the event must stay unclaimed.
    const { res, event } = await deliver("checkout.session.completed", {
      id: "cs_missing",
      object: "checkout.session",
      mode: "subscription",
      payment_status: "paid",
      customer: `cus_${u.id}`,
      subscription: "sub_missing",
      client_reference_id: String(u.id),
      metadata: { kind: "premium" },
    });
    expect(res.status).toBeGreaterThanOrEqual(500);
    const claimed = await env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE id = ?1")
      .bind(event.id)
      .first<{ n: number }>();
    expect(claimed?.n).toBe(0);
    expect((await user(u.id))?.role).toBe("free");
  });
});
