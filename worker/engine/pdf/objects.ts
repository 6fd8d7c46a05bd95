import { PDFArray, type PDFContext, PDFNumber, type PDFObject, PDFRef } from "@cantoo/pdf-lib";

/** Readers for pdf-lib objects that may be indirect, missing or of the wrong type. */

/** The object a reference points at (one step), or the object itself. */
export function resolve(ctx: PDFContext, o: PDFObject | undefined): PDFObject | undefined {
  return o instanceof PDFRef ? ctx.lookup(o) : o;
}

/** An array of numbers (each maybe indirect), or null when it is not an array or one item is not a number. */
export function numberArray(ctx: PDFContext, o: PDFObject | undefined): number[] | null {
  const v = resolve(ctx, o);
  if (!(v instanceof PDFArray)) return null;
  const out: number[] = [];
  for (const x of v.asArray()) {
    const n = resolve(ctx, x);
    if (!(n instanceof PDFNumber)) return null;
    out.push(n.asNumber());
  }
  return out;
}
