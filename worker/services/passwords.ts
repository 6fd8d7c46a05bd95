import { scrypt, timingSafeEqual } from "node:crypto";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";

/**
 * Password hashes are versioned strings, `scrypt$N=16384,r=8,p=5$<salt>$<hash>`, so the cost
 * can rise later: a hash made with older parameters is replaced at the next sign-in.
 * N=2^14, r=8, p=5 is one of OWASP's scrypt settings: 16 MB of memory (the isolate has 128 MB)
 * and about 125 ms here, inside the ~150 ms CPU a sign-in may take.
 */
export const CURRENT = { N: 16384, r: 8, p: 5, keyLength: 32, saltLength: 16 } as const;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Uint8Array, params: ScryptParams, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = new Uint8Array(CURRENT.saltLength);
  crypto.getRandomValues(salt);
  const key = await derive(password, salt, CURRENT, CURRENT.keyLength);
  return `scrypt$N=${CURRENT.N},r=${CURRENT.r},p=${CURRENT.p}$${encodeBase64(salt)}$${encodeBase64(key)}`;
}

function parse(stored: string): { params: ScryptParams; salt: Uint8Array; hash: Uint8Array } | null {
  const parts = stored.split("$");
  if (parts.length !== 4 || parts[0] !== "scrypt") return null;
  const params = Object.fromEntries(parts[1].split(",").map((kv) => kv.split("=")));
  const N = Number(params.N);
  const r = Number(params.r);
  const p = Number(params.p);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 1 << 20 || r > 32 || p > 16) return null;
  try {
    return { params: { N, r, p }, salt: decodeBase64(parts[2]), hash: decodeBase64(parts[3]) };
  } catch {
    return null;
  }
}

export interface VerifyResult {
  valid: boolean;
  /** The stored hash uses older parameters and should be replaced. */
  needsRehash: boolean;
}

export async function verifyPassword(password: string, stored: string): Promise<VerifyResult> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length < 16) return { valid: false, needsRehash: false };
  const key = await derive(password, parsed.salt, parsed.params, parsed.hash.length);
  const valid = timingSafeEqual(key, parsed.hash);
  const { N, r, p } = parsed.params;
  return { valid, needsRehash: valid && (N !== CURRENT.N || r !== CURRENT.r || p !== CURRENT.p) };
}

let dummy: Promise<string> | null = null;

/** Spends the same work as a real check, so an unknown email answers as slowly as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword("not-a-real-password");
  await verifyPassword(password, await dummy);
}
