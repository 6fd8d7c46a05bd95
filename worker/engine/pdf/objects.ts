import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from "@cantoo/pdf-lib";

/** Readers for pdf-lib objects that may be indirect, missing or of the wrong type. */

/** How many references in a row are followed before a chain counts as leading nowhere. */
const MAX_CHAIN = 8;

/**
 * The object a reference points at, following a reference to a reference; the object itself
 * when it is not a reference. A reference that leads nowhere (to no object, round a loop, or
 * along a chain longer than any writer makes) is undefined, as PDF reads a reference to no
 * object as null.
 */
export function resolve(ctx: PDFContext, o: PDFObject | undefined): PDFObject | undefined {
  for (let i = 0; i < MAX_CHAIN && o instanceof PDFRef; i++) o = ctx.lookup(o);
  return o instanceof PDFRef ? undefined : o;
}

export function get(ctx: PDFContext, d: PDFDict | undefined, key: string): PDFObject | undefined {
  return d ? resolve(ctx, d.get(PDFName.of(key))) : undefined;
}

/** A dictionary, or a stream's dictionary. */
export function getDict(ctx: PDFContext, d: PDFDict | undefined, key: string): PDFDict | undefined {
  const v = get(ctx, d, key);
  return v instanceof PDFDict ? v : v instanceof PDFRawStream ? v.dict : undefined;
}

export function getNumber(ctx: PDFContext, d: PDFDict | undefined, key: string): number | undefined {
  const v = get(ctx, d, key);
  return v instanceof PDFNumber ? v.asNumber() : undefined;
}

export function getName(ctx: PDFContext, d: PDFDict | undefined, key: string): string | undefined {
  const v = get(ctx, d, key);
  return v instanceof PDFName ? v.decodeText() : undefined;
}

/** An array's numbers (each maybe indirect), NaN for an item that is not one; undefined when it is not an array. */
export function numbers(ctx: PDFContext, o: PDFObject | undefined): number[] | undefined {
  const v = resolve(ctx, o);
  if (!(v instanceof PDFArray)) return undefined;
  const out: number[] = [];
  for (const x of v.asArray()) {
    const n = resolve(ctx, x);
    out.push(n instanceof PDFNumber ? n.asNumber() : Number.NaN);
  }
  return out;
}

/** An array of numbers (each maybe indirect), or null when it is not an array or one item is not a number. */
export function numberArray(ctx: PDFContext, o: PDFObject | undefined): number[] | null {
  const out = numbers(ctx, o);
  return out && !out.some(Number.isNaN) ? out : null;
}
