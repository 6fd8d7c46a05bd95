import { encodeBase64urlNoPadding } from "@oslojs/encoding";

/** An unguessable id: `bytes` random bytes, base64url (32 bytes -> 43 characters). */
export function randomId(bytes = 32): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return encodeBase64urlNoPadding(buf);
}

/** Matches ids made by randomId (any length from 16 bytes up): nothing else reaches storage. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{22,86}$/;
