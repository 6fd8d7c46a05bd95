import { PDFDict, type PDFDocument, PDFName, PDFRawStream } from "@cantoo/pdf-lib";
import { zlibSync } from "fflate";
import { type Budget, yieldToEventLoop } from "../../core/budget";
import { EngineError } from "../../core/errors";
import { IDENTITY, type Quad, type Rect, rectQuad } from "../content/geometry";
import { FontCache } from "../content/machine";
import { contentRefusal, pageContent } from "../content/streams";
import { formatNumber } from "../content/writer";
import { resolve } from "../objects";
import { dropUnreachable } from "../unreachable";
import { removeAnnotations } from "./annots";
import { releaseForms } from "./extract";
import { type RedactJob, rewriteContent } from "./rewrite";
import { Scope } from "./scope";

export interface RedactArea extends Rect {
  page: number;
}

export interface RedactReport {
  boxes: number;
  pages: number;
  matches: number;
  glyphsRemoved: number;
  imagesPainted: number;
  annotationsRemoved: number;
  /** Places elsewhere in the file (bookmarks, metadata, scripts, attachments...) rewritten or removed. */
  placesCleaned: number;
}

export interface ApplyOptions {
  budget?: Budget;
  name?: string;
  color?: [number, number, number];
  matches?: number;
}

function checkAreas(areas: readonly RedactArea[], pageCount: number): void {
  if (areas.length === 0)
    throw new EngineError(
      "validation_failed",
      "Nothing to redact: mark an area on a page, or search for text that appears in the file.",
    );
  for (const a of areas) {
    if (!Number.isInteger(a.page) || a.page < 1 || a.page > pageCount) {
      throw new EngineError(
        "validation_failed",
        `Page ${a.page} does not exist: this PDF has ${pageCount} page${pageCount === 1 ? "" : "s"}.`,
      );
    }
    const values = [a.x, a.y, a.width, a.height];
    if (!values.every(Number.isFinite) || a.width <= 0 || a.height <= 0) {
      throw new EngineError(
        "validation_failed",
        `A redaction box on page ${a.page} has no size or is not on the page.`,
      );
    }
  }
}

function checkColor(color: readonly number[] | undefined): [number, number, number] {
  if (!color) return [0, 0, 0];
  if (color.length !== 3 || !color.every((c) => Number.isFinite(c) && c >= 0 && c <= 1)) {
    throw new EngineError("validation_failed", "The redaction colour must be three values between 0 and 1.");
  }
  return [color[0], color[1], color[2]];
}

/** The page's own content in q/Q, then the opaque boxes, so nothing the page leaves set can change them. */
function boxesStream(color: readonly number[], rects: readonly Rect[]): string {
  let s = `q\n${color.map(formatNumber).join(" ")} rg\n`;
  for (const r of rects) s += `${[r.x, r.y, r.width, r.height].map(formatNumber).join(" ")} re\n`;
  return `${s}f\nQ\n`;
}

export async function applyRedactions(
  doc: PDFDocument,
  areas: RedactArea[],
  opts: ApplyOptions = {},
): Promise<RedactReport> {
  const ctx = doc.context;
  const pages = doc.getPages();
  checkAreas(areas, pages.length);
  const color = checkColor(opts.color);
  const check = () => opts.budget?.check();
  const job: RedactJob = {
    ctx,
    fonts: new FontCache(ctx, check),
    budget: opts.budget,
    name: opts.name,
    steps: 0,
    forms: new Map(),
    color,
    glyphsRemoved: 0,
    imagesPainted: 0,
    made: new Map(),
  };
  const byPage = new Map<number, RedactArea[]>();
  for (const a of areas) byPage.set(a.page - 1, [...(byPage.get(a.page - 1) ?? []), a]);
  const acroForm = resolve(ctx, doc.catalog.get(PDFName.of("AcroForm")));
  let annotationsRemoved = 0;
  for (const [index, rects] of [...byPage].sort((a, b) => a[0] - b[0])) {
    check();
    const page = pages[index];
    const quads: Quad[] = rects.map(rectQuad);
    const content = pageContent(ctx, page, index, opts.budget, opts.name);
    opts.budget?.take(content.length * 2, `${opts.name ?? "This PDF"}'s page ${index + 1}`);
    try {
      const inherited = resolve(ctx, page.node.getInheritableAttribute(PDFName.of("Resources")));
      const scope = new Scope(ctx, inherited instanceof PDFDict ? inherited : undefined);
      job.made = new Map();
      job.steps = 0;
      const result = rewriteContent(job, content, scope, IDENTITY, quads, 0, new Set());
      scope.prune();
      const text = new TextEncoder();
      const parts = [text.encode("q\n"), result.bytes, text.encode(`Q\n${boxesStream(color, rects)}`)];
      const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        joined.set(p, at);
        at += p.length;
      }
      const stream = PDFRawStream.of(ctx.obj({ Filter: "FlateDecode" }), zlibSync(joined, { level: 6 }));
      page.node.set(PDFName.of("Contents"), ctx.register(stream));
      if (scope.changed && scope.dict) page.node.set(PDFName.of("Resources"), scope.dict);
    } catch (err) {
      throw contentRefusal(err, `page ${index + 1}`, opts.name);
    } finally {
      opts.budget?.give(content.length * 2);
      releaseForms(job);
    }
    annotationsRemoved += removeAnnotations(ctx, acroForm instanceof PDFDict ? acroForm : undefined, page, quads);
    await yieldToEventLoop();
  }
  dropUnreachable(ctx, check);
  return {
    boxes: areas.length,
    pages: byPage.size,
    matches: opts.matches ?? 0,
    glyphsRemoved: job.glyphsRemoved,
    imagesPainted: job.imagesPainted,
    annotationsRemoved,
    placesCleaned: 0,
  };
}
