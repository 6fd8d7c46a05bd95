import type { PDFContext, PDFRawStream } from "@cantoo/pdf-lib";
import type { Budget } from "../../core/budget";
import { DecodeFailed, DecodeLimit, decodeSteps } from "../../core/decode";
import { isEngineError } from "../../core/errors";
import { InflateDamaged, Inflater, SLICE } from "../../core/inflate";
import { MalformedFilters, streamSteps } from "../filters";
import { OperationTooLarge } from "./lexer";
import { MAX_CONTENT_BYTES } from "./streams";

/**
 * Content streams decoded a piece at a time, so a page of 24 MB of text is read without ever
 * being held whole: Flate (nearly every content stream) is inflated a slice of its data at a
 * time; other filter chains (LZW, ASCII85, predictors) are decoded whole, within the limit, and
 * charged to the job while their pieces are read. Past the limit: DecodeLimit; damaged:
 * DecodeFailed or MalformedFilters, possibly after some pieces (what a reader shows too).
 */

/** Pieces are handed on at most this long (views into a stream decoded whole, or stored plain). */
const PIECE = 256 * 1024;
const NEWLINE = Uint8Array.of(10);

export interface PieceOptions {
  /** Most bytes one stream may decode to (MAX_CONTENT_BYTES when absent). */
  max?: number;
  budget?: Budget;
  /** What the content is, for a refusal: "A page's content". */
  what?: string;
}

/** One stream's decoded bytes, in pieces; each piece is valid only until the next is asked for. */
export function* streamPieces(ctx: PDFContext, stream: PDFRawStream, opts: PieceOptions = {}): Generator<Uint8Array> {
  const max = opts.max ?? MAX_CONTENT_BYTES;
  const steps = streamSteps(ctx, stream.dict);
  if (!steps) throw new MalformedFilters();
  const data = stream.contents;
  if (steps.length === 0) {
    yield* views(data);
    return;
  }
  const only = steps[0];
  if (steps.length === 1 && only.name === "FlateDecode" && !(only.predictor && only.predictor.predictor > 1)) {
    yield* inflatePieces(data, max);
    return;
  }
  const whole = decodeSteps(data, steps, { max });
  opts.budget?.take(whole.length, opts.what ?? "A content stream");
  try {
    yield* views(whole);
  } finally {
    opts.budget?.give(whole.length);
  }
}

/** A program's streams one after another, a line break after each (readers join a page's streams so). */
export function* programPieces(
  ctx: PDFContext,
  streams: readonly PDFRawStream[],
  opts: PieceOptions = {},
): Generator<Uint8Array> {
  for (const s of streams) {
    yield* streamPieces(ctx, s, opts);
    yield NEWLINE;
  }
}

function* views(data: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < data.length; at += PIECE) yield data.subarray(at, Math.min(data.length, at + PIECE));
}

/** zlib data inflated a slice at a time: each slice makes at most about 1 MB. */
function* inflatePieces(data: Uint8Array, max: number): Generator<Uint8Array> {
  const out: Uint8Array[] = [];
  let size = 0;
  const z = new Inflater((chunk) => {
    size += chunk.length;
    if (size > max) throw new DecodeLimit(max, "FlateDecode");
    out.push(chunk);
  });
  let at = 0;
  do {
    const end = Math.min(data.length, at + SLICE);
    try {
      z.push(data.subarray(at, end), end === data.length);
    } catch (err) {
      if (err instanceof InflateDamaged) throw new DecodeFailed("FlateDecode data is damaged");
      throw err;
    }
    at = end;
    while (out.length > 0) yield out.shift() as Uint8Array;
  } while (at < data.length);
  if (!z.complete) throw new DecodeFailed("FlateDecode data is damaged");
}

/**
 * Whether `err` says the content cannot be read here: damaged, past its limit, an operation too
 * long to read, or past what the
 * job (or the isolate, now) can hold for it. A walk that only learns from content (which
 * resources, which glyphs) then treats it as unknown instead of failing the job.
 */
export function unreadableContent(err: unknown): boolean {
  if (err instanceof DecodeLimit || err instanceof DecodeFailed || err instanceof MalformedFilters) return true;
  if (err instanceof OperationTooLarge) return true;
  return isEngineError(err) && (err.code === "pdf_damaged" || err.code === "job_too_large" || err.code === "busy");
}
