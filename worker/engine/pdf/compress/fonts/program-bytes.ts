import type { PDFContext } from "@cantoo/pdf-lib";
import type { Budget } from "../../../core/budget";
import { EngineError } from "../../../core/errors";
import { InflateDamaged, InflateLimit, inflatedSize, inflateInto, inflatePrefix } from "../../../core/inflate";
import { readStream } from "../../filters";
import { type Filter, filtersOf } from "../streams";
import type { FontProgram } from "./files";

/**
 * A font program's bytes, decoded within the job's memory. Nothing that does not begin as a font
 * program does is inflated past its first bytes (a Flate bomb posing as a font costs 1 KB of
 * inflating); a Flate program is counted first and then inflated into one buffer of that size, so
 * it costs its size once, charged to the job before it is made.
 */

export interface ProgramBytes {
  /** The decoded program, or null when it is not one, is damaged, is over `max`, or the job cannot hold it. */
  data: Uint8Array | null;
  /** Bytes charged to the job for `data` (given back by the caller). */
  held: number;
  /** Bytes inflated to find out (the work done). */
  work: number;
}

/** Takes `bytes` from the job, or false when the job or the isolate cannot spare them (the font then stays). */
export function tryTake(budget: Budget | undefined, bytes: number, what: string): boolean {
  try {
    budget?.take(bytes, what);
    return true;
  } catch (err) {
    if (err instanceof EngineError && (err.code === "job_too_large" || err.code === "busy")) return false;
    throw err;
  }
}

const flateOnly = (filters: Filter[]) =>
  filters.length === 1 && filters[0].name === "FlateDecode" && filters[0].params === undefined;

/** Whether the program's first four bytes are those of its kind: an sfnt, or CFF data. */
function startsAsFont(prog: FontProgram, filters: Filter[]): boolean {
  const contents = prog.stream.contents;
  let head: Uint8Array;
  if (filters.length === 0) head = contents.subarray(0, 4);
  else if (flateOnly(filters)) head = inflatePrefix(contents, 4);
  else return true; // Other filters: decoded whole within the limit, then read.
  if (head.length < 4) return false;
  if (prog.kind === "Type1C" || prog.kind === "CIDFontType0C") return head[0] === 1 && head[2] >= 4;
  const tag = String.fromCharCode(...head);
  return tag === "\x00\x01\x00\x00" || tag === "OTTO" || tag === "true";
}

export function programBytes(
  ctx: PDFContext,
  prog: FontProgram,
  max: number,
  budget: Budget | undefined,
  what: string,
): ProgramBytes {
  const none = (work: number): ProgramBytes => ({ data: null, held: 0, work });
  const filters = filtersOf(ctx, prog.stream.dict);
  if (!filters || !startsAsFont(prog, filters)) return none(0);
  const contents = prog.stream.contents;
  // Stored as it is: the stream's own bytes, already held with the document.
  if (filters.length === 0) return contents.length <= max ? { data: contents, held: 0, work: 0 } : none(0);
  if (flateOnly(filters)) {
    let size: number;
    try {
      size = inflatedSize(contents, { max });
    } catch (err) {
      if (err instanceof InflateLimit || err instanceof InflateDamaged) return none(max);
      throw err;
    }
    if (!tryTake(budget, size, what)) return none(size);
    return { data: inflateInto(contents, size), held: size, work: size };
  }
  // Any other filter chain: inflated in pieces and joined, twice its size for a moment.
  if (!tryTake(budget, 2 * max, what)) return none(0);
  let data: Uint8Array | null;
  try {
    data = readStream(ctx, prog.stream, max);
  } finally {
    budget?.give(2 * max);
  }
  if (!data) return none(max);
  return tryTake(budget, data.length, what) ? { data, held: data.length, work: data.length } : none(data.length);
}
