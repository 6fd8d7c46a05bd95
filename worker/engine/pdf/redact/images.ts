import { type PDFContext, PDFName, PDFNumber, PDFRawStream } from "@cantoo/pdf-lib";
import { zlibSync } from "fflate";
import type { Budget } from "../../core/budget";
import { DecodeFailed, DecodeLimit } from "../../core/decode";
import { EngineError } from "../../core/errors";
import { JpegReader } from "../../image/jpeg/decode";
import { JpegPixels } from "../../image/jpeg/pixels";
import { readAll } from "../../image/pixels";
import { invert, type Matrix, type Quad, quadBounds, quadsMeet, transformQuad } from "../content/geometry";
import { decodeStream, MalformedFilters, streamSteps } from "../filters";
import { get, getNumber, numbers } from "../objects";
import { readSpace, targetSamples } from "./image-samples";

/**
 * An image XObject painted over where redaction areas cover it, in the image data itself: the
 * samples are decoded (Flate, LZW and the rest through the bounded filters; DCT through the
 * engine's JPEG decoder), the pixels under the areas set to the box's colour, and a new
 * Flate stream made. Images we cannot decode (JBIG2, JPX, CCITT) are removed whole instead.
 */

export type ImageOutcome = { kind: "painted"; stream: PDFRawStream } | { kind: "removed" } | { kind: "untouched" };

/** The most pixels an image we paint may have (the compressor's limit too). */
const MAX_PIXELS = 50_000_000;
const MAX_JPEG_STORE = 64 * 1024 * 1024;

export interface ImageJob {
  ctx: PDFContext;
  budget?: Budget;
  name?: string;
  color: readonly number[];
}

function tooLarge(job: ImageJob, w: number, h: number): EngineError {
  return new EngineError(
    "job_too_large",
    `${job.name ?? "This PDF"} has an image of ${w} x ${h} pixels under a redaction box: images over ${MAX_PIXELS / 1e6} megapixels are too large to redact here.`,
  );
}

/** The areas in the image's pixel space (row 0 at the top of the unit square). */
function pixelQuads(ctm: Matrix, areas: readonly Quad[], w: number, h: number): Quad[] | null {
  const inv = invert(ctm);
  if (!inv) return null;
  const toPixels: Matrix = [w, 0, 0, -h, 0, h];
  const frame = [0, 0, w, 0, w, h, 0, h];
  return areas.map((a) => transformQuad(toPixels, transformQuad(inv, a))).filter((q) => quadsMeet(q, frame));
}

export function redactImage(job: ImageJob, stream: PDFRawStream, ctm: Matrix, areas: readonly Quad[]): ImageOutcome {
  const { ctx } = job;
  const d = stream.dict;
  const w = getNumber(ctx, d, "Width") ?? 0;
  const h = getNumber(ctx, d, "Height") ?? 0;
  if (!(w >= 1 && h >= 1 && Number.isInteger(w) && Number.isInteger(h))) return { kind: "removed" };
  const quads = pixelQuads(ctm, areas, w, h);
  if (quads && quads.length === 0) return { kind: "untouched" };
  // Refused from the declared size, before anything is decoded.
  if (w * h > MAX_PIXELS) throw tooLarge(job, w, h);
  if (!quads) return { kind: "removed" };
  const mask = get(ctx, d, "ImageMask")?.toString() === "true";
  const space = mask ? { components: 1, values: () => [0] } : readSpace(ctx, get(ctx, d, "ColorSpace"));
  const steps = safeSteps(ctx, stream);
  const last = steps?.[steps.length - 1]?.name;
  const dct = last === "DCTDecode";
  if (!space || !steps || (last && !dct && !isGeneral(last))) return { kind: "removed" };
  const bpc = dct ? 8 : mask ? 1 : (getNumber(ctx, d, "BitsPerComponent") ?? 8);
  if (![1, 2, 4, 8, 16].includes(bpc)) return { kind: "removed" };
  const n = space.components;
  const rowBytes = Math.ceil((w * n * bpc) / 8);
  const size = rowBytes * h;
  const what = `${job.name ?? "This PDF"}'s image of ${w} x ${h} pixels`;
  job.budget?.take(size * 2, what);
  try {
    const samples = dct ? decodeJpeg(stream, steps!, n, w, h, job) : decodeFlat(ctx, stream, size);
    if (!samples) return { kind: "removed" };
    const target = mask
      ? [(numbers(ctx, d.get(PDFName.of("Decode")))?.[0] ?? 0) === 1 ? 0 : 1]
      : targetSamples(ctx, d, space, bpc, job.color);
    for (const q of quads) paint(samples, q, w, h, n, bpc, rowBytes, target, job.budget);
    const dict = d.clone(ctx);
    for (const k of ["Filter", "DecodeParms", "DP", "Length"]) dict.delete(PDFName.of(k));
    dict.set(PDFName.of("Filter"), PDFName.of("FlateDecode"));
    dict.set(PDFName.of("BitsPerComponent"), PDFNumber.of(bpc));
    return { kind: "painted", stream: PDFRawStream.of(dict, zlibSync(samples, { level: 6 })) };
  } finally {
    job.budget?.give(size * 2);
  }
}

const GENERAL = new Set(["FlateDecode", "LZWDecode", "ASCII85Decode", "ASCIIHexDecode", "RunLengthDecode"]);
const isGeneral = (name: string) => GENERAL.has(name);

function safeSteps(ctx: PDFContext, stream: PDFRawStream) {
  try {
    return streamSteps(ctx, stream.dict);
  } catch {
    return null;
  }
}

/** The samples through general filters, padded with zeros when the data stops short. */
function decodeFlat(ctx: PDFContext, stream: PDFRawStream, size: number) {
  try {
    const data = decodeStream(ctx, stream, { max: size + 1024, strict: false });
    if (data.length >= size) return data.slice(0, size);
    const out = new Uint8Array(size);
    out.set(data);
    return out;
  } catch (err) {
    if (err instanceof DecodeLimit || err instanceof DecodeFailed || err instanceof MalformedFilters) return null;
    throw err;
  }
}

function decodeJpeg(
  stream: PDFRawStream,
  steps: NonNullable<ReturnType<typeof streamSteps>>,
  n: number,
  w: number,
  h: number,
  job: ImageJob,
): Uint8Array | null {
  // A JPEG inside another filter is rare enough to be removed rather than unpacked.
  if (steps.length > 1) return null;
  try {
    const reader = new JpegReader(stream.contents, { maxStoreBytes: MAX_JPEG_STORE, check: () => job.budget?.check() });
    const pixels = new JpegPixels(reader);
    if (pixels.channels !== n || pixels.width !== w || pixels.height !== h) return null;
    return readAll(pixels);
  } catch (err) {
    if (err instanceof EngineError && err.code !== "invalid_file") throw err;
    if (err instanceof EngineError || err instanceof DecodeLimit || err instanceof DecodeFailed) return null;
    if (err instanceof RangeError || err instanceof TypeError) return null;
    throw err;
  }
}

/** Sets every pixel whose square meets `q` (any overlap) to the target samples. */
function paint(
  samples: Uint8Array,
  q: Quad,
  w: number,
  h: number,
  n: number,
  bpc: number,
  rowBytes: number,
  target: number[],
  budget: Budget | undefined,
): void {
  const b = quadBounds(q);
  const x0 = Math.max(0, Math.floor(b.x0));
  const x1 = Math.min(w, Math.ceil(b.x1));
  const y0 = Math.max(0, Math.floor(b.y0));
  const y1 = Math.min(h, Math.ceil(b.y1));
  const axisAligned = isAxisAligned(q);
  for (let y = y0; y < y1; y++) {
    if ((y & 255) === 0) budget?.check();
    for (let x = x0; x < x1; x++) {
      if (!axisAligned && !quadsMeet([x, y, x + 1, y, x + 1, y + 1, x, y + 1], q)) continue;
      for (let c = 0; c < n; c++) setSample(samples, y * rowBytes, (x * n + c) * bpc, bpc, target[c]);
    }
  }
}

function isAxisAligned(q: Quad): boolean {
  const e = 1e-6;
  const xs = new Set<number>();
  const ys = new Set<number>();
  for (let i = 0; i < 8; i += 2) {
    xs.add(Math.round(q[i] / e));
    ys.add(Math.round(q[i + 1] / e));
  }
  return xs.size <= 2 && ys.size <= 2;
}

function setSample(s: Uint8Array, row: number, bit: number, bpc: number, v: number): void {
  if (bpc === 8) s[row + bit / 8] = v;
  else if (bpc === 16) {
    s[row + bit / 8] = v >> 8;
    s[row + bit / 8 + 1] = v & 255;
  } else {
    const at = row + (bit >> 3);
    const shift = 8 - bpc - (bit & 7);
    const m = ((1 << bpc) - 1) << shift;
    s[at] = (s[at] & ~m) | ((v << shift) & m);
  }
}
