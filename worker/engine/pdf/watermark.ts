import { PDFArray, type PDFFont, PDFName, PDFNumber, type PDFPage, PDFStream } from "@cantoo/pdf-lib";
import { isOpacity, MAX_WATERMARK_LENGTH, OPACITY_MESSAGE } from "../../../schema/options";
import { type Budget, yieldToEventLoop } from "../core/budget";
import { EngineError } from "../core/errors";
import { checkPageContents } from "./content-check";
import { guardPdf, loadPdf, savePdf } from "./document";
import { embedTextFont } from "./fonts";
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

type Matrix = [number, number, number, number, number, number];

/** outer after inner, as PDF's cm operator composes them. */
function compose(o: Matrix, i: Matrix): Matrix {
  return [
    o[0] * i[0] + o[2] * i[1],
    o[1] * i[0] + o[3] * i[1],
    o[0] * i[2] + o[2] * i[3],
    o[1] * i[2] + o[3] * i[3],
    o[0] * i[4] + o[2] * i[5] + o[4],
    o[1] * i[4] + o[3] * i[5] + o[5],
  ];
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function readBox(page: PDFPage, key: "MediaBox" | "CropBox"): Box | undefined {
  const arr = page.node.context.lookup(page.node.getInheritableAttribute(PDFName.of(key)));
  if (!(arr instanceof PDFArray) || arr.size() !== 4) return undefined;
  const n = arr.asArray().map((o) => {
    const v = page.node.context.lookup(o);
    return v instanceof PDFNumber ? v.asNumber() : Number.NaN;
  });
  if (!n.every(Number.isFinite)) return undefined;
  return {
    x: Math.min(n[0], n[2]),
    y: Math.min(n[1], n[3]),
    width: Math.abs(n[2] - n[0]),
    height: Math.abs(n[3] - n[1]),
  };
}

/** What a reader shows: the crop box clipped to the media box (Letter when both are unusable). */
export function visibleBox(page: PDFPage): Box {
  const media = readBox(page, "MediaBox") ?? { x: 0, y: 0, width: 612, height: 792 };
  const crop = readBox(page, "CropBox");
  if (!crop) return media;
  const x = Math.max(crop.x, media.x);
  const y = Math.max(crop.y, media.y);
  const width = Math.min(crop.x + crop.width, media.x + media.width) - x;
  const height = Math.min(crop.y + crop.height, media.y + media.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : media;
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
  const { x, y } = box;
  // From the reader's view (origin bottom-left of what is shown) to the page's own space.
  const view: Matrix =
    r === 90
      ? [0, 1, -1, 0, x + box.width, y]
      : r === 180
        ? [-1, 0, 0, -1, x + box.width, y + box.height]
        : r === 270
          ? [0, -1, 1, 0, x, y + box.height]
          : [1, 0, 0, 1, x, y];
  let m = compose(view, [1, 0, 0, 1, w / 2, h / 2]);
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
