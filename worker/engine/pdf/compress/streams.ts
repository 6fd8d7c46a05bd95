import { PDFArray, type PDFContext, PDFDict, PDFName, PDFNumber } from "@cantoo/pdf-lib";
import { zlibSync } from "fflate";
import { resolve } from "../objects";

/** Stream plumbing for the compressor: filters, decoding with a size cap, Flate encoding. */

export interface Filter {
  name: string;
  params: PDFDict | undefined;
}

const ALIASES: Record<string, string> = {
  Fl: "FlateDecode",
  LZW: "LZWDecode",
  A85: "ASCII85Decode",
  AHx: "ASCIIHexDecode",
  RL: "RunLengthDecode",
  DCT: "DCTDecode",
  CCF: "CCITTFaxDecode",
};

export function filtersOf(ctx: PDFContext, dict: PDFDict): Filter[] | null {
  const f = resolve(ctx, dict.get(PDFName.of("Filter")));
  const p = resolve(ctx, dict.get(PDFName.of("DecodeParms")));
  const names = f === undefined ? [] : f instanceof PDFArray ? f.asArray().map((x) => resolve(ctx, x)) : [f];
  const params = p instanceof PDFArray ? p.asArray().map((x) => resolve(ctx, x)) : [p];
  const out: Filter[] = [];
  for (const [i, n] of names.entries()) {
    if (!(n instanceof PDFName)) return null;
    const name = n.decodeText();
    const param = params[i];
    out.push({ name: ALIASES[name] ?? name, params: param instanceof PDFDict ? param : undefined });
  }
  return out;
}

export function numberIn(ctx: PDFContext, dict: PDFDict | undefined, key: string, fallback: number): number {
  const v = dict ? resolve(ctx, dict.get(PDFName.of(key))) : undefined;
  return v instanceof PDFNumber ? v.asNumber() : fallback;
}

/** zlib level 9 (the one-shot compressor: fflate's streaming one can write corrupt data). */
export function deflate(data: Uint8Array): Uint8Array {
  return zlibSync(data, { level: 9 });
}
