/** Revisions 5 and 6 of the standard security handler: SHA-2 and AES-256 (ISO 32000-2 7.6.4.3.3). */

import { concat } from "../../core/bytes";
import { aesCbcDecrypt } from "./aes";
import { bytesEqual } from "./md5";
import type { StandardSecurity } from "./types";

const EMPTY = new Uint8Array(0);

const SHA = ["SHA-256", "SHA-384", "SHA-512"] as const;

async function digest(alg: (typeof SHA)[number], data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest(alg, data.slice()));
}

async function aesCbcEncryptWhole(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey("raw", key.slice(), "AES-CBC", false, ["encrypt"]);
  // WebCrypto always pads; the input is whole blocks, so the padding is one extra block to drop.
  const out = await crypto.subtle.encrypt({ name: "AES-CBC", iv: iv.slice() }, k, data.slice());
  return new Uint8Array(out, 0, data.length);
}

/** Algorithm 2.B (revision 6), or plain SHA-256 (revision 5). */
async function hashR6(sec: StandardSecurity, pw: Uint8Array, salt: Uint8Array, udata: Uint8Array) {
  let k = await digest("SHA-256", concat([pw, salt, udata]));
  if (sec.r === 5) return k;
  let e: Uint8Array = EMPTY;
  for (let round = 0; round < 64 || e[e.length - 1] > round - 32; round++) {
    const block = concat([pw, k, udata]);
    const k1 = new Uint8Array(block.length * 64);
    for (let j = 0; j < 64; j++) k1.set(block, j * block.length);
    e = await aesCbcEncryptWhole(k.subarray(0, 16), k.subarray(16, 32), k1);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i];
    k = await digest(SHA[sum % 3], e);
  }
  return k.subarray(0, 32);
}

export async function modernKey(sec: StandardSecurity, pw: Uint8Array, owner: boolean): Promise<Uint8Array | null> {
  const entry = owner ? sec.o : sec.u;
  const wrapped = owner ? sec.oe : sec.ue;
  const udata = owner ? sec.u.subarray(0, 48) : EMPTY;
  if (entry.length < 48 || wrapped.length < 32 || (owner && udata.length < 48)) return null;
  const check = await hashR6(sec, pw, entry.subarray(32, 40), udata);
  if (!bytesEqual(check, entry.subarray(0, 32))) return null;
  const intermediate = await hashR6(sec, pw, entry.subarray(40, 48), udata);
  return aesCbcDecrypt(intermediate, new Uint8Array(16), wrapped.subarray(0, 32));
}
