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
import { DecodeFailed, DecodeLimit } from "../../core/decode";
import { decodeStream, MalformedFilters } from "../filters";

/** Small readers for pdf-lib objects that may be indirect, missing or of the wrong type. */

export function resolve(ctx: PDFContext, o: PDFObject | undefined): PDFObject | undefined {
  // A chain of references to references ends somewhere a reader gives up too.
  for (let i = 0; i < 8 && o instanceof PDFRef; i++) o = ctx.lookup(o);
  return o instanceof PDFRef ? undefined : o;
}

export function get(ctx: PDFContext, d: PDFDict | undefined, key: string): PDFObject | undefined {
  return d ? resolve(ctx, d.get(PDFName.of(key))) : undefined;
}

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

/** The stream's data within `max` bytes, or null when it cannot be read (damage, unknown filter, too large). */
export function readStream(ctx: PDFContext, s: PDFRawStream, max: number): Uint8Array | null {
  try {
    return decodeStream(ctx, s, { max });
  } catch (err) {
    if (err instanceof DecodeLimit || err instanceof DecodeFailed || err instanceof MalformedFilters) return null;
    throw err;
  }
}
