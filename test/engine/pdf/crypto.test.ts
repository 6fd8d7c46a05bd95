import { createCipheriv, createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { aesDecryptWithIv } from "../../../worker/engine/pdf/crypto/aes";
import { md5, rc4 } from "../../../worker/engine/pdf/crypto/md5";
import { randomBytes } from "../support/bytes";

/** The ciphers PDF's standard security handler needs, judged by OpenSSL (node:crypto) and RFC 6229. */
describe("PDF ciphers", () => {
  it("MD5 agrees with OpenSSL, from empty input to several blocks, at every length around a block", () => {
    for (const n of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 1000, 70_001]) {
      const data = randomBytes(n, n + 1);
      expect(Buffer.from(md5(data)).toString("hex"), `${n} bytes`).toBe(createHash("md5").update(data).digest("hex"));
    }
  });

  it("AES-CBC with the IV first (AESV2 and AESV3) decrypts what OpenSSL encrypted, 128 and 256 bits", () => {
    for (const bits of [128, 256]) {
      for (const n of [0, 1, 15, 16, 17, 1000]) {
        const key = randomBytes(bits / 8, n + bits);
        const iv = randomBytes(16, n + 7);
        const plain = randomBytes(n, n + 3);
        const cipher = createCipheriv(`aes-${bits}-cbc`, key, iv);
        const data = Buffer.concat([iv, cipher.update(plain), cipher.final()]);
        expect(Buffer.compare(aesDecryptWithIv(key, data), Buffer.from(plain)), `${bits} bits, ${n} bytes`).toBe(0);
      }
    }
  });

  it("RC4 produces RFC 6229's key streams (40 and 128-bit keys)", () => {
    const stream = (key: number[], n: number) =>
      Buffer.from(rc4(Uint8Array.from(key), new Uint8Array(n))).toString("hex");
    // RFC 6229 section 2, offsets 0 and 16.
    expect(stream([1, 2, 3, 4, 5], 32)).toBe("b2396305f03dc027ccc3524a0a1118a86982944f18fc82d589c403a47a0d0919");
    expect(stream([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], 32)).toBe(
      "9ac7cc9a609d1ef7b2932899cde41b975248c4959014126a6e8a84f11d1a9e1c",
    );
    // Symmetric: decrypting is encrypting again.
    const key = randomBytes(16, 5);
    const text = randomBytes(777, 6);
    expect(Buffer.compare(rc4(key, rc4(key, text)), Buffer.from(text))).toBe(0);
  });
});
