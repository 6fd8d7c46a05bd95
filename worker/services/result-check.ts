import { PDFDocument } from "@cantoo/pdf-lib";
import type { Budget } from "../engine/core/budget";
import { EngineError, isEngineError } from "../engine/core/errors";
import { EXT_KIND, sniff } from "../engine/core/file-kind";
import { splitExtension } from "../engine/core/filenames";
import { parseGuarded } from "../engine/pdf/crypto/security";
import { guardPdf, loadPdf } from "../engine/pdf/document";
import { releaseParse } from "../engine/pdf/parse-guard";
import { hasIntactXref } from "../engine/pdf/structure";
import { checkJpeg, checkPng, checkWebp } from "./image-check";
import { checkJp2, isJp2 } from "./jp2-check";
import { checkZip } from "./zip-check";

/**
 * What POST /api/results stores: only what our tools make, each checked as the tools would read
 * it. A PDF must load (the engine's loadPdf, under the job's budget, with at least one page); one
 * that needs a password it was made with (Protect PDF) cannot be opened, so its encryption
 * dictionary and page tree are checked instead. An image must decode (services/image-check.ts;
 * JPEG 2000, which only Extract Images makes, by its structure). A ZIP must hold only those,
 * named for what they are, each checked the same way (services/zip-check.ts).
 */
export const RESULT_KINDS = {
  pdf: { ext: ".pdf", type: "application/pdf" },
  jpeg: { ext: ".jpg", type: "image/jpeg" },
  png: { ext: ".png", type: "image/png" },
  webp: { ext: ".webp", type: "image/webp" },
  jp2: { ext: ".jp2", type: "image/jp2" },
  zip: { ext: ".zip", type: "application/zip" },
} as const;

export type ResultKind = keyof typeof RESULT_KINDS;
type FileKind = Exclude<ResultKind, "zip">;

/** Names a file inside a ZIP may have, by what it holds. */
const ENTRY_EXT: Readonly<Record<string, FileKind>> = {
  ...EXT_KIND,
  ".jp2": "jp2",
  ".j2k": "jp2",
  ".jpx": "jp2",
  ".jpf": "jp2",
};

export const NOT_OURS =
  "Only PDFs, JPEG, PNG and WebP images and ZIP files made by our tools can be shared. This file is none of those, so it was not stored.";

/** What the bytes say the file is (its name does not count). */
export function resultKind(b: Uint8Array): ResultKind | null {
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5)) return "zip";
  if (isJp2(b)) return "jp2";
  return sniff(b);
}

/**
 * An encrypted PDF whose password we do not have: loadPdf found its security handler sound and
 * asked for the password; its page tree (dictionaries are not encrypted) is walked without it.
 */
async function checkLockedPdf(bytes: Uint8Array, name: string, budget: Budget): Promise<void> {
  const context = await parseGuarded(bytes, { name, budget });
  try {
    // PDFDocument's constructor (private in the typings) as load() calls it, told to open it encrypted.
    const doc = Reflect.construct(PDFDocument, [context, true, false, false]) as PDFDocument;
    const pages = await guardPdf(name, () => doc.getPageCount());
    if (pages === 0) throw new EngineError("pdf_damaged", `${name} has no pages that could be read.`);
  } finally {
    releaseParse(context);
  }
}

async function checkPdf(bytes: Uint8Array, name: string, budget: Budget): Promise<void> {
  // Every PDF a tool writes has its cross-reference where its trailer says, and one a tool hands
  // back unchanged was checked for it (engine/pdf/structure.ts): a file without is refused before
  // the parse (which takes a second a megabyte over random bytes), as is one with more behind it.
  if (!hasIntactXref(bytes)) {
    throw new EngineError("pdf_damaged", `${name} is damaged or is not a valid PDF, and could not be read.`);
  }
  try {
    await loadPdf(bytes, { name, budget });
  } catch (err) {
    // The file's own password was asked for: everything up to its decryption held.
    if (isEngineError(err) && err.code === "password_required") return checkLockedPdf(bytes, name, budget);
    throw err;
  }
}

async function checkFile(kind: FileKind, bytes: Uint8Array, name: string, budget: Budget): Promise<void> {
  if (kind === "pdf") return checkPdf(bytes, name, budget);
  if (kind === "jpeg") return checkJpeg(bytes, name, budget);
  if (kind === "png") return checkPng(bytes, name, budget);
  if (kind === "webp") return checkWebp(bytes, name, budget);
  return checkJp2(bytes, name);
}

/**
 * Checks that `bytes` are a `kind` our tools make (a 4xx saying why when not); what the check
 * held is given back to `budget` when it ends. `maxFileBytes` is the limit on each file in a ZIP.
 */
export async function checkResult(
  kind: ResultKind,
  bytes: Uint8Array,
  name: string,
  budget: Budget,
  maxFileBytes: number,
): Promise<void> {
  const before = budget.memoryHeld;
  try {
    if (kind !== "zip") return await checkFile(kind, bytes, name, budget);
    await checkZip(bytes, name, budget, maxFileBytes, async (entry) => {
      const expected = ENTRY_EXT[splitExtension(entry.name).ext.toLowerCase()];
      const found = resultKind(entry.bytes);
      if (!expected || found !== expected) {
        throw new EngineError(
          "invalid_file",
          `${name} holds ${entry.name}, which is not a PDF or an image our tools make (or not what its name says). It was not stored.`,
        );
      }
      await checkFile(expected, entry.bytes, `${entry.name} (in ${name})`, budget);
    });
  } finally {
    budget.give(budget.memoryHeld - before);
  }
}
