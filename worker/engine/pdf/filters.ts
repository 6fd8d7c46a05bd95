import { PDFArray, type PDFContext, PDFDict, PDFName, PDFNumber, type PDFRawStream } from "@cantoo/pdf-lib";
import {
  DecodeFailed,
  DecodeLimit,
  type DecodeOptions,
  type DecodeStep,
  decodedSize,
  decodeSteps,
  FILTER_ALIASES,
} from "../core/decode";
import { resolve } from "./objects";

/**
 * A stream's /Filter and /DecodeParms read into decode steps, and decoded with the engine's
 * bounded decoders (core/decode.ts): never pdf-lib's, which allocate whatever a stream asks for.
 */

function num(ctx: PDFContext, d: PDFDict, key: string, fallback: number): number {
  const v = resolve(ctx, d.get(PDFName.of(key)));
  return v instanceof PDFNumber ? v.asNumber() : fallback;
}

/** The stream's filters in order, or null when /Filter or /DecodeParms is malformed. */
export function streamSteps(ctx: PDFContext, dict: PDFDict): DecodeStep[] | null {
  const f = resolve(ctx, dict.get(PDFName.of("Filter")));
  const p = resolve(ctx, dict.get(PDFName.of("DecodeParms")) ?? dict.get(PDFName.of("DP")));
  const names = f === undefined ? [] : f instanceof PDFArray ? f.asArray().map((x) => resolve(ctx, x)) : [f];
  const params = p instanceof PDFArray ? p.asArray().map((x) => resolve(ctx, x)) : [p];
  const steps: DecodeStep[] = [];
  for (const [i, n] of names.entries()) {
    if (!(n instanceof PDFName)) return null;
    const raw = n.decodeText();
    const name = FILTER_ALIASES[raw] ?? raw;
    const param = params[i];
    const step: DecodeStep = { name };
    if (param instanceof PDFDict) {
      step.earlyChange = num(ctx, param, "EarlyChange", 1);
      step.predictor = {
        predictor: num(ctx, param, "Predictor", 1),
        colors: num(ctx, param, "Colors", 1),
        bitsPerComponent: num(ctx, param, "BitsPerComponent", 8),
        columns: num(ctx, param, "Columns", 1),
      };
    }
    steps.push(step);
  }
  return steps;
}

/** Thrown for a stream whose /Filter or /DecodeParms cannot be read. */
export class MalformedFilters extends Error {}

/** The stream's data decoded through all its filters, within `max` bytes. */
export function decodeStream(ctx: PDFContext, stream: PDFRawStream, opts: DecodeOptions): Uint8Array {
  const steps = streamSteps(ctx, stream.dict);
  if (!steps) throw new MalformedFilters();
  return decodeSteps(stream.contents, steps, opts);
}

/**
 * The stream's data decoded through its general-purpose filters (predictors included) within
 * `max` bytes, or null when it uses anything else (an image filter), is damaged, or is too large.
 */
export function readStream(ctx: PDFContext, s: PDFRawStream, max: number): Uint8Array | null {
  try {
    return decodeStream(ctx, s, { max });
  } catch (err) {
    if (err instanceof DecodeLimit || err instanceof DecodeFailed || err instanceof MalformedFilters) return null;
    throw err;
  }
}

/** How many bytes the stream decodes to (the last filter counted, not kept); throws past `max`. */
export function streamDecodedSize(ctx: PDFContext, stream: PDFRawStream, opts: DecodeOptions): number {
  const steps = streamSteps(ctx, stream.dict);
  if (!steps) throw new MalformedFilters();
  return decodedSize(stream.contents, steps, opts);
}
