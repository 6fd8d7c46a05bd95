import { encodeHexLowerCase } from "@oslojs/encoding";
import { isProduction } from "../env";
import { AppError } from "../errors";

/**
 * Client addresses and sign-in keys are stored only as an HMAC under a secret. A plain SHA-256 of
 * an IPv4 address is no secret at all: all 2^32 of them can be tried in minutes.
 */
const DEVELOPMENT_KEY = "pdftools local development only: set HASH_SECRET in production";

const keys = new Map<string, Promise<CryptoKey>>();

function secretOf(env: Env): string {
  const secret = env.HASH_SECRET || env.SIGNING_SECRET;
  if (secret && secret.length >= 32) return secret;
  if (!isProduction(env)) return DEVELOPMENT_KEY;
  throw new AppError("not_configured", "This server is not fully configured (HASH_SECRET). Please try again later.");
}

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** HMAC-SHA256 of `kind:value`, as hex: the same input always gives the same key, and nothing else can. */
export async function keyedHash(env: Env, kind: string, value: string): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await keyFor(secretOf(env)),
    new TextEncoder().encode(`${kind}:${value}`),
  );
  return encodeHexLowerCase(new Uint8Array(mac));
}
