import {
  type PDFContext,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFObjectParser,
  PDFObjectStreamParser,
  type PDFParser,
  PDFRawStream,
  PDFString,
  PDFXRefStreamParser,
} from "@cantoo/pdf-lib";
import { type Budget, DEFAULT_JOB_MEMORY, formatMemory, MiB } from "../core/budget";
import { DecodeFailed, DecodeLimit } from "../core/decode";
import { EngineError } from "../core/errors";
import { decodeStream, MalformedFilters } from "./filters";
import { mergeTrailerDict } from "./hybrid-source";
import { pooledCreated } from "./pools";

/**
 * Bounds on what parsing a PDF may build. pdf-lib turns every token into an object: 2 MB of
 * "0 0 0 ..." became 50 MB of numbers, 2.7 MB of small dictionaries 85 MB, and it unpacked
 * object streams with decoders that allocate what a stream asks for. Here every parsed object
 * is counted against the job's memory budget, nesting is limited, object streams are unpacked
 * with the engine's bounded decoders (within a share of the budget), and cross-reference
 * streams are not unpacked at all: pdf-lib reads objects where they are and only takes the
 * trailer from them. A document past a bound is refused once its parse stops, which is at the
 * next object: the parser's own error handling cannot swallow the refusal.
 */

/** Memory one parsed object costs, on average (measured: 50 B a number, 280 B a small dictionary, 163 B in a real 85,000-object file). */
export const BYTES_PER_OBJECT = 192;
/**
 * What a name or reference never seen before costs besides its parsed object: its strings, its
 * pool entry and weak reference (measured: 1.5 million distinct names held 120 MB at 80 MB charged).
 */
export const BYTES_PER_POOLED = 192;
/** Nesting of arrays and dictionaries; PDF's own implementation limit is far below it. */
export const MAX_DEPTH = 256;
/** Objects one object stream may say it holds (writers put 100 to a few thousand in each). */
const MAX_OBJECTS_PER_STREAM = 100_000;
/** Parsed objects are charged to the budget in steps of this many. */
const CHARGE_EVERY = 4096;

interface Guard {
  budget: Budget | undefined;
  name: string;
  /** What this document's object streams may unpack to, together. */
  structureLimit: number;
  structureUsed: number;
  objects: number;
  /** Bytes taken from the budget for this parse. */
  charged: number;
  /** pooledCreated() when this parse last paid for new names and references. */
  pooled: number;
  refused: EngineError | null;
  /** Bytes of what parsing built besides objects (chargeParseMemory). */
  besides: number;
}

const guards = new WeakMap<PDFContext, Guard>();

function label(g: Guard): string {
  return g.name || "This PDF";
}

function guardFor(context: PDFContext): Guard {
  let g = guards.get(context);
  if (!g) {
    // A parse that did not come through loadPdf still has bounds: the default job's.
    g = newGuard(undefined, "");
    guards.set(context, g);
  }
  return g;
}

function newGuard(budget: Budget | undefined, name: string): Guard {
  const memory = budget ? budget.memoryLeft : DEFAULT_JOB_MEMORY;
  return {
    budget,
    name,
    structureLimit: Math.max(MiB, Math.floor(memory / 4)),
    structureUsed: 0,
    objects: 0,
    charged: 0,
    pooled: pooledCreated(),
    refused: null,
    besides: 0,
  };
}

function refuse(g: Guard, err: EngineError): EngineError {
  g.refused ??= err;
  return g.refused;
}

/**
 * Puts a parser under the bounds, charged to `budget`: call before parseDocument(), and
 * checkParse() after it.
 */
export function guardParser(parser: PDFParser, opts: { budget?: Budget; name?: string } = {}): void {
  installParseGuards();
  const context = (parser as unknown as { context: PDFContext }).context;
  const g = newGuard(opts.budget, opts.name ?? "");
  guards.set(context, g);
  const internals = parser as unknown as { shouldWaitForTick: () => boolean };
  const tick = internals.shouldWaitForTick;
  // Called between indirect objects, outside the parser's try/catch: a refusal stops it here.
  internals.shouldWaitForTick = () => {
    if (g.refused) throw g.refused;
    return tick();
  };
}

/** Charges what parsing built beside its objects (an index of the file) to the parse's budget. */
export function chargeParseMemory(context: PDFContext, bytes: number): void {
  const g = guardFor(context);
  g.besides += bytes;
  // Without a budget, the bound is the default job's, as for the objects themselves.
  if (!g.budget && g.besides > DEFAULT_JOB_MEMORY) throw refuse(g, tooComplex(g, DEFAULT_JOB_MEMORY));
  chargeParse(g, bytes);
}

/** Gives back what a parse was charged, once its objects are no longer held (a first, discarded parse). */
export function releaseParse(context: PDFContext): void {
  const g = guards.get(context);
  if (!g) return;
  g.budget?.give(g.charged);
  g.charged = 0;
}

/** Throws the refusal a parse ran into, if any (the parser may have skipped past it). */
export function checkParse(context: PDFContext): void {
  const g = guards.get(context);
  if (g?.refused) throw g.refused;
}

let installed = false;

export function installParseGuards(): void {
  if (installed) return;
  installed = true;

  const proto = PDFObjectParser.prototype as unknown as {
    parseObject(this: ParserState, ref?: unknown): PDFObject;
  };
  const parseObject = proto.parseObject;
  proto.parseObject = function (this: ParserState, ref?: unknown) {
    const g = guardFor(this.context);
    if (g.refused) throw g.refused;
    const depth = (this.pdftoolsDepth ?? 0) + 1;
    if (depth > MAX_DEPTH) {
      throw refuse(
        g,
        new EngineError("pdf_damaged", `${label(g)} is damaged: its objects are nested too deeply to read.`),
      );
    }
    this.pdftoolsDepth = depth;
    let obj: PDFObject;
    try {
      obj = parseObject.call(this, ref);
    } finally {
      this.pdftoolsDepth = depth - 1;
    }
    g.objects++;
    let charge = 0;
    if (g.objects % CHARGE_EVERY === 0) {
      const made = pooledCreated();
      charge = CHARGE_EVERY * BYTES_PER_OBJECT + Math.max(0, made - g.pooled) * BYTES_PER_POOLED;
      g.pooled = made;
    }
    if (obj instanceof PDFString || obj instanceof PDFHexString) charge += 2 * obj.asString().length;
    if (charge > 0) chargeParse(g, charge);
    return obj;
  };

  const objectStream = PDFObjectStreamParser.forStream;
  PDFObjectStreamParser.forStream = (raw, shouldWaitForTick) =>
    objectStream(unpackObjectStream(raw), shouldWaitForTick);

  // pdf-lib reads every object from the file itself; a cross-reference stream only gives the
  // trailer. Its entries (one per object number it claims: /Size 100000000 made a hundred
  // million) are never needed, so the stream is never unpacked.
  PDFXRefStreamParser.forStream = (raw) =>
    ({ parseIntoContext: () => mergeTrailer(raw) }) as unknown as PDFXRefStreamParser;
}

interface ParserState {
  context: PDFContext;
  pdftoolsDepth?: number;
}

function chargeParse(g: Guard, bytes: number): void {
  if (!g.budget) {
    if (g.objects * BYTES_PER_OBJECT > DEFAULT_JOB_MEMORY) throw refuse(g, tooComplex(g, DEFAULT_JOB_MEMORY));
    return;
  }
  try {
    g.budget.take(bytes, `${label(g)}'s internal structure`);
    g.charged += bytes;
  } catch (err) {
    if (err instanceof EngineError && err.code === "job_too_large")
      throw refuse(g, tooComplex(g, g.budget.memoryLimit));
    if (err instanceof EngineError) throw refuse(g, err);
    throw err;
  }
}

function tooComplex(g: Guard, limit: number): EngineError {
  return new EngineError(
    "job_too_large",
    `${label(g)} has more internal objects than fit in the memory one job can use here (${formatMemory(limit)}). It may be unusually complex, or built to exhaust memory.`,
  );
}

function unpackObjectStream(raw: PDFRawStream): PDFRawStream {
  const ctx = raw.dict.context;
  const g = guardFor(ctx);
  if (g.refused) throw g.refused;
  const n = raw.dict.lookup(PDFName.of("N"));
  if (!(n instanceof PDFNumber) || n.asNumber() > MAX_OBJECTS_PER_STREAM) {
    throw new EngineError("pdf_damaged", `${label(g)} is damaged: one of its object lists is malformed.`);
  }
  if (!raw.dict.get(PDFName.of("Filter"))) return raw;
  const left = g.structureLimit - g.structureUsed;
  let bytes: Uint8Array;
  try {
    bytes = decodeStream(ctx, raw, { max: left });
  } catch (err) {
    if (err instanceof DecodeLimit) {
      throw refuse(
        g,
        new EngineError(
          "job_too_large",
          `${label(g)}'s internal object lists unpack to more than ${formatMemory(g.structureLimit)}. It may be a decompression bomb.`,
        ),
      );
    }
    if (err instanceof DecodeFailed || err instanceof MalformedFilters) {
      throw new EngineError("pdf_damaged", `${label(g)} is damaged: one of its object lists cannot be unpacked.`);
    }
    throw err;
  }
  g.structureUsed += bytes.length;
  chargeParse(g, bytes.length);
  const plain = PDFDict.withContext(ctx);
  for (const [k, v] of raw.dict.entries()) {
    if (k !== PDFName.of("Filter") && k !== PDFName.of("DecodeParms")) plain.set(k, v);
  }
  return PDFRawStream.of(plain, bytes);
}

/** What pdf-lib's cross-reference stream parser keeps: the trailer entries, merged with earlier ones. */
function mergeTrailer(raw: PDFRawStream): [] {
  const ctx = raw.dict.context;
  ctx.pdfFileDetails.useObjectStreams = true;
  mergeTrailerDict(ctx, raw.dict);
  return [];
}
