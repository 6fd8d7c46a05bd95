/**
 * Decrypts parsed objects the way ISO 32000-2 7.6 says, including the parts pdf-lib's own
 * decryption gets wrong: streams and strings may use different crypt filters, embedded files
 * their own (/EFF), metadata may be in clear text, cross-reference streams and the /Encrypt
 * dictionary are never encrypted, and decrypted strings must be re-escaped to stay valid.
 */
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRawStream,
  type PDFRef,
  PDFString,
} from "@cantoo/pdf-lib";
import { concat } from "../../core/bytes";
import { lengthUnsettled } from "../stream-length";
import { aesDecryptWithIv } from "./aes";
import type { CryptMethod, StandardSecurity } from "./keys";
import { md5, rc4 } from "./md5";

const name = (s: string) => PDFName.of(s);
const AES_SALT = Uint8Array.of(0x73, 0x41, 0x6c, 0x54);
/** Below this, the synchronous AES is as quick as a round trip to WebCrypto. */
const WEBCRYPTO_MIN_BYTES = 16 * 1024;

/** A stream decrypted after parsing: large AES data (by WebCrypto), or data whose length was settled then. */
interface Deferred {
  stream: PDFRawStream;
  method: CryptMethod;
  key: Uint8Array;
}

/** WebCrypto's AES-CBC; null when the data is not whole blocks with valid padding (the JS path keeps such bytes). */
async function webCryptoDecrypt(key: Uint8Array, data: Uint8Array): Promise<Uint8Array | null> {
  if (data.length < 32 || data.length % 16 !== 0) return null;
  try {
    const k = await crypto.subtle.importKey("raw", key.slice(), "AES-CBC", false, ["decrypt"]);
    const iv = data.slice(0, 16);
    return new Uint8Array(await crypto.subtle.decrypt({ name: "AES-CBC", iv }, k, data.subarray(16)));
  } catch {
    return null;
  }
}

/** A literal string holding exactly these bytes: \, ( and ) escaped, and CR, which readers turn into LF. */
export function literalString(bytes: Uint8Array): PDFString {
  let s = "";
  for (const b of bytes) {
    if (b === 0x5c || b === 0x28 || b === 0x29) s += `\\${String.fromCharCode(b)}`;
    else if (b === 0x0d) s += "\\r";
    else s += String.fromCharCode(b);
  }
  return PDFString.of(s);
}

export class ObjectDecryptor {
  private deferred: Deferred[] = [];

  constructor(
    private readonly sec: StandardSecurity,
    private readonly fileKey: Uint8Array,
    private readonly encryptRef: PDFRef | undefined,
  ) {}

  /** Algorithm 1: RC4 and AES-128 use a key per object; AES-256 uses the file key itself. */
  private keyFor(method: CryptMethod, ref: PDFRef): Uint8Array {
    if (method === "aesv3") return this.fileKey;
    const n = ref.objectNumber;
    const g = ref.generationNumber;
    const salt = method === "aesv2" ? AES_SALT : new Uint8Array(0);
    const hash = md5(concat([this.fileKey, Uint8Array.of(n, n >> 8, n >> 16, g, g >> 8), salt]));
    return hash.subarray(0, Math.min(this.fileKey.length + 5, 16));
  }

  private decrypt(method: CryptMethod, ref: PDFRef, data: Uint8Array): Uint8Array {
    if (method === "none") return data;
    const key = this.keyFor(method, ref);
    return method === "rc4" ? rc4(key, data) : aesDecryptWithIv(key, data);
  }

  /** Decrypts an indirect object as it comes out of the parser. */
  decryptIndirect(obj: PDFObject, ref: PDFRef): PDFObject {
    if (ref === this.encryptRef) return obj;
    if (obj instanceof PDFRawStream) {
      if (obj.dict.lookup(name("Type")) === name("XRef")) return obj;
      this.decryptStrings(obj.dict, ref);
      const method = this.streamMethod(obj.dict);
      // Object streams are unpacked during parsing, so they cannot wait.
      const canWait = obj.dict.lookup(name("Type")) !== name("ObjStm");
      // A stream whose length is settled after the parse keeps its object (the one settled), and
      // is decrypted once its bytes are exact.
      if (canWait && lengthUnsettled(obj)) {
        if (method !== "none") this.deferred.push({ stream: obj, method, key: this.keyFor(method, ref) });
        return obj;
      }
      const late = (method === "aesv2" || method === "aesv3") && obj.contents.length >= WEBCRYPTO_MIN_BYTES && canWait;
      if (late) {
        const stream = PDFRawStream.of(obj.dict, obj.contents);
        this.deferred.push({ stream, method, key: this.keyFor(method, ref) });
        return stream;
      }
      return PDFRawStream.of(obj.dict, this.decrypt(method, ref, obj.contents));
    }
    return this.decryptStrings(obj, ref);
  }

  /**
   * Decrypts the streams parsing left encrypted: large AES ones (the synchronous AES took 0.3 s
   * for a 25 MB photo PDF, WebCrypto a tenth of it), and those whose length was settled after
   * the parse. Must run after settleStreamLengths, before anything reads those streams.
   */
  async finish(): Promise<void> {
    const pending = this.deferred;
    this.deferred = [];
    for (const { stream, method, key } of pending) {
      const data = stream.contents;
      if (method === "rc4") stream.contents = rc4(key, data);
      else if (data.length < WEBCRYPTO_MIN_BYTES) stream.contents = aesDecryptWithIv(key, data);
      else stream.contents = (await webCryptoDecrypt(key, data)) ?? aesDecryptWithIv(key, data);
    }
  }

  private decryptStrings(obj: PDFObject, ref: PDFRef): PDFObject {
    if (obj instanceof PDFString || obj instanceof PDFHexString) {
      return literalString(this.decrypt(this.sec.strings, ref, obj.asBytes()));
    }
    if (obj instanceof PDFDict) {
      const type = obj.lookup(name("Type"));
      // Signature values are stored in clear so that they can be checked byte for byte.
      const signature = type === name("Sig") || type === name("DocTimeStamp");
      for (const [key, value] of obj.entries()) {
        if (signature && key === name("Contents")) continue;
        const plain = this.decryptStrings(value, ref);
        if (plain !== value) obj.set(key, plain);
      }
    } else if (obj instanceof PDFArray) {
      for (let i = 0; i < obj.size(); i++) {
        const value = obj.get(i);
        const plain = this.decryptStrings(value, ref);
        if (plain !== value) obj.set(i, plain);
      }
    }
    return obj;
  }

  /** The crypt filter of one stream; a /Crypt filter is removed, since the output is in clear. */
  private streamMethod(dict: PDFDict): CryptMethod {
    const filter = dict.lookup(name("Filter"));
    const first = filter instanceof PDFArray ? filter.lookup(0) : filter;
    if (first === name("Crypt")) {
      const parms = dict.lookup(name("DecodeParms"));
      const own = parms instanceof PDFArray ? parms.lookup(0) : parms;
      const filterName = own instanceof PDFDict ? own.lookup(name("Name")) : undefined;
      if (filter instanceof PDFArray && filter.size() > 1) {
        filter.remove(0);
        if (parms instanceof PDFArray && parms.size() > 0) parms.remove(0);
      } else {
        dict.delete(name("Filter"));
        dict.delete(name("DecodeParms"));
      }
      if (!(filterName instanceof PDFName) || filterName === name("Identity")) return "none";
      return this.sec.filters.get(filterName.decodeText()) ?? "none";
    }
    const type = dict.lookup(name("Type"));
    if (type === name("EmbeddedFile")) return this.sec.embeddedFiles;
    if (type === name("Metadata") && !this.sec.encryptMetadata) return "none";
    return this.sec.streams;
  }
}
