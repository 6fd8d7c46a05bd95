import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPageLeaf,
  PDFRawStream,
  PDFRef,
  PDFString,
} from "@cantoo/pdf-lib";
import type { Budget } from "../core/budget";
import { DecodeFailed, DecodeLimit, decodeSteps } from "../core/decode";
import { EngineError } from "../core/errors";
import { checkPageNumbers, guardPdf, loadPdf } from "./document";
import { MalformedFilters, readStream, streamSteps } from "./filters";
import { rowBytes, type Samples, samplesToPng } from "./image-png";
import { get, getDict, getName, getNumber, numbers, resolve } from "./objects";

/**
 * The images of a PDF's pages, saved as they are where a file format holds them unchanged: a
 * DCT image is its JPEG, a JPX image its JPEG 2000 codestream, and images in PDF's own sample
 * formats (Flate, LZW, RunLength...) become PNGs. JBIG2 and CCITT fax images have no common
 * file format of their own and are counted as skipped.
 *
 * Each image is saved once, named after the first chosen page it appears on: a logo repeated on
 * every page, or pages sharing one resource dictionary, give one file rather than one per page
 * (pdfimages lists it once per time it is drawn). Images are found through the pages' resources
 * and those of the forms drawn on them, down to MAX_FORM_DEPTH.
 */

export const MAX_FORM_DEPTH = 12;
export const NO_IMAGES = "This PDF has no images to extract.";

export interface ExtractedImage {
  page: number;
  /** The image's number on its page, from 1. */
  index: number;
  ext: "jpg" | "jp2" | "png";
  bytes: Uint8Array;
  width: number;
  height: number;
}

export interface ExtractImagesResult {
  images: ExtractedImage[];
  pageCount: number;
  /** Images in formats that cannot be saved as they are (JBIG2, CCITT, unusual colour spaces). */
  unsupported: number;
  /** Images under the minimum size. */
  small: number;
}

export interface ExtractImagesOptions {
  pages?: readonly number[];
  /** Images narrower or shorter than this many pixels are left out. */
  minSize: number;
  name?: string;
  password?: string;
  budget?: Budget;
}

interface Found {
  page: number;
  stream: PDFRawStream;
}

/** The image XObjects of a page, through its forms; `seen` makes each object count once. */
function collect(ctx: PDFContext, resources: PDFDict | undefined, page: number, seen: Set<string>, out: Found[]) {
  const walk = (res: PDFDict | undefined, depth: number) => {
    const xobjects = getDict(ctx, res, "XObject");
    if (!xobjects) return;
    for (const [, value] of xobjects.entries()) {
      const key = value instanceof PDFRef ? value.tag : null;
      if (key !== null) {
        if (seen.has(key)) continue;
        seen.add(key);
      }
      const stream = resolve(ctx, value);
      if (!(stream instanceof PDFRawStream)) continue;
      const subtype = getName(ctx, stream.dict, "Subtype");
      if (subtype === "Image") out.push({ page, stream });
      else if (subtype === "Form" && depth < MAX_FORM_DEPTH) walk(getDict(ctx, stream.dict, "Resources"), depth + 1);
    }
  };
  walk(resources, 0);
}

function pageResources(ctx: PDFContext, leaf: PDFPageLeaf): PDFDict | undefined {
  // Inherited from the page tree; a damaged /Parent chain ends the search.
  let node: PDFDict | undefined = leaf;
  for (let i = 0; node && i < 64; i++) {
    const r = get(ctx, node, "Resources");
    if (r instanceof PDFDict) return r;
    const parent = get(ctx, node, "Parent");
    node = parent instanceof PDFDict ? parent : undefined;
  }
  return undefined;
}

type ColourSpace = { components: 1 | 3 | 4; palette?: Uint8Array; inverted?: boolean } | null;

/** The colour spaces saved as PNG: grey, RGB, CMYK (as RGB), their ICC and Cal forms, indexed over them. */
function colourSpace(ctx: PDFContext, cs: PDFObject | undefined, depth = 0): ColourSpace {
  const v = resolve(ctx, cs);
  if (v instanceof PDFName) {
    const n = ({ DeviceGray: 1, G: 1, DeviceRGB: 3, RGB: 3, DeviceCMYK: 4, CMYK: 4 } as const)[v.decodeText() as "G"];
    return n ? { components: n } : null;
  }
  if (!(v instanceof PDFArray) || v.size() === 0 || depth > 2) return null;
  const family = resolve(ctx, v.get(0));
  switch (family instanceof PDFName ? family.decodeText() : "") {
    case "ICCBased": {
      const s = resolve(ctx, v.get(1));
      const n = s instanceof PDFRawStream ? getNumber(ctx, s.dict, "N") : undefined;
      return n === 1 || n === 3 || n === 4 ? { components: n } : null;
    }
    case "CalGray":
      return { components: 1 };
    case "CalRGB":
      return { components: 3 };
    case "Separation":
      // Full tint is the ink at its darkest: shown as grey, dark where the ink is.
      return { components: 1, inverted: true };
    case "Indexed":
    case "I":
      return indexed(ctx, v, depth);
    default:
      return null;
  }
}

function indexed(ctx: PDFContext, v: PDFArray, depth: number): ColourSpace {
  const base = colourSpace(ctx, v.get(1), depth + 1);
  const hival = resolve(ctx, v.get(2));
  const lookup = resolve(ctx, v.get(3));
  let table: Uint8Array | null = null;
  if (lookup instanceof PDFString || lookup instanceof PDFHexString) table = lookup.asBytes();
  else if (lookup instanceof PDFRawStream) table = readStream(ctx, lookup, 4 * 256);
  if (!base || base.palette || !(hival instanceof PDFNumber) || !table) return null;
  const size = Math.max(1, Math.min(256, Math.floor(hival.asNumber()) + 1));
  const n = base.components;
  const palette = new Uint8Array(size * 3);
  for (let i = 0; i < size; i++) {
    const e = (c: number) => table[i * n + c] ?? 0;
    if (n === 1) palette.fill(base.inverted ? 255 - e(0) : e(0), i * 3, i * 3 + 3);
    else if (n === 3) palette.set([e(0), e(1), e(2)], i * 3);
    else for (let c = 0; c < 3; c++) palette[i * 3 + c] = 255 - Math.min(255, e(c) + e(3));
  }
  return { components: 1, palette };
}

/** The context an image is read in: the document, the job's budget and how to name the image. */
interface Reader {
  ctx: PDFContext;
  budget?: Budget;
  label: (f: Found, w: number, h: number) => string;
}

/** A stream's general filters decoded within `max`; null when damaged or of a filter we lack. */
function decodeGeneral(stream: PDFRawStream, steps: ReturnType<typeof streamSteps>, max: number) {
  try {
    if (!steps) throw new MalformedFilters();
    return decodeSteps(stream.contents, steps, { max, strict: false });
  } catch (err) {
    if (err instanceof DecodeLimit || err instanceof DecodeFailed || err instanceof MalformedFilters) return null;
    throw err;
  }
}

/** The /SMask as one 8-bit alpha value per pixel, when it is readable and the image's size. */
function softMask(r: Reader, stream: PDFRawStream, w: number, h: number): Uint8Array | undefined {
  const mask = get(r.ctx, stream.dict, "SMask");
  if (!(mask instanceof PDFRawStream)) return undefined;
  const d = mask.dict;
  const bpc = getNumber(r.ctx, d, "BitsPerComponent") ?? 8;
  if (getNumber(r.ctx, d, "Width") !== w || getNumber(r.ctx, d, "Height") !== h || ![1, 2, 4, 8, 16].includes(bpc))
    return undefined;
  const stride = rowBytes(w, 1, bpc);
  const steps = streamSteps(r.ctx, d);
  const data = decodeGeneral(mask, steps, (stride + 1) * h);
  if (!data) return undefined;
  const alpha = new Uint8Array(w * h);
  const max = (1 << bpc) - 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const at = y * stride;
      let s: number;
      if (bpc === 8) s = data[at + x] ?? 0;
      else if (bpc === 16) s = ((data[at + x * 2] ?? 0) << 8) | (data[at + x * 2 + 1] ?? 0);
      else s = ((data[at + ((x * bpc) >> 3)] ?? 0) >> (8 - bpc - ((x * bpc) & 7))) & max;
      alpha[y * w + x] = bpc === 16 ? s >> 8 : Math.round((s * 255) / max);
    }
  }
  return alpha;
}

const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
/** A JP2 file (its signature box) or a bare codestream (SOC then SIZ). */
const isJpx = (b: Uint8Array) =>
  (b[4] === 0x6a && b[5] === 0x50 && b[6] === 0x20 && b[7] === 0x20) ||
  (b[0] === 0xff && b[1] === 0x4f && b[2] === 0xff && b[3] === 0x51);

type Saved = Pick<ExtractedImage, "ext" | "bytes"> | "unsupported";

async function saveImage(r: Reader, f: Found, w: number, h: number): Promise<Saved> {
  const { ctx } = r;
  const d = f.stream.dict;
  const steps = streamSteps(ctx, d);
  if (!steps) return "unsupported";
  const last = steps[steps.length - 1]?.name;
  if (last === "DCTDecode" || last === "JPXDecode") {
    const head = steps.slice(0, -1);
    const bytes =
      head.length === 0 ? f.stream.contents : decodeGeneral(f.stream, head, r.budget?.memoryLeft ?? 1 << 28);
    // Data that is not a JPEG (or JPEG 2000) at all would save as a file nothing opens.
    if (!bytes || !(last === "DCTDecode" ? isJpeg(bytes) : isJpx(bytes))) return "unsupported";
    return { ext: last === "DCTDecode" ? "jpg" : "jp2", bytes };
  }
  if (steps.some((s) => s.name === "JBIG2Decode" || s.name === "CCITTFaxDecode" || s.name === "DCTDecode")) {
    return "unsupported";
  }
  const stencil = get(ctx, d, "ImageMask")?.toString() === "true";
  const space: ColourSpace = stencil ? { components: 1 } : colourSpace(ctx, get(ctx, d, "ColorSpace"));
  const bpc = stencil ? 1 : (getNumber(ctx, d, "BitsPerComponent") ?? 8);
  if (!space || ![1, 2, 4, 8, 16].includes(bpc) || (space.palette && bpc === 16)) return "unsupported";
  const stride = rowBytes(w, space.components, bpc);
  // Charged before anything is decoded: the samples (with a predictor's filter bytes), the alpha.
  const size = (stride + 1) * h + (get(ctx, d, "SMask") ? w * h * 2 : 0);
  r.budget?.take(size, r.label(f, w, h));
  try {
    const decoded = decodeGeneral(f.stream, steps, (stride + 1) * h);
    if (!decoded) return "unsupported";
    // A stream cut short is padded (readers show the rest as black or white, too).
    const data = decoded.length >= stride * h ? decoded : new Uint8Array(stride * h);
    if (data !== decoded) data.set(decoded);
    const decode = numbers(ctx, get(ctx, d, "Decode"));
    // Stencil masks paint where samples are 0 (black); /Decode [1 0] swaps that.
    const swapped = decode !== undefined && decode.length >= 2 && decode[0] > decode[1];
    const inverted = space.palette ? false : Boolean(space.inverted) !== swapped;
    const samples: Samples = {
      width: w,
      height: h,
      bpc,
      components: space.components,
      data,
      palette: space.palette,
      inverted: stencil ? swapped : inverted,
      alpha: stencil ? undefined : softMask(r, f.stream, w, h),
    };
    const bytes = await samplesToPng(samples);
    return { ext: "png", bytes };
  } finally {
    r.budget?.give(size);
  }
}

/** The chosen pages' images (all pages without a choice), each once. */
export async function extractImages(bytes: Uint8Array, opts: ExtractImagesOptions): Promise<ExtractImagesResult> {
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
  const pageCount = doc.getPageCount();
  const pages = opts.pages?.length ? checkPageNumbers(opts.pages, pageCount) : null;
  const label = opts.name ?? "This PDF";
  const found = await guardPdf(opts.name, () => {
    const seen = new Set<string>();
    const list: Found[] = [];
    const all = doc.getPages();
    for (const p of pages ?? all.map((_, i) => i + 1)) {
      opts.budget?.check();
      collect(doc.context, pageResources(doc.context, all[p - 1].node), p, seen, list);
    }
    return list;
  });
  const reader: Reader = {
    ctx: doc.context,
    budget: opts.budget,
    label: (f, w, h) => `${label}'s image on page ${f.page} (${w} x ${h} pixels)`,
  };
  const result: ExtractImagesResult = { images: [], pageCount, unsupported: 0, small: 0 };
  const perPage = new Map<number, number>();
  for (const f of found) {
    opts.budget?.check();
    const w = getNumber(doc.context, f.stream.dict, "Width") ?? 0;
    const h = getNumber(doc.context, f.stream.dict, "Height") ?? 0;
    if (!(Number.isInteger(w) && Number.isInteger(h) && w >= 1 && h >= 1)) continue;
    if (w < opts.minSize || h < opts.minSize) {
      result.small++;
      continue;
    }
    const saved = await guardPdf(opts.name, () => saveImage(reader, f, w, h));
    if (saved === "unsupported") {
      result.unsupported++;
      continue;
    }
    // What is kept stays held until the job's files are stored.
    opts.budget?.take(saved.bytes.length, reader.label(f, w, h));
    const index = (perPage.get(f.page) ?? 0) + 1;
    perPage.set(f.page, index);
    result.images.push({ page: f.page, index, width: w, height: h, ...saved });
  }
  if (result.images.length === 0) throw new EngineError("pdf_unsupported", noImagesMessage(result));
  return result;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The refusal when nothing could be saved, saying why when images were there. */
function noImagesMessage(r: ExtractImagesResult): string {
  if (r.unsupported > 0) {
    return `This PDF's ${plural(r.unsupported, "image is in a format", "images are in formats")} that cannot be saved as ${r.unsupported === 1 ? "it is" : "they are"} (such as JBIG2 or fax scans), and it has no other images to extract.`;
  }
  if (r.small > 0) {
    return `This PDF has no images to extract at this minimum size: ${plural(r.small, "image was", "images were")} smaller.`;
  }
  return NO_IMAGES;
}

/** The sentence about what was left out, or "" when nothing was. */
export function skippedNote(r: ExtractImagesResult): string {
  const parts: string[] = [];
  if (r.unsupported > 0) {
    parts.push(
      `${plural(r.unsupported, "image", "images")} in formats that cannot be saved as they are ${r.unsupported === 1 ? "was" : "were"} skipped`,
    );
  }
  if (r.small > 0) parts.push(`${plural(r.small, "small image was", "small images were")} left out`);
  return parts.length ? `${parts.join("; ")}.` : "";
}
