import {
  beginText,
  concatTransformationMatrix,
  drawObject,
  endText,
  type PDFDocument,
  type PDFFont,
  type PDFOperator,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  setFillingRgbColor,
  setFontAndSize,
  setGraphicsState,
  showText,
} from "@cantoo/pdf-lib";
import { isOpacity, MAX_WATERMARK_LENGTH, OPACITY_MESSAGE } from "../../../schema/options";
import { type LogoChoice, logoLayout } from "../../../schema/watermark-layout";
import { type Budget, yieldToEventLoop } from "../core/budget";
import { EngineError } from "../core/errors";
import { checkPageContents } from "./content-check";
import { guardPdf, loadPdf, savePdf } from "./document";
import { embedImage, type ImageInput, imagePlacement } from "./embed/images-to-pdf";
import { embedTextFont } from "./fonts";
import { dropInvalidContents } from "./page-contents";
import { type Box, compose, type Matrix, readerView, visibleBox } from "./page-geometry";
import { Stamper } from "./watermark-stamp";

export interface WatermarkOptions {
  /** The text drawn across each page; ignored when there is an image. */
  text: string;
  /** A PNG or JPEG (a logo) drawn instead of the text, where and as `logo` says. */
  image?: ImageInput;
  logo?: LogoChoice;
  /** 0.1 to 1. */
  opacity: number;
  name?: string;
  /** Opens an encrypted input (see loadPdf). */
  password?: string;
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

/** Stamps `text` across every page; the text stays real text (searchable, extractable). */
/** What one page's stamp is drawn from: the page's visible box and its turn. */
interface PageGeometry {
  box: Box;
  turn: number;
}
const geometryKey = ({ box, turn }: PageGeometry) => `${box.x},${box.y},${box.width},${box.height}|${turn}`;

/** The text's stamp: along the diagonal, centred, as the reader sees the page. */
async function textStamper(doc: PDFDocument, text: string, gs: PDFRef): Promise<Stamper<PageGeometry>> {
  const font: PDFFont = await embedTextFont(doc, text);
  const encoded = font.encodeText(text);
  const widthAt1 = font.widthOfTextAtSize(text, 1);
  const capAt1 = font.heightAtSize(1, { descender: false }) * 0.75;
  return new Stamper<PageGeometry>(doc.context, geometryKey, ({ box, turn }) => {
    const { size, matrix } = watermarkLayout(box, turn, widthAt1, capAt1);
    return {
      operators: [
        setGraphicsState("GS"),
        setFillingRgbColor(0.5, 0.5, 0.5),
        concatTransformationMatrix(...matrix),
        beginText(),
        setFontAndSize("F", Number.isFinite(size) && size > 0 ? size : 1),
        showText(encoded),
        endText(),
      ],
      resources: { Font: { F: font.ref }, ExtGState: { GS: gs } },
      box,
    };
  });
}

/** The logo's stamp: one copy, or a tiling, placed by logoLayout as the reader sees the page. */
async function imageStamper(
  doc: PDFDocument,
  image: ImageInput,
  choice: LogoChoice,
  gs: PDFRef,
  budget?: Budget,
): Promise<Stamper<PageGeometry>> {
  const placed = await embedImage(doc, image, budget);
  // The image's natural size, turned as its EXIF orientation says, and the matrix that draws it so.
  const natural = imagePlacement(placed);
  const logo = { width: natural.pageWidth, height: natural.pageHeight };
  const turn = (choice.rotation * Math.PI) / 180;
  const rotation: Matrix = [Math.cos(turn), Math.sin(turn), -Math.sin(turn), Math.cos(turn), 0, 0];
  return new Stamper<PageGeometry>(doc.context, geometryKey, ({ box, turn: pageTurn }) => {
    const view = readerView(box, pageTurn);
    const layout = logoLayout(view, logo, choice);
    const operators: PDFOperator[] = [setGraphicsState("GS")];
    for (const [cx, cy] of layout.centres) {
      let m = compose(view.matrix, [1, 0, 0, 1, cx, cy]);
      m = compose(m, rotation);
      m = compose(m, [
        layout.width / logo.width,
        0,
        0,
        layout.height / logo.height,
        -layout.width / 2,
        -layout.height / 2,
      ]);
      m = compose(m, [...natural.matrix] as Matrix);
      operators.push(pushGraphicsState(), concatTransformationMatrix(...m), drawObject("Im"), popGraphicsState());
    }
    return { operators, resources: { XObject: { Im: placed.ref }, ExtGState: { GS: gs } }, box };
  });
}

/**
 * Stamps the text across every page (it stays real text: searchable, extractable), or the image
 * where `logo` says; each page geometry's stamp is one form shared by its pages.
 */
export async function watermarkPdf(bytes: Uint8Array, opts: WatermarkOptions) {
  if (opts.image) {
    if (!isOpacity(opts.opacity)) throw new EngineError("validation_failed", OPACITY_MESSAGE);
  } else checkWatermarkOptions(opts.text, opts.opacity);
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
  await checkPageContents(doc, { name: opts.name, budget: opts.budget });
  const gs = doc.context.register(doc.context.obj({ Type: "ExtGState", ca: opts.opacity, CA: opts.opacity }));
  const stamper = opts.image
    ? await imageStamper(doc, opts.image, opts.logo ?? DEFAULT_LOGO, gs, opts.budget)
    : await textStamper(doc, opts.text, gs);
  const pages = doc.getPages();
  await guardPdf(opts.name, async () => {
    for (const [i, page] of pages.entries()) {
      const box = visibleBox(page);
      if (!(box.width > 0 && box.height > 0)) continue;
      dropInvalidContents(page);
      stamper.stamp(page, { box, turn: page.getRotation().angle });
      if (i % 200 === 199) {
        opts.budget?.check();
        await yieldToEventLoop();
      }
    }
  });
  opts.budget?.check();
  return { bytes: await savePdf(doc, { budget: opts.budget }), pageCount: pages.length };
}

const DEFAULT_LOGO: LogoChoice = { position: "center", scale: 40, rotation: 0 };
