/** Revisions 2 to 4 of the standard security handler: MD5 and RC4 (ISO 32000-2 7.6.4.3). */

import { concat } from "../../core/bytes";
import { bytesEqual, md5, rc4 } from "./md5";
import type { StandardSecurity } from "./types";

/** The padding string of Algorithm 2, which fills passwords up to 32 bytes. */
const PAD = Uint8Array.from(
  "28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a".match(/../g) ?? [],
  (h) => Number.parseInt(h, 16),
);
const EMPTY = new Uint8Array(0);

function padded(password: Uint8Array): Uint8Array {
  const n = Math.min(32, password.length);
  return concat([password.subarray(0, n), PAD.subarray(0, 32 - n)]);
}

function xorKey(key: Uint8Array, i: number): Uint8Array {
  return key.map((b) => b ^ i);
}

/** Algorithm 2: the file key from a padded user password. */
function legacyKey(sec: StandardSecurity, paddedPassword: Uint8Array): Uint8Array {
  const p = new Uint8Array(4);
  new DataView(p.buffer).setUint32(0, sec.p >>> 0, true);
  const metadata = sec.r >= 4 && !sec.encryptMetadata ? Uint8Array.of(255, 255, 255, 255) : EMPTY;
  let hash = md5(concat([paddedPassword, sec.o.subarray(0, 32), p, sec.id, metadata]));
  if (sec.r >= 3) for (let i = 0; i < 50; i++) hash = md5(hash.subarray(0, sec.keyLength));
  return hash.subarray(0, sec.keyLength);
}

/** Algorithms 4 and 5: does this key reproduce /U? */
function legacyUserMatches(sec: StandardSecurity, key: Uint8Array): boolean {
  if (sec.r === 2) return bytesEqual(rc4(key, PAD), sec.u.subarray(0, 32));
  let x = rc4(key, md5(concat([PAD, sec.id])));
  for (let i = 1; i <= 19; i++) x = rc4(xorKey(key, i), x);
  return sec.u.length >= 16 && bytesEqual(x, sec.u.subarray(0, 16));
}

export function legacyUser(sec: StandardSecurity, password: Uint8Array): Uint8Array | null {
  const key = legacyKey(sec, padded(password));
  return legacyUserMatches(sec, key) ? key : null;
}

/** Algorithm 7: the owner password decrypts /O into the padded user password. */
export function legacyOwner(sec: StandardSecurity, password: Uint8Array): Uint8Array | null {
  let hash = md5(padded(password));
  if (sec.r >= 3) for (let i = 0; i < 50; i++) hash = md5(hash);
  const key = hash.subarray(0, sec.r === 2 ? 5 : sec.keyLength);
  let user = sec.o.subarray(0, 32);
  if (sec.r === 2) user = rc4(key, user);
  else for (let i = 19; i >= 0; i--) user = rc4(xorKey(key, i), user);
  const fileKey = legacyKey(sec, user);
  return legacyUserMatches(sec, fileKey) ? fileKey : null;
}
