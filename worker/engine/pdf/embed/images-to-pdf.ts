import {
  concatTransformationMatrix,
  drawObject,
  type PDFDocument,
  popGraphicsState,
  pushGraphicsState,
} from "@cantoo/pdf-lib";
import type { Budget } from "../../core/budget";
import { createPdf, savePdf } from "../document";
import { checkPixels, MAX_PIXELS, type PlacedImage } from "./common";
import { jpegXObject, parseJpeg } from "./jpeg";
import { needsDecoding, parsePng, pngXObject } from "./png";
import { type WebpCodecs, webpCodecs, webpXObject } from "./webp";

export interface ImageInput {
  bytes: Uint8Array;
  name: string;
  kind: "jpeg" | "png" | "webp";
}

/** PDF viewers refuse pages larger than 200 inches (Acrobat's limit); smaller than 3 points is unusable. */
const MAX_PAGE_SIDE = 14_400;
const MIN_PAGE_SIDE = 3;

/** A declared resolution we believe: below 50 or above 4800 it is a placeholder or an error. */
function dpi(value: number | undefined): number {
  return value !== undefined && value >= 50 && value <= 4800 ? value : 72;
}

/**
 * Page size and placement of an image: one image pixel is 1/dpi inch (the image's declared
 * resolution, or 72 dpi when it declares none), and EXIF orientation turns or mirrors the
 * image through the placement matrix, so the pixels are never re-encoded.
 */
export function imagePlacement(img: Omit<PlacedImage, "ref">) {
  let w = (img.width * 72) / dpi(img.dpiX);
  let h = (img.height * 72) / dpi(img.dpiY);
  const scale = Math.min(MAX_PAGE_SIDE / Math.max(w, h), Math.max(1, MIN_PAGE_SIDE / Math.min(w, h)));
  w *= scale;
  h *= scale;
  const o = img.orientation;
  const swap = o >= 5;
  const pageW = swap ? h : w;
  const pageH = swap ? w : h;
  // Where a stored point (x right, y down, in points) lands as the viewer sees it (y down).
  const shown = (x: number, y: number): [number, number] =>
    o === 2
      ? [w - x, y]
      : o === 3
        ? [w - x, h - y]
        : o === 4
          ? [x, h - y]
          : o === 5
            ? [y, x]
            : o === 6
              ? [h - y, x]
              : o === 7
                ? [h - y, w - x]
                : o === 8
                  ? [y, w - x]
                  : [x, y];
  // PDF draws an image into the unit square, bottom row at v = 0; page y runs upwards.
  const toPage = (u: number, v: number): [number, number] => {
    const [sx, sy] = shown(u * w, (1 - v) * h);
    return [sx, pageH - sy];
  };
  const [e, f] = toPage(0, 0);
  const [ux, uy] = toPage(1, 0);
  const [vx, vy] = toPage(0, 1);
  return { pageWidth: pageW, pageHeight: pageH, matrix: [ux - e, uy - f, vx - e, vy - f, e, f] as const };
}

/**
 * An image as an XObject of `doc`: a JPEG's own data; a PNG's, or its pixels decoded (within the
 * budget) when it has alpha, interlacing or palette transparency; a WebP's pixels written again
 * (see webp.ts).
 */
export async function embedImage(
  doc: PDFDocument,
  image: ImageInput,
  budget?: Budget,
  codecs?: WebpCodecs,
): Promise<PlacedImage> {
  if (image.kind === "webp") return webpXObject(doc.context, image.bytes, image.name, budget, codecs);
  if (image.kind === "jpeg") {
    const jpeg = parseJpeg(image.bytes, image.name);
    checkPixels(image.name, jpeg.width, jpeg.height, MAX_PIXELS);
    return jpegXObject(doc.context, jpeg);
  }
  const png = parsePng(image.bytes, image.name);
  // A PNG that must be decoded is made into colour and alpha streams (an interlaced one is
  // held whole first); one passed through keeps its own data.
  const working = needsDecoding(png) ? png.width * png.height * 5 + 4 * 1024 * 1024 : 1024 * 1024;
  return budget
    ? budget.holding(working, `${image.name} (${png.width} x ${png.height} pixels)`, () =>
        pngXObject(doc.context, png, budget),
      )
    : pngXObject(doc.context, png);
}

/** How each image's page is laid out: its own size, or A4 or Letter turned as asked, with a margin. */
export interface PageLayout {
  pageSize: "fit" | "a4" | "letter";
  orientation: "auto" | "portrait" | "landscape";
  margin: "none" | "small" | "large";
}

const SHEETS = { a4: [595.28, 841.89], letter: [612, 792] } as const;
/** A quarter and a half inch. */
const MARGIN_POINTS = { none: 0, small: 18, large: 36 } as const;

/**
 * The page for an image of `w` x `h` points and where the image goes on it: a page its own size
 * (plus the margin), or a sheet (portrait or landscape; "auto" follows the image's shape) with the
 * image scaled to fill what is inside the margins, centred.
 */
export function pageFor(w: number, h: number, layout: PageLayout) {
  const m = MARGIN_POINTS[layout.margin];
  if (layout.pageSize === "fit") return { width: w + 2 * m, height: h + 2 * m, x: m, y: m, scale: 1 };
  const [short, long] = SHEETS[layout.pageSize];
  const landscape = layout.orientation === "landscape" || (layout.orientation === "auto" && w > h);
  const [width, height] = landscape ? [long, short] : [short, long];
  const scale = Math.min((width - 2 * m) / w, (height - 2 * m) / h);
  return { width, height, x: (width - w * scale) / 2, y: (height - h * scale) / 2, scale };
}

/** All images of a request become one PDF, one page per image, in the order given. */
export async function imagesToPdf(images: readonly ImageInput[], opts: { budget?: Budget; layout?: PageLayout } = {}) {
  const doc = await createPdf();
  const layout = opts.layout ?? { pageSize: "fit", orientation: "auto", margin: "none" };
  // One set of WebP codecs for the whole request (see webpCodecs).
  const codecs = webpCodecs();
  for (const image of images) {
    const placed = await embedImage(doc, image, opts.budget, codecs);
    const { pageWidth, pageHeight, matrix } = imagePlacement(placed);
    const at = pageFor(pageWidth, pageHeight, layout);
    const page = doc.addPage([at.width, at.height]);
    const name = page.node.newXObject("Im", placed.ref);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(at.scale, 0, 0, at.scale, at.x, at.y),
      concatTransformationMatrix(...matrix),
      drawObject(name),
      popGraphicsState(),
    );
    opts.budget?.check();
  }
  return { bytes: await savePdf(doc, { budget: opts.budget }), pageCount: images.length };
}
