import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../../../worker/index";
import { call, json } from "../helpers";
import { deliver, plant, resetImitation, stripeRequests } from "./stripe-helpers";

const donate = (body: unknown, headers: Record<string, string> = {}) =>
  call("/api/create-donation-payment", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const payments = async () =>
  (await env.DB.prepare("SELECT * FROM payments ORDER BY id").all<Record<string, unknown>>()).results;

beforeEach(resetImitation);

describe("donation checkout", () => {
  it("creates a one-off USD Checkout Session in cents, with the message in metadata", async () => {
    const res = await donate({ amount: 12.5, message: "Thanks for the merge tool!" });
    expect(res.status).toBe(200);
    const body = await json<{ sessionId: string; url: string }>(res);
    expect(body.sessionId).toMatch(/^cs_test_/);
    expect(body.url).toContain(`/checkout/${body.sessionId}`);
    const [sent] = await stripeRequests();
    expect(sent.headers.authorization).toBe("Bearer sk_test_imitation");
    expect(sent.form).toMatchObject({
      mode: "payment",
      submit_type: "donate",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "1250",
      "metadata[kind]": "donation",
      "metadata[message]": "Thanks for the merge tool!",
      success_url: "http://localhost/donate?donation=success&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost/donate?donation=cancelled",
    });
  });

  it("is open to guests and works without a message", async () => {
    expect((await donate({ amount: 5 })).status).toBe(200);
    const [sent] = await stripeRequests();
    expect(sent.form["line_items[0][price_data][unit_amount]"]).toBe("500");
    expect(sent.form["metadata[message]"]).toBe("");
  });

  it("applies the spec's rules on the server", async () => {
    const cases: [unknown, string][] = [
      [{ amount: 0.99 }, "Amount must be at least $1"],
      [{ amount: 1000.01 }, "Amount cannot exceed $1000"],
      [{ amount: "5" }, "Amount must be at least $1"],
      [{ amount: 5.555 }, "Amount can have at most 2 decimal places"],
      [{ amount: 5, message: "x".repeat(501) }, "Message must be at most 500 characters"],
    ];
    for (const [body, error] of cases) {
      const res = await donate(body);
      expect(res.status, error).toBe(400);
      expect((await json(res)).error).toBe(error);
    }
    expect((await donate({ amount: 1 })).status).toBe(200);
    expect((await donate({ amount: 1000 })).status).toBe(200);
    expect(await stripeRequests()).toHaveLength(2);
  });

  it("answers 503 'Donations are not configured' without a secret key", async () => {
    const res = await app.fetch(
      new Request("http://localhost/api/create-donation-payment", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ amount: 5 }),
      }),
      { ...env, STRIPE_SECRET_KEY: undefined },
    );
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({ error: "Donations are not configured", code: "not_configured" });
  });

  it("still checks the amount without a secret key: a wrong one is the person's to fix", async () => {
    const res = await app.fetch(
      new Request("http://localhost/api/create-donation-payment", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ amount: 0.5 }),
      }),
      { ...env, STRIPE_SECRET_KEY: undefined },
    );
    expect(res.status).toBe(400);
    expect((await json<{ error: string }>(res)).error).toBe("Amount must be at least $1");
  });

  it("turns a Stripe failure into a clear 502", async () => {
    await plant("checkout.sessions.create", { error: "Your card was declined." });
    const res = await donate({ amount: 5 });
    expect(res.status).toBe(502);
    expect((await json(res)).code).toBe("upstream_failed");
  });
});

const paidSession = (overrides: Record<string, unknown> = {}) => ({
  id: "cs_test_paid",
  object: "checkout.session",
  mode: "payment",
  payment_status: "paid",
  amount_total: 1250,
  currency: "usd",
  payment_intent: "pi_123",
  payment_method_types: ["card"],
  metadata: { kind: "donation", message: "hi", userId: "" },
  ...overrides,
});

describe("the Stripe webhook", () => {
  it("records a paid donation as a payment", async () => {
    const before = (await payments()).length;
    const { res } = await deliver("checkout.session.completed", paidSession());
    expect(res.status).toBe(200);
    const rows = await payments();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      amount: 12.5,
      currency: "usd",
      status: "succeeded",
      paymentMethod: "card",
      stripePaymentIntentId: "pi_123",
      userId: null,
    });
  });

  it("applies each event once, however often Stripe delivers it", async () => {
    const before = (await payments()).length;
    const first = await deliver("checkout.session.completed", paidSession({ payment_intent: "pi_dup" }), {
      id: "evt_dup",
    });
    const again = await deliver("checkout.session.completed", paidSession({ payment_intent: "pi_dup" }), {
      id: "evt_dup",
    });
    expect(first.res.status).toBe(200);
    expect(await json(again.res)).toEqual({ received: true, duplicate: true });
    expect((await payments()).length).toBe(before + 1);
  });

  it("refuses a bad signature with a 400 and writes nothing", async () => {
    const before = (await payments()).length;
    // Counted before and after: other files' tests (subscriptions) share the table.
    const completed = () =>
      env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE type = 'checkout.session.completed'").first<{
        n: number;
      }>();
    const eventsBefore = (await completed())?.n;
    const { res } = await deliver("checkout.session.completed", paidSession({ payment_intent: "pi_forged" }), {
      secret: "whsec_wrong",
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe("Invalid Stripe signature");
    expect((await payments()).length).toBe(before);
    const unsigned = await call("/api/stripe/webhook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(unsigned.status).toBe(400);
    expect((await completed())?.n).toBe(eventsBefore);
  });

  it("ignores a session that is not paid yet", async () => {
    const before = (await payments()).length;
    const { res } = await deliver(
      "checkout.session.completed",
      paidSession({ payment_status: "unpaid", payment_intent: "pi_unpaid" }),
    );
    expect(res.status).toBe(200);
    expect((await payments()).length).toBe(before);
  });
});
