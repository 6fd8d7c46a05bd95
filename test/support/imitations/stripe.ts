/** The Stripe API endpoints the worker calls, answered the way Stripe answers them. */
import type { Handler } from "./server.ts";

let counter = 0;

function stripeError(status: number, message: string, type = "invalid_request_error") {
  return { status, body: { error: { type, message } } };
}

export const handleStripe: Handler = (req, state) => {
  if (!req.path.startsWith("/v1/")) return null;
  const auth = req.headers.authorization ?? "";
  if (!/^Bearer sk_(test|live)_/.test(auth))
    return stripeError(401, "Invalid API Key provided", "authentication_error");

  if (req.method === "POST" && req.path === "/v1/checkout/sessions") {
    const planted = state.store.get("checkout.sessions.create");
    if (planted && typeof planted === "object" && "error" in planted) {
      return stripeError(402, String((planted as { error: string }).error), "card_error");
    }
    const id = `cs_test_${++counter}_${Date.now().toString(36)}`;
    const f = req.form;
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(f)) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]] = v;
    }
    const amount = Number(f["line_items[0][price_data][unit_amount]"] ?? 0) * Number(f["line_items[0][quantity]"] ?? 1);
    return {
      status: 200,
      body: {
        id,
        object: "checkout.session",
        mode: f.mode,
        submit_type: f.submit_type ?? null,
        url: `http://127.0.0.1:${state.port}/checkout/${id}`,
        amount_total: f.mode === "payment" ? amount : null,
        currency: f["line_items[0][price_data][currency]"] ?? "usd",
        metadata,
        client_reference_id: f.client_reference_id ?? null,
        customer: f.customer ?? null,
        customer_email: f.customer_email ?? null,
        success_url: f.success_url,
        cancel_url: f.cancel_url,
        payment_status: "unpaid",
        status: "open",
      },
    };
  }

  if (req.method === "POST" && req.path === "/v1/billing_portal/sessions") {
    if (!req.form.customer) return stripeError(400, "Missing required param: customer.");
    const id = `bps_test_${++counter}`;
    return {
      status: 200,
      body: {
        id,
        object: "billing_portal.session",
        customer: req.form.customer,
        return_url: req.form.return_url,
        url: `http://127.0.0.1:${state.port}/billing/${id}`,
      },
    };
  }

  const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(req.path);
  if (req.method === "GET" && sub) {
    const planted = state.store.get(`subscription:${sub[1]}`);
    if (!planted) return stripeError(404, `No such subscription: '${sub[1]}'`);
    return { status: 200, body: planted };
  }
  if (req.method === "DELETE" && sub) {
    const planted = state.store.get(`subscription:${sub[1]}`) as Record<string, unknown> | undefined;
    if (!planted) return stripeError(404, `No such subscription: '${sub[1]}'`);
    const cancelled = { ...planted, status: "canceled", canceled_at: Math.floor(Date.now() / 1000) };
    state.store.set(`subscription:${sub[1]}`, cancelled);
    return { status: 200, body: cancelled };
  }
  return stripeError(404, `Unrecognized request URL (${req.method}: ${req.path}).`);
};
