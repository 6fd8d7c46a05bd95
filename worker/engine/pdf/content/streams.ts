import { PDFArray, type PDFContext, PDFName, type PDFPage, PDFRawStream } from "@cantoo/pdf-lib";
import { type Budget, formatMemory, MiB } from "../../core/budget";
import { DecodeFailed, DecodeLimit } from "../../core/decode";
import { EngineError } from "../../core/errors";
import { decodeStream, MalformedFilters } from "../filters";
import { resolve } from "../objects";
import { OperationTooLarge } from "./lexer";

/** Page and form content, decoded within the job's limits; several streams of a page joined as one program. */

/**
 * The most one page's content stream may unpack to. Counting costs no memory, and compression and
 * N-up never hold content whole (they read it a window at a time, or copy it as stored), but
 * other readers, and redaction, hold it whole.
 */
export const MAX_CONTENT_BYTES = 32 * MiB;

/** The content limit for a job: 32 MB, or less when the job has less memory left (never under 1 MB). */
export function contentLimit(budget: Budget | undefined): number {
  return Math.min(MAX_CONTENT_BYTES, budget ? Math.max(MiB, budget.memoryLeft) : MAX_CONTENT_BYTES);
}

export function pageStreams(ctx: PDFContext, page: PDFPage): PDFRawStream[] {
  const value = resolve(ctx, page.node.get(PDFName.of("Contents")));
  const items = value instanceof PDFArray ? value.asArray() : value ? [value] : [];
  return items.flatMap((item) => {
    const s = resolve(ctx, item);
    return s instanceof PDFRawStream ? [s] : [];
  });
}

/** A content stream's bytes; too large is job_too_large, unreadable is pdf_damaged. */
export function readContent(
  ctx: PDFContext,
  stream: PDFRawStream,
  max: number,
  where: string,
  name: string | undefined,
): Uint8Array {
  try {
    return decodeStream(ctx, stream, { max });
  } catch (err) {
    const label = name ?? "This PDF";
    if (err instanceof DecodeLimit) {
      throw new EngineError(
        "job_too_large",
        `${label} has content (${where}) that unpacks to more than ${formatMemory(max)}. It may be a decompression bomb.`,
      );
    }
    if (err instanceof DecodeFailed || err instanceof MalformedFilters) {
      throw new EngineError("pdf_damaged", `${label} is damaged: the content of ${where} cannot be read.`);
    }
    throw err;
  }
}

/** The page's content streams decoded and joined (a line break between, as readers join them). */
export function pageContent(ctx: PDFContext, page: PDFPage, index: number, budget: Budget | undefined, name?: string) {
  const max = contentLimit(budget);
  const parts: Uint8Array[] = [];
  let total = 0;
  for (const s of pageStreams(ctx, page)) {
    const d = readContent(ctx, s, max - total, `page ${index + 1}`, name);
    parts.push(d);
    total += d.length + 1;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    out[at + p.length] = 10;
    at += p.length + 1;
  }
  return out;
}

/**
 * Content a reader that holds it whole cannot lex (one operation past 1 MB) as the person reads
 * it: `where` ("page 3") of the file cannot be read by this tool.
 */
export function contentRefusal(err: unknown, where: string, name: string | undefined): unknown {
  if (!(err instanceof OperationTooLarge)) return err;
  return new EngineError("pdf_unsupported", `${name ?? "This PDF"} cannot be read here: on ${where}, ${err.message}.`);
}
