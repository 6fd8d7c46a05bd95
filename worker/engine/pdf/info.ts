import { PDFDict, PDFHexString, PDFName, PDFString } from "@cantoo/pdf-lib";
import type { InfoFields } from "../../../schema/options";
import type { Budget } from "../core/budget";
import { checkPageContents } from "./content-check";
import { guardPdf, loadPdf, savePdf } from "./document";

/** The Info dictionary's text entries, by the names the tool uses. */
export const INFO_KEYS = {
  title: "Title",
  author: "Author",
  subject: "Subject",
  keywords: "Keywords",
  creator: "Creator",
  producer: "Producer",
} as const;
export const DATE_KEYS = { created: "CreationDate", modified: "ModDate" } as const;

/** A PDF date string, "D:20261124214530Z", for an instant. */
export function pdfDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `D:${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
}

/**
 * Edit metadata. Each field given replaces the document's own (an empty one removes it); fields
 * not given stay. The XMP metadata stream, which readers prefer to the Info dictionary and which
 * would go on saying the old values, is removed whenever something changes. `removeAll` clears the
 * Info dictionary and the XMP stream, and sets no producer of ours.
 */
export async function editInfo(
  bytes: Uint8Array,
  opts: { fields: InfoFields; removeAll: boolean; name?: string; password?: string; budget?: Budget },
) {
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
  // Nothing is redrawn, but a page whose content cannot be read is refused as every tool refuses it.
  await checkPageContents(doc, { name: opts.name, budget: opts.budget });
  await guardPdf(opts.name, () => {
    const ctx = doc.context;
    doc.catalog.delete(PDFName.of("Metadata"));
    if (opts.removeAll) {
      delete (ctx.trailerInfo as { Info?: unknown }).Info;
      return;
    }
    let info = ctx.lookup(ctx.trailerInfo.Info);
    if (!(info instanceof PDFDict)) {
      info = ctx.obj({});
      ctx.trailerInfo.Info = ctx.register(info as PDFDict);
    }
    const dict = info as PDFDict;
    for (const [field, key] of Object.entries(INFO_KEYS)) {
      const value = opts.fields[field as keyof typeof INFO_KEYS];
      if (value === undefined) continue;
      if (value === "") dict.delete(PDFName.of(key));
      else dict.set(PDFName.of(key), PDFHexString.fromText(value));
    }
    for (const [field, key] of Object.entries(DATE_KEYS)) {
      const value = opts.fields[field as keyof typeof DATE_KEYS];
      if (value === undefined) continue;
      if (value === null) dict.delete(PDFName.of(key));
      else dict.set(PDFName.of(key), PDFString.of(pdfDate(value)));
    }
  });
  opts.budget?.check();
  return { bytes: await savePdf(doc, { budget: opts.budget, keepInfo: true }) };
}
