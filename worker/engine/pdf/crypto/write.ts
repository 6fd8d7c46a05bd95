/**
 * Writing an encrypted PDF with pdf-lib, with the two things its writer leaves out: strings in
 * objects outside object streams are encrypted too (pdf-lib encrypts stream data only, so a
 * catalog's /Lang or a page's strings came out garbled), and PDF/A files can be protected.
 */

import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  type PDFSecurity,
  PDFStream,
  PDFStreamWriter,
  PDFString,
} from "@cantoo/pdf-lib";
import { readMetadataXml } from "../metadata";

type Encrypt = (bytes: Uint8Array) => Uint8Array;

function encryptStrings(obj: PDFObject, encrypt: Encrypt): PDFObject {
  if (obj instanceof PDFString || obj instanceof PDFHexString) return PDFHexString.fromBytes(encrypt(obj.asBytes()));
  if (obj instanceof PDFStream) {
    encryptStrings(obj.dict, encrypt);
  } else if (obj instanceof PDFDict) {
    const type = obj.lookup(PDFName.of("Type"));
    // Signature values stay in clear (ISO 32000-2 7.6.2).
    const signature = type === PDFName.of("Sig") || type === PDFName.of("DocTimeStamp");
    for (const [key, value] of obj.entries()) {
      if (signature && key === PDFName.of("Contents")) continue;
      const next = encryptStrings(value, encrypt);
      if (next !== value) obj.set(key, next);
    }
  } else if (obj instanceof PDFArray) {
    for (let i = 0; i < obj.size(); i++) {
      const value = obj.get(i);
      const next = encryptStrings(value, encrypt);
      if (next !== value) obj.set(i, next);
    }
  }
  return obj;
}

interface EncryptHook {
  encrypt(ref: PDFRef, object: PDFObject, security: PDFSecurity): void;
}

/** Below this, pdf-lib's own AES is as quick as a round trip to WebCrypto. */
const WEBCRYPTO_MIN_BYTES = 16 * 1024;

/**
 * AES-256 (V5) stream data encrypted ahead of the writer with WebCrypto: pdf-lib's JavaScript AES
 * took 1.2 s and 240 MB for a 25 MB photo PDF; WebCrypto takes a tenth of that and keeps one
 * copy. V5 uses the file key itself for every object, with a fresh IV in front of each stream.
 */
async function encryptLargeStreams(doc: PDFDocument, security: PDFSecurity): Promise<Set<PDFRef>> {
  const done = new Set<PDFRef>();
  const internals = security as unknown as { encryption?: { V?: number }; encryptionKey?: Uint8Array };
  const fileKey = internals.encryptionKey;
  if (internals.encryption?.V !== 5 || !(fileKey instanceof Uint8Array) || fileKey.length !== 32) return done;
  const key = await crypto.subtle.importKey("raw", fileKey.slice(), "AES-CBC", false, ["encrypt"]);
  const { context } = doc;
  for (const [ref, obj] of context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFStream) || ref === context.trailerInfo.Encrypt) continue;
    const clear = obj.getContents();
    if (clear.length < WEBCRYPTO_MIN_BYTES) continue;
    const iv = crypto.getRandomValues(new Uint8Array(16));
    const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-CBC", iv }, key, clear));
    const out = new Uint8Array(16 + sealed.length);
    out.set(iv);
    out.set(sealed, 16);
    obj.updateContents(out);
    done.add(ref);
  }
  return done;
}

/**
 * Serialises a document on which encrypt() was called. The writer calls encrypt() once for each
 * object it writes on its own (streams included), never for objects it packs into an object
 * stream, whose strings the standard leaves to the stream's own encryption.
 */
export async function saveEncrypted(doc: PDFDocument, objectsPerTick: number): Promise<Uint8Array> {
  const { context } = doc;
  const security = context.security;
  if (!security) throw new Error("saveEncrypted needs a document on which encrypt() was called");
  await doc.flush();
  // A bare string as an indirect object cannot be encrypted in place, and the writer keeps the
  // object it was given: encrypt those first. Only generation 0 objects may go into object
  // streams (ISO 32000-2 7.5.7), so these are always written on their own.
  const done = new Set<PDFRef>();
  for (const [ref, obj] of context.enumerateIndirectObjects()) {
    if (ref.generationNumber === 0 || !(obj instanceof PDFString || obj instanceof PDFHexString)) continue;
    context.assign(ref, encryptStrings(obj, security.getEncryptFn(ref.objectNumber, ref.generationNumber)));
    done.add(ref);
  }
  const sealed = await encryptLargeStreams(doc, security);
  const writer = PDFStreamWriter.forContext(context, objectsPerTick);
  const hook = writer as unknown as EncryptHook;
  const encryptStreamData = hook.encrypt.bind(writer);
  hook.encrypt = (ref, object, sec) => {
    if (ref === context.trailerInfo.Encrypt || done.has(ref)) return;
    encryptStrings(object, sec.getEncryptFn(ref.objectNumber, ref.generationNumber));
    if (!sealed.has(ref)) encryptStreamData(ref, object, sec);
  };
  return writer.serializeToBuffer();
}

const PDFA_ELEMENT = /<pdfaid:(part|conformance|amd|rev|corr)>[^<]*<\/pdfaid:\1>\s*/g;
const PDFA_ATTRIBUTE = /\s+pdfaid:(?:part|conformance|amd|rev|corr)\s*=\s*(?:"[^"]*"|'[^']*')/g;

/**
 * PDF/A forbids encryption, and pdf-lib refuses to encrypt a file that claims it. A person who
 * asks for a password gets one: the claim is taken out of the XMP metadata, since the protected
 * file is no longer an archive file.
 */
export function dropPdfaClaim(doc: PDFDocument): boolean {
  const ref = doc.catalog.get(PDFName.of("Metadata"));
  const meta = doc.catalog.lookup(PDFName.of("Metadata"));
  if (!(meta instanceof PDFRawStream)) return false;
  const xml = readMetadataXml(doc);
  if (xml === null) return false;
  const cleaned = xml.replace(PDFA_ELEMENT, "").replace(PDFA_ATTRIBUTE, "");
  if (cleaned === xml) return false;
  const stream = doc.context.stream(new TextEncoder().encode(cleaned), { Type: "Metadata", Subtype: "XML" });
  if (ref instanceof PDFRef) doc.context.assign(ref, stream);
  else doc.catalog.set(PDFName.of("Metadata"), doc.context.register(stream));
  return true;
}
