import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { call } from "../helpers";

export interface Recorded {
  method: string;
  path: string;
  form: Record<string, string>;
  headers: Record<string, string>;
}

/** What the local Stripe imitation received. */
export async function stripeRequests(path = "/v1/checkout/sessions"): Promise<Recorded[]> {
  const all = (await (await fetch(`${env.IMITATION_URL}/__requests`)).json()) as Recorded[];
  return all.filter((r) => r.path === path);
}

export async function plant(key: string, value: unknown) {
  await fetch(`${env.IMITATION_URL}/__store`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ key, value }),
  });
}

export async function resetImitation() {
  await fetch(`${env.IMITATION_URL}/__reset`, { method: "POST" });
}

const signer = new Stripe("sk_test_imitation", { httpClient: Stripe.createFetchHttpClient() });
let eventCounter = 0;

/** Sends a webhook event signed the way Stripe signs it (or with a wrong secret). */
export async function deliver(type: string, object: unknown, opts: { id?: string; secret?: string } = {}) {
  const event = {
    id: opts.id ?? `evt_test_${++eventCounter}_${Date.now()}`,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object },
  };
  const payload = JSON.stringify(event);
  const signature = await signer.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: opts.secret ?? "whsec_test_imitation",
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  const res = await call("/api/stripe/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
  return { res, event };
}
