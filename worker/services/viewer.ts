import type { AppContext } from "../env";

/** Who is asking: a signed-in user, or a guest known only by a hash of their address. */
export type Viewer =
  | { kind: "guest"; clientKey: string }
  | { kind: "user"; userId: number; role: string; sessionId: number; clientKey: string };

/** The client's address as Cloudflare reports it; local development has none. */
export function clientAddress(c: AppContext): string {
  return c.req.header("cf-connecting-ip") ?? c.req.header("x-real-ip") ?? "local";
}

export async function resolveViewer(c: AppContext): Promise<Viewer> {
  return { kind: "guest", clientKey: await hashClientAddress(clientAddress(c)) };
}

/** Addresses are never stored as they are: only a SHA-256 of them. */
export async function hashClientAddress(address: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`client:${address}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
