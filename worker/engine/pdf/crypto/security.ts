/**
 * Opens any PDF, encrypted or not, into a pdf-lib document whose objects are all in clear text:
 * the document the unlock tool writes back out, and what loadPdf gives a tool that has a password.
 */
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFParser,
  PDFRef,
} from "@cantoo/pdf-lib";
import type { Budget } from "../../core/budget";
import { EngineError } from "../../core/errors";
import { checkParse, guardParser, releaseParse } from "../parse-guard";
import { exactStreamLengths, settleStreamLengths } from "../stream-length";
import { hasIntactXref } from "../structure";
import { type FileKey, findFileKey, readSecurity, type StandardSecurity, UnsupportedEncryption } from "./keys";
import { ObjectDecryptor } from "./objects";

/** Objects parsed between yields, so the job's timer can fire while a big file is parsed. */
const OBJECTS_PER_TICK = 500;

/** pdf-lib's parser, with every indirect object decrypted as it is read. */
class DecryptingParser extends PDFParser {
  private readonly decryptor: ObjectDecryptor;

  constructor(bytes: Uint8Array, decryptor: ObjectDecryptor) {
    super(bytes, OBJECTS_PER_TICK, false, false, false);
    this.decryptor = decryptor;
  }

  // Only indirect objects arrive here with a ref; their parts are parsed without one, so each
  // string is decrypted once, with its object's key. Object streams are decrypted before
  // pdf-lib unpacks them, and what they hold is, by the standard, not encrypted again.
  override parseObject(ref?: PDFRef): PDFObject {
    const obj = super.parseObject();
    return ref ? this.decryptor.decryptIndirect(obj, ref) : obj;
  }
}

export interface Decryption {
  revision: number;
  via: FileKey["via"];
}

export interface OpenedPdf {
  doc: PDFDocument;
  /** Null for a file that was not encrypted. */
  encryption: Decryption | null;
}

const decrypted = new WeakMap<PDFDocument, Decryption>();

/** How a document from openPdf (or loadPdf with a password) was decrypted; null if it was not. */
export function decryptionOf(doc: PDFDocument): Decryption | null {
  return decrypted.get(doc) ?? null;
}

export function documentFromContext(context: PDFContext, opts: { preserveXFA?: boolean } = {}): PDFDocument {
  // PDFDocument's constructor is private in the typings only; load() calls it the same way
  // (context, ignoreEncryption, updateMetadata, preserveXFA).
  return Reflect.construct(PDFDocument, [context, false, false, opts.preserveXFA ?? true]) as PDFDocument;
}

function damaged(name?: string): EngineError {
  return new EngineError(
    "pdf_damaged",
    `${name ?? "This PDF"} is damaged or is not a valid PDF, and could not be read.`,
  );
}

interface ParseOptions {
  name?: string;
  budget?: Budget;
}

/** Parses under the engine's bounds (pdf-parse-guard.ts); a refusal or damage is an EngineError. */
async function parse(parser: PDFParser, opts: ParseOptions): Promise<PDFContext> {
  guardParser(parser, opts);
  exactStreamLengths();
  try {
    const context = await parser.parseDocument();
    checkParse(context);
    settleStreamLengths(context);
    return context;
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw damaged(opts.name);
  }
}

/** A file's objects, parsed under the engine's bounds, with no decryption. */
export function parseGuarded(bytes: Uint8Array, opts: ParseOptions = {}): Promise<PDFContext> {
  return parse(new PDFParser(bytes, OBJECTS_PER_TICK, false, false, false), opts);
}

/**
 * An incrementally updated file may free an object and reuse its number with the next
 * generation; pdf-lib keeps both, and a cross-reference section cannot list both, so the saved
 * file comes out damaged. Only the newest generation is live.
 */
export function dropSupersededObjects(context: PDFContext): void {
  const newest = new Map<number, number>();
  const all = context.enumerateIndirectObjects();
  for (const [ref] of all) {
    newest.set(ref.objectNumber, Math.max(newest.get(ref.objectNumber) ?? 0, ref.generationNumber));
  }
  for (const [ref] of all) if (ref.generationNumber < (newest.get(ref.objectNumber) ?? 0)) context.delete(ref);
}

function isEncryptDict(obj: PDFObject | undefined): boolean {
  return (
    obj instanceof PDFDict &&
    obj.lookup(PDFName.of("Filter")) instanceof PDFName &&
    obj.has(PDFName.of("O")) &&
    obj.has(PDFName.of("U")) &&
    obj.has(PDFName.of("R")) &&
    obj.has(PDFName.of("P"))
  );
}

async function fileKeyOrThrow(sec: StandardSecurity, password: string | undefined, name?: string) {
  const found = await findFileKey(sec, password);
  if (found) return found;
  if (password)
    throw new EngineError("password_incorrect", name ? `Incorrect password for ${name}` : "Password incorrect");
  throw new EngineError("password_required", name ? `Password required for ${name}` : "Password required");
}

/**
 * Reads a PDF; an encrypted one is opened with the password (user or owner), or with none when
 * its user password is empty, and comes back with no trace of its encryption.
 * Wrong or missing passwords are 422s (password_incorrect, password_required).
 */
export async function openPdf(
  bytes: Uint8Array,
  opts: { password?: string; name?: string; budget?: Budget } = {},
): Promise<OpenedPdf> {
  const plain = await parseGuarded(bytes, opts);
  const encryptObj = plain.trailerInfo.Encrypt;
  const encrypt = encryptObj ? plain.lookup(encryptObj) : undefined;
  if (encrypt !== undefined && !(encrypt instanceof PDFDict)) {
    throw new EngineError(
      "pdf_damaged",
      `${opts.name ?? "This PDF"} is damaged: it is marked as encrypted, but the part that says how cannot be read.`,
    );
  }
  if (!(encrypt instanceof PDFDict)) {
    // A damaged file whose trailer (and with it the /Encrypt entry) is lost still has encrypted content.
    if (!hasIntactXref(bytes) && plain.enumerateIndirectObjects().some(([, obj]) => isEncryptDict(obj))) {
      throw new EngineError(
        "pdf_damaged",
        `${opts.name ?? "This PDF"} is damaged: it is encrypted, but the part that says how is missing.`,
      );
    }
    return { doc: documentFromContext(plain), encryption: null };
  }

  const ids = plain.lookup(plain.trailerInfo.ID);
  const first = ids instanceof PDFArray && ids.size() > 0 ? ids.lookup(0) : undefined;
  const id = (first as { asBytes?: () => Uint8Array } | undefined)?.asBytes?.() ?? new Uint8Array(0);
  let sec: StandardSecurity;
  try {
    sec = readSecurity(encrypt, id);
  } catch (err) {
    if (!(err instanceof UnsupportedEncryption)) throw err;
    throw new EngineError(
      "pdf_encrypted",
      `${opts.name ?? "This PDF"} is protected with ${err.message}, which this tool cannot open.`,
    );
  }
  const found = await fileKeyOrThrow(sec, opts.password, opts.name);

  const encryptRef = encryptObj instanceof PDFRef ? encryptObj : undefined;
  const decryptor = new ObjectDecryptor(sec, found.key, encryptRef);
  // The first parse is dropped for the decrypted one: what it was charged is given back.
  releaseParse(plain);
  const context = await parse(new DecryptingParser(bytes, decryptor), opts);
  await decryptor.finish();
  delete context.trailerInfo.Encrypt;
  // Older revisions of an incrementally updated file may carry their own /Encrypt objects.
  for (const [ref, obj] of context.enumerateIndirectObjects()) {
    if (ref === encryptRef || isEncryptDict(obj)) context.delete(ref);
  }
  dropSupersededObjects(context);
  const doc = documentFromContext(context);
  const encryption = { revision: sec.r, via: found.via };
  decrypted.set(doc, encryption);
  return { doc, encryption };
}
