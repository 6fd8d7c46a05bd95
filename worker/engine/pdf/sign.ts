import {
  concatTransformationMatrix,
  drawObject,
  type PDFDocument,
  type PDFFont,
  type PDFOperator,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
} from "@cantoo/pdf-lib";
import type { Placement } from "../../../schema/form-options";
import { type Budget, yieldToEventLoop } from "../core/budget";
import { EngineError } from "../core/errors";
import { checkPageContents } from "./content-check";
import { guardPdf, loadPdf, savePdf } from "./document";
import { embedImage, type ImageInput, imagePlacement } from "./embed/images-to-pdf";
import { flattenDocument } from "./flatten";
import { embedTextFont, fontForText } from "./fonts";
import { dropInvalidContents } from "./page-contents";
import { compose, type Matrix } from "./page-geometry";
import { pageView } from "./page-places";

/**
 * Sign PDF: an image of the person's signature (drawn, typed or scanned) placed where they put
 * it, turned as they turned it, with their name and the date on a line under it. It is an
 * electronic signature as an image, not a certificate signature. The whole document is then
 * flattened (form fields and annotations into the pages), so what was signed cannot be changed
 * by editing a field afterwards.
 */

export interface SignOptions {
  signature: ImageInput;
  placements: readonly Placement[];
  signerName?: string;
  date?: string;
  name?: string;
  password?: string;
  budget?: Budget;
}

const INK = rgb(0.1, 0.1, 0.15);
const LINE = rgb(0.45, 0.45, 0.5);

/** The font for the name and date: Helvetica for Latin text, DejaVu Sans (embedded) for other scripts. */
async function captionFont(doc: PDFDocument, text: string): Promise<PDFFont> {
  const words = { subject: "The name or date under the signature", use: "the name or date under a signature" };
  return (await fontForText(text, words)) === "Helvetica-Bold"
    ? doc.embedFont(StandardFonts.Helvetica)
    : embedTextFont(doc, text, words);
}

export async function signPdf(bytes: Uint8Array, opts: SignOptions) {
  const label = opts.name ?? "This PDF";
  const doc = await loadPdf(bytes, { name: opts.name, password: opts.password, budget: opts.budget });
  await checkPageContents(doc, { name: opts.name, budget: opts.budget });
  const pages = doc.getPages();
  for (const p of opts.placements) {
    if (p.page > pages.length) {
      throw new EngineError(
        "validation_failed",
        `Page ${p.page} does not exist: ${label} has ${pages.length} page${pages.length === 1 ? "" : "s"}.`,
      );
    }
  }
  const caption = [opts.signerName, opts.date].filter((t): t is string => !!t && t.trim() !== "");
  await guardPdf(opts.name, async () => {
    // The form is flattened first, so the signature lies above the fields' values, as it was placed.
    await flattenDocument(doc, { forms: true, annotations: true }, { budget: opts.budget, name: opts.name });
    const placed = await embedImage(doc, opts.signature, opts.budget);
    const natural = imagePlacement(placed);
    const font = caption.length > 0 ? await captionFont(doc, caption.join(" ")) : undefined;
    for (const [i, p] of opts.placements.entries()) {
      const page = pages[p.page - 1];
      dropInvalidContents(page);
      const view = pageView(page);
      const w = p.width * view.width;
      const h = p.height * view.height;
      const cx = (p.x + p.width / 2) * view.width;
      const cy = (1 - p.y - p.height / 2) * view.height;
      const turn = (-p.rotation * Math.PI) / 180;
      let m = compose(view.matrix, [1, 0, 0, 1, cx, cy]);
      m = compose(m, [Math.cos(turn), Math.sin(turn), -Math.sin(turn), Math.cos(turn), 0, 0]);
      m = compose(m, [w / natural.pageWidth, 0, 0, h / natural.pageHeight, -w / 2, -h / 2]);
      m = compose(m, [...natural.matrix] as Matrix);
      const name = page.node.newXObject("Sig", placed.ref);
      const ops: PDFOperator[] = [
        pushGraphicsState(),
        concatTransformationMatrix(...m),
        drawObject(name),
        popGraphicsState(),
      ];
      page.pushOperators(...ops);
      if (font)
        drawCaption(page, view.matrix, font, caption, { left: cx - w / 2, bottom: cy - h / 2, width: w, height: h });
      if (i % 100 === 99) {
        opts.budget?.check();
        await yieldToEventLoop();
      }
    }
  });
  opts.budget?.check();
  return { bytes: await savePdf(doc, { budget: opts.budget }), placements: opts.placements.length };
}

/** A line under the signature's box, with the name and the date under it, upright as the page is shown. */
function drawCaption(
  page: ReturnType<PDFDocument["getPages"]>[number],
  viewMatrix: Matrix,
  font: PDFFont,
  lines: string[],
  box: { left: number; bottom: number; width: number; height: number },
): void {
  const size = Math.min(11, Math.max(6, box.height * 0.16));
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...viewMatrix));
  const lineY = box.bottom - 1;
  page.drawLine({
    start: { x: box.left, y: lineY },
    end: { x: box.left + Math.max(box.width, 40), y: lineY },
    thickness: 0.6,
    color: LINE,
  });
  lines.forEach((text, i) => {
    page.drawText(text, { x: box.left, y: lineY - (i + 1) * size * 1.25, size, font, color: INK });
  });
  page.pushOperators(popGraphicsState());
}
