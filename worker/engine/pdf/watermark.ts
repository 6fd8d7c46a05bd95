import { PDFArray, type PDFFont, PDFName, type PDFPage, PDFStream } from "@cantoo/pdf-lib";
import { isOpacity, MAX_WATERMARK_LENGTH, OPACITY_MESSAGE } from "../../../schema/options";
import { type Budget, yieldToEventLoop } from "../core/budget";
import { EngineError } from "../core/errors";
import { checkPageContents } from "./content-check";
import { guardPdf, loadPdf, savePdf } from "./document";
import { embedTextFont } from "./fonts";
import { type Box, compose, type Matrix, readerView, visibleBox } from "./page-geometry";
import { Stamper } from "./watermark-stamp";

export interface WatermarkOptions {
  text: string;
  /** 0.1 to 1. */
  opacity: number;
  name?: string;
  budget?: Budget;
}

/** The options schema (schema/options.ts) checks these for the routes; callers of the engine get the same rules. */
export function checkWatermarkOptions(text: string, opacity: number): void {
  if (text.length === 0) throw new EngineError("validation_failed", "Watermark text is required");
  if ([...text].length > MAX_WATERMARK_LENGTH) {
    throw new EngineError("validation_failed", `Watermark text must be at most ${MAX_WATERMARK_LENGTH} characters.`);
  }
  if (!isOpacity(opacity)) throw new EngineError("validation_failed", OPACITY_MESSAGE);
}

/**
 * Where to draw: the text runs along the page's diagonal from bottom-left to top-right and is
 * centred, both as the reader sees the page (after /Rotate), and fills about 80% of it.
 */
export function watermarkLayout(box: Box, rotation: number, widthAt1: number, capAt1: number) {
  const r = (((Math.round(rotation / 90) * 90) % 360) + 360) % 360;
  const sideways = r === 90 || r === 270;
  const w = sideways ? box.height : box.width;
  const h = sideways ? box.width : box.height;
  const angle = Math.atan2(h, w);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const size = Math.min(
    (0.8 * w) / (widthAt1 * cos + capAt1 * sin),
    (0.8 * h) / (widthAt1 * sin + capAt1 * cos),
    Math.min(w, h) / 4 / capAt1,
  );
  let m = compose(readerView(box, r).matrix, [1, 0, 0, 1, w / 2, h / 2]);
  m = compose(m, [cos, sin, -sin, cos, 0, 0]);
  m = compose(m, [1, 0, 0, 1, (-widthAt1 * size) / 2, (-capAt1 * size) / 2]);
  return { size, matrix: m };
}

/** /Contents that is neither a stream nor an array shows nothing in any reader; pdf-lib cannot append to it. */
function dropInvalidContents(page: PDFPage): void {
  const key = PDFName.of("Contents");
  const contents = page.node.context.lookup(page.node.get(key));
  if (contents !== undefined && !(contents instanceof PDFStream) && !(contents instanceof PDFArray)) {
    page.node.delete(key);
  }
}

/** Stamps `text` across every page; the text stays real text (searchable, extractable). */
export async function watermarkPdf(bytes: Uint8Array, opts: WatermarkOptions) {
  checkWatermarkOptions(opts.text, opts.opacity);
  const doc = await loadPdf(bytes, { name: opts.name, budget: opts.budget });
  await checkPageContents(doc, { name: opts.name, budget: opts.budget });
  const font: PDFFont = await embedTextFont(doc, opts.text);
  const pages = doc.getPages();
  await guardPdf(opts.name, async () => {
    const gs = doc.context.register(doc.context.obj({ Type: "ExtGState", ca: opts.opacity, CA: opts.opacity }));
    const stamper = new Stamper(doc.context, font.ref, font.encodeText(opts.text), gs);
    const widthAt1 = font.widthOfTextAtSize(opts.text, 1);
    const capAt1 = font.heightAtSize(1, { descender: false }) * 0.75;
    for (const [i, page] of pages.entries()) {
      const box = visibleBox(page);
      const { size, matrix } = watermarkLayout(box, page.getRotation().angle, widthAt1, capAt1);
      if (!Number.isFinite(size) || size <= 0) continue;
      dropInvalidContents(page);
      stamper.stamp(page, { size, matrix: matrix as Matrix, box });
      if (i % 200 === 199) {
        opts.budget?.check();
        await yieldToEventLoop();
      }
    }
  });
  opts.budget?.check();
  return { bytes: await savePdf(doc, { budget: opts.budget }), pageCount: pages.length };
}
