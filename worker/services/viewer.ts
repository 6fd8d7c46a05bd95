import { getCookie } from "hono/cookie";
import type { User } from "../../schema/db";
import type { AppContext } from "../env";
import { getDb } from "./db";
import { keyedHash } from "./keyed-hash";
import { validateSessionToken } from "./sessions";

/** Who is asking: a signed-in user, or a guest known only by a hash of their address. */
export type Viewer =
  | { kind: "guest"; clientKey: string }
  | { kind: "user"; userId: number; role: string; sessionId: number; clientKey: string; user: User };

/**
 * The session travels as a bearer header (spec section 6) and, for the calls the spec sends
 * without one (watermark, unlock, split), as an HttpOnly SameSite=Strict cookie set at sign-in,
 * so a signed-in person's conversions count against their own allowance everywhere.
 */
export const SESSION_COOKIE = "__Host-session";

export function sessionTokenFrom(c: AppContext): string | null {
  const header = c.req.header("authorization");
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    return m ? m[1] : null;
  }
  return getCookie(c, SESSION_COOKIE) ?? null;
}

/**
 * The client's address as Cloudflare reports it (local development has none). An IPv6 client
 * is known by its /64: one ordinary connection holds 2^64 addresses, so counting each alone
 * would give it as many guest allowances and sign-in attempts as it cares to use.
 */
export function clientAddress(c: AppContext): string {
  const address = c.req.header("cf-connecting-ip") ?? "local";
  return address.includes(":") ? ipv6Network(address) : address;
}

/** "2001:db8:1:2::5" -> "2001:db8:1:2::/64"; something that is not IPv6 stays as it is. */
export function ipv6Network(address: string): string {
  const [head, tail, extra] = address.toLowerCase().split("::");
  if (extra !== undefined) return address;
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return address;
  const groups = [...left, ...Array(tail === undefined ? 0 : missing).fill("0"), ...right];
  if (!groups.slice(0, 4).every((g) => /^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Addresses are never stored as they are: only a keyed hash of them. */
export function hashClientAddress(env: Env, address: string): Promise<string> {
  return keyedHash(env, "client", address);
}

/** Resolves the viewer once per request; a missing, unknown or expired token means a guest. */
export async function resolveViewer(c: AppContext): Promise<Viewer> {
  const clientKey = await hashClientAddress(c.env, clientAddress(c));
  const token = sessionTokenFrom(c);
  if (!token) return { kind: "guest", clientKey };
  const session = await validateSessionToken(getDb(c.env.DB), token);
  if (!session) return { kind: "guest", clientKey };
  return {
    kind: "user",
    userId: session.user.id,
    role: session.user.role,
    sessionId: session.sessionId,
    clientKey,
    user: session.user,
  };
}
