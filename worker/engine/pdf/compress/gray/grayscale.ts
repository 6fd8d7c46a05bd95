import { type PDFDocument, PDFName, type PDFRawStream } from "@cantoo/pdf-lib";
import { mozjpegEncoder } from "../../../codecs/mozjpeg";
import { type Budget, formatMemory, yieldToEventLoop } from "../../../core/budget";
import { DecodeFailed, DecodeLimit } from "../../../core/decode";
import { EngineError, isEngineError } from "../../../core/errors";
import type { MozjpegEncoder } from "../../../image/jpeg/encode";
import { OperationTooLarge } from "../../content/lexer";
import { programPieces, streamPieces } from "../../content/pieces";
import { MalformedFilters } from "../../filters";
import { type ContentUnit, ContentWalk } from "../content-walk";
import { deflate } from "../streams";
import { grayAnnotation, grayFormFields, grayOutlines } from "./annotations";
import { SpaceReader } from "./colour";
import { type ColourState, type GrayContentJob, type GrayResult, grayContent, startState } from "./content";
import { grayImage, type ImageOutcome } from "./image";
import { grayInlineImage } from "./inline";
import { grayShading } from "./shading";

/**
 * The whole document in grey: content streams (pages, forms, patterns, Type 3 glyphs, soft
 * masks, annotation appearances), images, shadings, and the colours annotations, form fields and
 * bookmarks carry. Text is never touched: only colour operators and inline images are rewritten
 * in content, so text extraction reads the same words. Nothing is rasterised.
 */

export interface GrayscaleReport {
  /** Images made grey. */
  images: number;
  /** Images left in colour: JPEG 2000 (not decodable here), over the size limit, or unreadable. */
  keptJpx: number;
  keptLarge: number;
  keptOther: number;
  /** Content streams rewritten. */
  streams: number;
  /** Content streams left as they were: damaged past reading (their colours stay). */
  keptContent: number;
  /** Shadings made grey, and left in colour (a function or mesh this converter cannot read). */
  shadings: number;
  keptShadings: number;
}

export async function grayscaleDocument(
  doc: PDFDocument,
  opts: { budget?: Budget; name?: string } = {},
): Promise<GrayscaleReport> {
  const ctx = doc.context;
  const budget = opts.budget;
  const spaces = new SpaceReader(ctx);
  const report: GrayscaleReport = {
    images: 0,
    keptJpx: 0,
    keptLarge: 0,
    keptOther: 0,
    streams: 0,
    shadings: 0,
    keptShadings: 0,
    keptContent: 0,
  };
  let encoder: Promise<MozjpegEncoder> | null = null;
  const imageJob = {
    ctx,
    spaces,
    budget,
    name: opts.name,
    encoder: () => {
      encoder ??= mozjpegEncoder();
      return encoder;
    },
  };
  const contentJob: GrayContentJob = {
    ctx,
    spaces,
    budget,
    inlineImage: (op, content, resources) => grayInlineImage(ctx, spaces, op, content, resources),
    tick: () => budget?.check(),
  };
  const done = new Set<PDFRawStream>();
  const count: Record<ImageOutcome, (r: GrayscaleReport) => void> = {
    converted: (r) => r.images++,
    gray: () => {},
    jpx: (r) => r.keptJpx++,
    "too-large": (r) => r.keptLarge++,
    unsupported: (r) => r.keptOther++,
  };
  await ContentWalk.run(doc, {
    unit: async (u) => {
      await grayUnit(contentJob, u, done, report, opts.name, budget);
    },
    image: async (s) => {
      count[await grayImage(imageJob, s)](report);
      budget?.check();
      await yieldToEventLoop();
    },
    shading: (o) => {
      const outcome = grayShading(ctx, spaces, o);
      if (outcome === "converted") report.shadings++;
      else if (outcome === "unsupported") report.keptShadings++;
    },
    annotation: (a) => grayAnnotation(ctx, contentJob, a),
    tick: () => budget?.check(),
  });
  grayFormFields(ctx, contentJob, doc);
  grayOutlines(ctx, doc);
  return report;
}

/** What deflating a stream costs besides its output (fflate's level-9 tables and window). */
const DEFLATE_TABLES = 1024 * 1024;

/** One content program in grey: each stream rewritten in place, or joined into one when an operation spans two. */
async function grayUnit(
  job: GrayContentJob,
  u: ContentUnit,
  done: Set<PDFRawStream>,
  report: GrayscaleReport,
  name: string | undefined,
  budget: Budget | undefined,
): Promise<void> {
  const ctx = job.ctx;
  const where = u.kind === "page" ? "a page" : `a ${u.kind}`;
  const pieces = { budget, what: "A page's content" };
  // Each stream is read as it is decoded; a bomb is refused as every content reader refuses it.
  const gray = (source: () => Iterable<Uint8Array>, state: ColourState) => {
    try {
      return grayContent(job, source, u.resources, state);
    } catch (err) {
      throw contentError(err, where, name);
    }
  };
  if (u.unreadable) report.keptContent++;
  let state: ColourState = startState();
  const results: { stream: PDFRawStream; bytes: Uint8Array | null; images: number }[] = [];
  let held = 0;
  let split = false;
  let unreadable = false;
  try {
    for (const [i, s] of u.streams.entries()) {
      if (done.has(s)) {
        // Shared with a page already converted (its colours are grey now): what follows is read by count.
        state = startState();
        continue;
      }
      try {
        const r = gray(() => streamPieces(ctx, s, pieces), state);
        state = r.state;
        if (r.bytes) {
          // The converted streams are written once all are read (they may have to be joined).
          budget?.take(r.bytes.length, "A page's content in grey");
          held += r.bytes.length;
        }
        results.push({ stream: s, bytes: r.bytes, images: r.images });
        if (r.trailing && i < u.streams.length - 1) split = true;
      } catch (err) {
        // A stream no reader can read stays as it is; what follows is read by count.
        if (!(isEngineError(err) && err.code === "pdf_damaged")) throw err;
        report.keptContent++;
        unreadable = true;
        state = startState();
      }
    }
    if (split) {
      for (const s of u.streams) done.add(s);
      budget?.give(held);
      held = 0;
      // An operation's operands in one stream and its operator in the next: converted as one program.
      if (!u.page || unreadable) return;
      let r: GrayResult;
      try {
        r = gray(() => programPieces(ctx, u.streams, pieces), startState());
      } catch (err) {
        // A stream shared with a page already converted, unreadable after all: the content stays.
        if (isEngineError(err) && err.code === "pdf_damaged") return;
        throw err;
      }
      if (r.bytes) {
        const ref = ctx.register(ctx.stream(await packed(r.bytes, budget), { Filter: "FlateDecode" } as never));
        u.page.node.set(PDFName.of("Contents"), ref);
        report.streams++;
        report.images += r.images;
      }
      return;
    }
    for (const { stream, bytes, images } of results) {
      done.add(stream);
      if (!bytes) continue;
      stream.dict.set(PDFName.of("Filter"), PDFName.of("FlateDecode"));
      stream.dict.delete(PDFName.of("DecodeParms"));
      stream.updateContents(await packed(bytes, budget));
      report.streams++;
      report.images += images;
    }
  } finally {
    budget?.give(held);
  }
  budget?.check();
  await yieldToEventLoop();
}

/** `bytes` deflated, the output and the deflater's tables charged while it runs. */
async function packed(bytes: Uint8Array, budget: Budget | undefined): Promise<Uint8Array> {
  return budget
    ? budget.holding(bytes.length + DEFLATE_TABLES, "A page's content in grey", () => deflate(bytes))
    : deflate(bytes);
}

/** A content reader's error as the job's: past the limit is a bomb (413), damage is pdf_damaged. */
function contentError(err: unknown, where: string, name: string | undefined): unknown {
  const label = name ?? "This PDF";
  if (err instanceof DecodeLimit) {
    return new EngineError(
      "job_too_large",
      `${label} has content (${where}) that unpacks to more than ${formatMemory(err.limit)}. It may be a decompression bomb.`,
    );
  }
  // An operation too long to read: the stream stays as it is, as a damaged one does.
  if (err instanceof DecodeFailed || err instanceof MalformedFilters || err instanceof OperationTooLarge) {
    return new EngineError("pdf_damaged", `${label} is damaged: the content of ${where} cannot be read.`);
  }
  return err;
}
