/**
 * AES (FIPS 197) block cipher and CBC decryption, synchronous. PDF strings and streams are
 * decrypted while pdf-lib parses, which cannot wait for WebCrypto's promises.
 * Table-driven, after the design of SJCL's AES.
 */

interface Tables {
  enc: Uint32Array[];
  dec: Uint32Array[];
  sbox: Uint8Array;
  inv: Uint8Array;
}

let cached: Tables | undefined;

/** Builds the S-boxes and the round tables once, on first use. */
function tables(): Tables {
  if (cached) return cached;
  const enc = [0, 1, 2, 3].map(() => new Uint32Array(256));
  const dec = [0, 1, 2, 3].map(() => new Uint32Array(256));
  const sbox = new Uint8Array(256);
  const inv = new Uint8Array(256);
  const dbl: number[] = [];
  const third: number[] = [];
  for (let i = 0; i < 256; i++) {
    dbl[i] = (i << 1) ^ ((i >> 7) * 283);
    third[dbl[i] ^ i] = i;
  }
  let filled = 0;
  for (let x = 0, xInv = 0; filled < 256; x ^= dbl[x] || 1, xInv = third[xInv] || 1) {
    let s = xInv ^ (xInv << 1) ^ (xInv << 2) ^ (xInv << 3) ^ (xInv << 4);
    s = (s >> 8) ^ (s & 255) ^ 99;
    sbox[x] = s;
    inv[s] = x;
    filled++;
    const x2 = dbl[x];
    const x4 = dbl[x2];
    const x8 = dbl[x4];
    let tDec = (x8 * 0x1010101) ^ (x4 * 0x10001) ^ (x2 * 0x101) ^ (x * 0x1010100);
    let tEnc = (dbl[s] * 0x101) ^ (s * 0x1010100);
    for (let i = 0; i < 4; i++) {
      tEnc = (tEnc << 24) ^ (tEnc >>> 8);
      tDec = (tDec << 24) ^ (tDec >>> 8);
      enc[i][x] = tEnc;
      dec[i][s] = tDec;
    }
  }
  cached = { enc, dec, sbox, inv };
  return cached;
}

/** An expanded AES-128 or AES-256 key. */
export class Aes {
  private readonly encKey: Uint32Array;
  private readonly decKey: Uint32Array;

  constructor(key: Uint8Array) {
    if (key.length !== 16 && key.length !== 32) throw new Error(`AES key must be 16 or 32 bytes, not ${key.length}`);
    const { sbox, dec } = tables();
    const n = key.length / 4;
    const total = 4 * n + 28;
    const ek = new Uint32Array(total);
    for (let i = 0; i < n; i++) {
      ek[i] = (key[i * 4] << 24) | (key[i * 4 + 1] << 16) | (key[i * 4 + 2] << 8) | key[i * 4 + 3];
    }
    let rcon = 1;
    for (let i = n; i < total; i++) {
      let t = ek[i - 1];
      if (i % n === 0 || (n === 8 && i % n === 4)) {
        t = (sbox[t >>> 24] << 24) ^ (sbox[(t >> 16) & 255] << 16) ^ (sbox[(t >> 8) & 255] << 8) ^ sbox[t & 255];
        if (i % n === 0) {
          t = (t << 8) ^ (t >>> 24) ^ (rcon << 24);
          rcon = (rcon << 1) ^ ((rcon >> 7) * 283);
        }
      }
      ek[i] = ek[i - n] ^ t;
    }
    const dk = new Uint32Array(total);
    for (let j = 0, i = total; i; j++, i--) {
      const t = ek[j & 3 ? i : i - 4];
      dk[j] =
        i <= 4 || j < 4
          ? t
          : dec[0][sbox[t >>> 24]] ^
            dec[1][sbox[(t >> 16) & 255]] ^
            dec[2][sbox[(t >> 8) & 255]] ^
            dec[3][sbox[t & 255]];
    }
    this.encKey = ek;
    this.decKey = dk;
  }

  /** Encrypts (decrypt=false) or decrypts one 16-byte block of `src` at `at` into `out`. */
  block(src: Uint8Array, at: number, out: Uint8Array, outAt: number, decrypt: boolean): void {
    const t = tables();
    const key = decrypt ? this.decKey : this.encKey;
    const [t0, t1, t2, t3] = decrypt ? t.dec : t.enc;
    const box = decrypt ? t.inv : t.sbox;
    const w = (k: number) => (src[at + k] << 24) | (src[at + k + 1] << 16) | (src[at + k + 2] << 8) | src[at + k + 3];
    let a = w(0) ^ key[0];
    let b = w(decrypt ? 12 : 4) ^ key[1];
    let c = w(8) ^ key[2];
    let d = w(decrypt ? 4 : 12) ^ key[3];
    let k = 4;
    for (let r = key.length / 4 - 2; r > 0; r--) {
      const a2 = t0[a >>> 24] ^ t1[(b >> 16) & 255] ^ t2[(c >> 8) & 255] ^ t3[d & 255] ^ key[k];
      const b2 = t0[b >>> 24] ^ t1[(c >> 16) & 255] ^ t2[(d >> 8) & 255] ^ t3[a & 255] ^ key[k + 1];
      const c2 = t0[c >>> 24] ^ t1[(d >> 16) & 255] ^ t2[(a >> 8) & 255] ^ t3[b & 255] ^ key[k + 2];
      d = t0[d >>> 24] ^ t1[(a >> 16) & 255] ^ t2[(b >> 8) & 255] ^ t3[c & 255] ^ key[k + 3];
      k += 4;
      a = a2;
      b = b2;
      c = c2;
    }
    for (let i = 0; i < 4; i++) {
      const v =
        (box[a >>> 24] << 24) ^ (box[(b >> 16) & 255] << 16) ^ (box[(c >> 8) & 255] << 8) ^ box[d & 255] ^ key[k++];
      const o = outAt + (decrypt ? 3 & -i : i) * 4;
      out[o] = v >>> 24;
      out[o + 1] = (v >> 16) & 255;
      out[o + 2] = (v >> 8) & 255;
      out[o + 3] = v & 255;
      const a2 = a;
      a = b;
      b = c;
      c = d;
      d = a2;
    }
  }
}

/** CBC decryption of whole blocks; a trailing partial block (a damaged file) is dropped. */
export function aesCbcDecrypt(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Uint8Array {
  const aes = new Aes(key);
  const n = data.length - (data.length % 16);
  const out = new Uint8Array(n);
  let prev = iv;
  let prevAt = 0;
  for (let at = 0; at < n; at += 16) {
    aes.block(data, at, out, at, true);
    for (let i = 0; i < 16; i++) out[at + i] ^= prev[prevAt + i];
    prev = data;
    prevAt = at;
  }
  return out;
}

/** Removes PKCS#7 padding when it is well formed; PDF writers that got it wrong keep their bytes. */
export function unpad(data: Uint8Array): Uint8Array {
  const n = data.length;
  if (n === 0) return data;
  const pad = data[n - 1];
  if (pad < 1 || pad > 16 || pad > n) return data;
  for (let i = n - pad; i < n; i++) if (data[i] !== pad) return data;
  return data.subarray(0, n - pad);
}

/** The PDF form of AES data: a 16-byte IV, then CBC blocks with PKCS#7 padding. */
export function aesDecryptWithIv(key: Uint8Array, data: Uint8Array): Uint8Array {
  if (data.length < 32) return new Uint8Array(0);
  return unpad(aesCbcDecrypt(key, data.subarray(0, 16), data.subarray(16)));
}
