import { AppError } from "../errors";

/**
 * Cloudflare Turnstile: the sign-in dialog shows its widget when the server asks for it, and the
 * token it gives is checked here with siteverify (TURNSTILE_VERIFY_URL points tests at an
 * imitation). Without TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY there is no challenge, and
 * sign-in to an account under attack is slowed down instead (see throttle.ts).
 */
const SITEVERIFY = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

export function turnstileSiteKey(env: Env): string | null {
  return env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY ? env.TURNSTILE_SITE_KEY : null;
}

/** Whether Turnstile vouches for `token`, given for a sign-in from `remoteip`. */
export async function verifyTurnstile(env: Env, token: string, remoteip: string | null): Promise<boolean> {
  const form = new URLSearchParams({ secret: env.TURNSTILE_SECRET_KEY ?? "", response: token });
  if (remoteip) form.set("remoteip", remoteip);
  let answer: { success?: boolean };
  try {
    const res = await fetch(env.TURNSTILE_VERIFY_URL || SITEVERIFY, { method: "POST", body: form });
    if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
    answer = await res.json();
  } catch (err) {
    console.error("turnstile siteverify failed", err);
    throw new AppError("unavailable", "The sign-in check could not be completed. Please try again in a moment.", {
      success: false,
    });
  }
  return answer.success === true;
}
