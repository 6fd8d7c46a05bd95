import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { getCookie, setCookie } from "hono/cookie";
import type { AppContext } from "../env";
import { keyedHash } from "./keyed-hash";
import { MAX_RESULT_LIFE_MS } from "./storage";

/**
 * A guest's browser is known by a random token in an HttpOnly cookie, set with its first result.
 * Results keep only a keyed hash of it, so a guest's result can be shared from the browser that
 * made it and from nowhere else: the download URL alone is not enough.
 */
export const GUEST_COOKIE = "__Host-guest";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function hashOf(c: AppContext, token: string): Promise<string> {
  return keyedHash(c.env, "guest", token);
}

/** This browser's guest key, or null when it has none (it never made a result here). */
export function guestKey(c: AppContext): Promise<string | null> {
  const token = getCookie(c, GUEST_COOKIE);
  return token && TOKEN.test(token) ? hashOf(c, token) : Promise.resolve(null);
}

/** This browser's guest key, giving it a guest cookie first if it has none. */
export async function ensureGuestKey(c: AppContext): Promise<string> {
  const existing = await guestKey(c);
  if (existing) return existing;
  const token = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  setCookie(c, GUEST_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
    path: "/",
    // As long as any result it makes can live.
    maxAge: Math.ceil(MAX_RESULT_LIFE_MS / 1000) + 86_400,
  });
  return hashOf(c, token);
}
