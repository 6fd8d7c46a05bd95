/**
 * Cloudflare Turnstile's siteverify, as it answers: a token passes when it starts with "pass"
 * (the widget imitation in the browser tests hands out such tokens) and the secret is the one
 * configured; anything else fails with Turnstile's own error codes.
 */
import type { Handler } from "./server.ts";

export const TURNSTILE_SECRET = "turnstile-secret-imitation";

export const handleTurnstile: Handler = (req) => {
  if (req.method !== "POST" || req.path !== "/turnstile/siteverify") return null;
  const { secret, response } = req.form;
  if (secret !== TURNSTILE_SECRET)
    return { status: 200, body: { success: false, "error-codes": ["invalid-input-secret"] } };
  if (!response?.startsWith("pass"))
    return { status: 200, body: { success: false, "error-codes": ["invalid-input-response"] } };
  return {
    status: 200,
    body: { success: true, challenge_ts: new Date().toISOString(), hostname: "localhost", "error-codes": [] },
  };
};
