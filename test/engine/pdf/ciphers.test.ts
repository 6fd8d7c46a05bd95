import { describe, expect, it } from "vitest";
import { Aes, aesCbcDecrypt, aesDecryptWithIv, unpad } from "../../../worker/engine/pdf/crypto/aes";
import { md5, rc4 } from "../../../worker/engine/pdf/crypto/md5";

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const bytes = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (x) => Number.parseInt(x, 16));
const text = (s: string) => new TextEncoder().encode(s);

describe("MD5 and RC4", () => {
  it("match RFC 1321's test suite", () => {
    const suite: [string, string][] = [
      ["", "d41d8cd98f00b204e9800998ecf8427e"],
      ["a", "0cc175b9c0f1b6a831c399e269772661"],
      ["abc", "900150983cd24fb0d6963f7d28e17f72"],
      ["message digest", "f96b697d7cb7938d525a2f31aaf161d0"],
      ["abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"],
      ["1234567890".repeat(8), "57edf4a22be3c955ac49da2e2107b67a"],
    ];
    for (const [input, digest] of suite) expect(hex(md5(text(input))), input).toBe(digest);
  });

  it("matches published RC4 test vectors", () => {
    expect(hex(rc4(text("Key"), text("Plaintext")))).toBe("bbf316e8d940af0ad3");
    expect(hex(rc4(text("Wiki"), text("pedia")))).toBe("1021bf0420");
    expect(hex(rc4(text("Secret"), text("Attack at dawn")))).toBe("45a01f645fc35b383552544b9bf5");
  });
});

describe("AES", () => {
  it("matches FIPS 197 appendix C, both ways", () => {
    const plain = bytes("00112233445566778899aabbccddeeff");
    const cases: [string, string][] = [
      ["000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"],
      ["000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"],
    ];
    for (const [key, cipher] of cases) {
      const aes = new Aes(bytes(key));
      const out = new Uint8Array(16);
      aes.block(plain, 0, out, 0, false);
      expect(hex(out)).toBe(cipher);
      aes.block(bytes(cipher), 0, out, 0, true);
      expect(hex(out)).toBe(hex(plain));
    }
  });

  it("decrypts what WebCrypto's AES-CBC encrypts, for 128- and 256-bit keys", async () => {
    for (const size of [16, 32]) {
      const key = crypto.getRandomValues(new Uint8Array(size));
      const iv = crypto.getRandomValues(new Uint8Array(16));
      const data = crypto.getRandomValues(new Uint8Array(1000));
      const k = await crypto.subtle.importKey("raw", key, "AES-CBC", false, ["encrypt"]);
      const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-CBC", iv }, k, data));
      const pdfForm = new Uint8Array(16 + sealed.length);
      pdfForm.set(iv);
      pdfForm.set(sealed, 16);
      expect(hex(aesDecryptWithIv(key, pdfForm))).toBe(hex(data));
      expect(hex(unpad(aesCbcDecrypt(key, iv, sealed)))).toBe(hex(data));
    }
  });

  it("keeps bytes whose padding is malformed, and gives nothing for data shorter than IV plus a block", () => {
    expect(hex(unpad(bytes("0102030405")))).toBe("0102030405");
    expect(hex(unpad(bytes("41414103030303")))).toBe("41414103");
    expect(aesDecryptWithIv(new Uint8Array(16), new Uint8Array(20))).toHaveLength(0);
  });
});
