/**
 * The PDF standard security handler (ISO 32000-2 7.6.4): reads the /Encrypt dictionary and finds
 * the file encryption key from a user or owner password, for revisions 2 to 6.
 */
import { PDFDict, PDFName, PDFNumber, type PDFObject, pdfDocEncodingDecode } from "@cantoo/pdf-lib";
import { legacyOwner, legacyUser } from "./legacy";
import { modernKey } from "./r6";
import { saslprep } from "./saslprep";
import type { CryptMethod, StandardSecurity } from "./types";

export type { CryptMethod, StandardSecurity } from "./types";

export interface FileKey {
  key: Uint8Array;
  /** Which password opened the file: "empty" when it needed none. */
  via: "user" | "owner" | "empty";
}

/** Encryption this handler does not implement (certificates, unknown algorithms). */
export class UnsupportedEncryption extends Error {}

const name = (s: string) => PDFName.of(s);
const EMPTY = new Uint8Array(0);

function bytesOf(obj: PDFObject | undefined): Uint8Array {
  const s = obj as { asBytes?: () => Uint8Array } | undefined;
  return typeof s?.asBytes === "function" ? s.asBytes() : EMPTY;
}

function numberOf(dict: PDFDict, key: string): number | undefined {
  const n = dict.lookup(name(key));
  return n instanceof PDFNumber ? n.asNumber() : undefined;
}

function cryptMethod(cf: PDFObject | undefined, filter: PDFObject | undefined): CryptMethod {
  if (!(filter instanceof PDFName) || filter === name("Identity")) return "none";
  const def = cf instanceof PDFDict ? cf.lookup(filter) : undefined;
  // An undefined filter name: readers treat the data as not encrypted.
  if (!(def instanceof PDFDict)) return "none";
  const cfm = def.lookup(name("CFM"));
  if (cfm === undefined || cfm === name("None")) return "none";
  if (cfm === name("V2")) return "rc4";
  if (cfm === name("AESV2")) return "aesv2";
  if (cfm === name("AESV3")) return "aesv3";
  throw new UnsupportedEncryption(`an unknown cipher (${String(cfm)})`);
}

export function readSecurity(encrypt: PDFDict, id: Uint8Array): StandardSecurity {
  const filter = encrypt.lookup(name("Filter"));
  if (filter !== name("Standard")) {
    throw new UnsupportedEncryption(`certificate or other non-password security (${String(filter ?? "no /Filter")})`);
  }
  const v = numberOf(encrypt, "V") ?? 0;
  const r = numberOf(encrypt, "R") ?? 0;
  if (![1, 2, 4, 5].includes(v) || r < 2 || r > 6) {
    throw new UnsupportedEncryption(`an unknown encryption version (V${v}, R${r})`);
  }
  const cf = encrypt.lookup(name("CF"));
  const stmf = encrypt.lookup(name("StmF"));
  let keyLength = 5;
  if (v === 2) keyLength = (numberOf(encrypt, "Length") ?? 40) / 8;
  if (v === 4) {
    const bits = numberOf(encrypt, "Length");
    keyLength = bits ? bits / 8 : 16;
  }
  if (v === 5) keyLength = 32;
  if (!Number.isInteger(keyLength) || keyLength < 5 || keyLength > 32) {
    throw new UnsupportedEncryption(`an invalid key length (${keyLength * 8} bits)`);
  }
  const filters = new Map<string, CryptMethod>();
  if (cf instanceof PDFDict) for (const key of cf.keys()) filters.set(key.decodeText(), cryptMethod(cf, key));
  const legacy = v < 4;
  const streams = legacy ? "rc4" : cryptMethod(cf, stmf);
  const eff = encrypt.lookup(name("EFF"));
  return {
    v,
    r,
    keyLength,
    o: bytesOf(encrypt.lookup(name("O"))),
    u: bytesOf(encrypt.lookup(name("U"))),
    oe: bytesOf(encrypt.lookup(name("OE"))),
    ue: bytesOf(encrypt.lookup(name("UE"))),
    p: numberOf(encrypt, "P") ?? 0,
    id,
    encryptMetadata: legacy || encrypt.lookup(name("EncryptMetadata"))?.toString() !== "false",
    strings: legacy ? "rc4" : cryptMethod(cf, encrypt.lookup(name("StrF"))),
    streams,
    embeddedFiles: legacy || eff === undefined ? streams : cryptMethod(cf, eff),
    filters,
  };
}

let pdfDocBytes: Map<number, number> | undefined;

/** A password as PDFDocEncoding bytes, or undefined when a character has no code there. */
function toPdfDocEncoding(password: string): Uint8Array | undefined {
  if (!pdfDocBytes) {
    pdfDocBytes = new Map();
    const chars = pdfDocEncodingDecode(Uint8Array.from({ length: 256 }, (_, i) => i));
    Array.from(chars).forEach((ch, byte) => {
      const cp = ch.codePointAt(0) ?? 0;
      if (cp !== 0xfffd && !pdfDocBytes?.has(cp)) pdfDocBytes?.set(cp, byte);
    });
  }
  const out: number[] = [];
  for (const ch of password) {
    const b = pdfDocBytes.get(ch.codePointAt(0) ?? -1);
    if (b === undefined) return undefined;
    out.push(b);
  }
  return Uint8Array.from(out);
}

/**
 * The byte strings a typed password may stand for: what the standard says first (SASLprep and
 * UTF-8 for AES-256, PDFDocEncoding before it), then what other writers have been seen to use.
 */
export function passwordCandidates(password: string, revision: number): Uint8Array[] {
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const list: Uint8Array[] = [];
  if (revision >= 5) {
    try {
      list.push(utf8(saslprep(password)));
    } catch {
      // Not a valid SASLprep string: some writers used the raw UTF-8, tried below.
    }
    list.push(utf8(password));
  } else {
    const doc = toPdfDocEncoding(password);
    if (doc) list.push(doc);
    if ([...password].every((ch) => (ch.codePointAt(0) ?? 0) <= 0xff)) {
      list.push(Uint8Array.from(password, (ch) => ch.charCodeAt(0)));
    }
    list.push(utf8(password));
  }
  const limit = revision >= 5 ? 127 : 32;
  const unique = new Map(list.map((b) => [b.subarray(0, limit).join(","), b.subarray(0, limit)]));
  return [...unique.values()];
}

async function tryPassword(sec: StandardSecurity, pw: Uint8Array): Promise<FileKey | null> {
  const user = sec.r >= 5 ? await modernKey(sec, pw, false) : legacyUser(sec, pw);
  if (user) return { key: user, via: pw.length ? "user" : "empty" };
  const owner = sec.r >= 5 ? await modernKey(sec, pw, true) : legacyOwner(sec, pw);
  return owner ? { key: owner, via: "owner" } : null;
}

/**
 * The file key from the password, or null when it is wrong. Without a password, or with one that
 * does not match, the empty user password is tried: files with only an owner password open with it.
 */
export async function findFileKey(sec: StandardSecurity, password?: string): Promise<FileKey | null> {
  for (const pw of password ? passwordCandidates(password, sec.r) : []) {
    const found = await tryPassword(sec, pw);
    if (found) return found;
  }
  const open = await tryPassword(sec, EMPTY);
  return open ? { key: open.key, via: "empty" } : null;
}
