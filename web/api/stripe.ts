/** Loads Stripe.js (the card payment provider's script) once, on demand. */
interface StripeJs {
  redirectToCheckout(options: { sessionId: string }): Promise<{ error?: { message?: string } }>;
}
type StripeFactory = (key: string) => StripeJs;

let loading: Promise<StripeFactory> | null = null;

function loadScript(): Promise<StripeFactory> {
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
    if (existing) return resolve(existing);
    const script = document.createElement("script");
    script.src = "https://js.stripe.com/v3/";
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error("Stripe failed to load"));
    };
    script.onerror = () => reject(new Error("Stripe failed to load"));
    document.head.appendChild(script);
  }).catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

export async function redirectToStripeCheckout(publishableKey: string, sessionId: string) {
  const factory = await loadScript();
  const stripe = factory(publishableKey);
  const { error } = await stripe.redirectToCheckout({ sessionId });
  if (error) throw new Error(error.message ?? "Redirect to checkout failed");
}
