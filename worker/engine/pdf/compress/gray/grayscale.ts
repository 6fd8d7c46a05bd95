import { type PDFDocument, PDFName, type PDFRawStream } from "@cantoo/pdf-lib";
import { mozjpegEncoder } from "../../../codecs/mozjpeg";
import { type Budget, yieldToEventLoop } from "../../../core/budget";
import { isEngineError } from "../../../core/errors";
import type { MozjpegEncoder } from "../../../image/jpeg/encode";
import { contentLimit, readContent } from "../../redact/content";
import { type ContentUnit, ContentWalk } from "../content-walk";
import { deflate } from "../streams";
import { grayAnnotation, grayFormFields, grayOutlines } from "./annotations";
import { SpaceReader } from "./colour";
import { type ColourState, type GrayContentJob, grayContent, startState } from "./content";
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
    inlineImage: (op, content, resources) => {
      const out = grayInlineImage(ctx, spaces, op, content, resources);
      if (out) report.images++;
      return out;
    },
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
  const max = contentLimit(budget);
  if (u.unreadable) report.keptContent++;
  const decoded = u.streams.map((s) => {
    try {
      return readContent(ctx, s, max, where, name);
    } catch (err) {
      // A stream no reader can read stays as it is; a bomb is refused as every content reader refuses it.
      if (isEngineError(err) && err.code === "pdf_damaged") {
        report.keptContent++;
        return null;
      }
      throw err;
    }
  });
  let state: ColourState = startState();
  const results: { stream: PDFRawStream; bytes: Uint8Array | null }[] = [];
  let split = false;
  for (const [i, s] of u.streams.entries()) {
    const content = decoded[i];
    if (done.has(s) || !content) {
      // Shared with a page already converted (its colours are grey now), or unreadable: what follows is read by count.
      state = startState();
      continue;
    }
    try {
      const r = grayContent(job, content, u.resources, state);
      state = r.state;
      results.push({ stream: s, bytes: r.bytes });
      if (r.trailing && i < u.streams.length - 1) split = true;
    } catch (err) {
      if (isEngineError(err) && err.code === "pdf_damaged") {
        report.keptContent++;
        continue;
      }
      throw err;
    }
  }
  if (split) {
    // An operation's operands in one stream and its operator in the next: converted as one program.
    if (u.page && decoded.every((d) => d !== null)) {
      const parts = decoded as Uint8Array[];
      const joined = new Uint8Array(parts.reduce((n, d) => n + d.length + 1, 0));
      let at = 0;
      for (const d of parts) {
        joined.set(d, at);
        joined[at + d.length] = 10;
        at += d.length + 1;
      }
      const r = grayContent(job, joined, u.resources, startState());
      if (r.bytes) {
        const ref = ctx.register(ctx.stream(deflate(r.bytes), { Filter: "FlateDecode" } as never));
        u.page.node.set(PDFName.of("Contents"), ref);
        report.streams++;
      }
    }
    for (const s of u.streams) done.add(s);
    return;
  }
  for (const { stream, bytes } of results) {
    done.add(stream);
    if (!bytes) continue;
    stream.dict.set(PDFName.of("Filter"), PDFName.of("FlateDecode"));
    stream.dict.delete(PDFName.of("DecodeParms"));
    stream.updateContents(deflate(bytes));
    report.streams++;
  }
  budget?.check();
  await yieldToEventLoop();
}
