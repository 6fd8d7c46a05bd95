import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { AppError } from "../errors";

/** HMAC-SHA256 with SIGNING_SECRET, for values that travel through the browser (OAuth state). */
async function key(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

export function signingSecret(env: Env): string {
  const secret = env.SIGNING_SECRET;
  if (!secret || secret.length < 32) throw new AppError("not_configured", "Signing is not configured (SIGNING_SECRET)");
  return secret;
}

export async function sign(secret: string, message: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await key(secret), new TextEncoder().encode(message));
  return encodeBase64urlNoPadding(new Uint8Array(mac));
}

/** Constant-time: crypto.subtle.verify compares the MAC itself. */
export async function verify(secret: string, message: string, signature: string): Promise<boolean> {
  let mac: Uint8Array;
  try {
    mac = decodeBase64urlIgnorePadding(signature);
  } catch {
    return false;
  }
  return crypto.subtle.verify("HMAC", await key(secret), mac, new TextEncoder().encode(message));
}
