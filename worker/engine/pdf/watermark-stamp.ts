import {
  beginText,
  concatTransformationMatrix,
  drawObject,
  endText,
  type PDFArray,
  type PDFContext,
  type PDFDict,
  type PDFHexString,
  PDFName,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  setFillingRgbColor,
  setFontAndSize,
  setGraphicsState,
  showText,
} from "@cantoo/pdf-lib";

/** What a page's stamp is drawn with: the layout from watermarkLayout, the font, the opacity. */
export interface Stamp {
  size: number;
  matrix: [number, number, number, number, number, number];
  box: { x: number; y: number; width: number; height: number };
}

const NAME = "PDFToolsWatermark";

/**
 * Stamps pages through one Form XObject per page geometry (documents are mostly pages of one
 * size and turn), drawn by one content stream they all share. A page thus costs a resource
 * entry and an array slot, where a content stream, a font and a graphics-state entry of its
 * own made our watermarked files larger than qpdf's overlay. (pdf-lib already wraps a page's
 * own content in q/Q, with two streams shared by all pages, when it first touches the page.)
 */
export class Stamper {
  private readonly forms = new Map<string, { form: PDFRef; draw: PDFRef }>();

  constructor(
    private readonly context: PDFContext,
    private readonly fontRef: PDFRef,
    private readonly encoded: PDFHexString,
    private readonly gs: PDFRef,
  ) {}

  private formFor(s: Stamp) {
    const key = `${s.size}|${s.matrix.join(",")}|${s.box.x},${s.box.y},${s.box.width},${s.box.height}`;
    let entry = this.forms.get(key);
    if (!entry) {
      const ctx = this.context;
      const form = ctx.register(
        ctx.formXObject(
          [
            setGraphicsState("GS"),
            setFillingRgbColor(0.5, 0.5, 0.5),
            concatTransformationMatrix(...s.matrix),
            beginText(),
            setFontAndSize("F", s.size),
            showText(this.encoded),
            endText(),
          ],
          {
            BBox: [s.box.x, s.box.y, s.box.x + s.box.width, s.box.y + s.box.height],
            Resources: { Font: { F: this.fontRef }, ExtGState: { GS: this.gs } },
          },
        ),
      );
      const draw = ctx.register(ctx.contentStream([pushGraphicsState(), drawObject(NAME), popGraphicsState()]));
      entry = { form, draw };
      this.forms.set(key, entry);
    }
    return entry;
  }

  stamp(page: PDFPage, s: Stamp): void {
    const { form, draw } = this.formFor(s);
    const { XObject, Contents } = page.node.normalizedEntries() as { XObject: PDFDict; Contents?: PDFArray };
    const taken = XObject.get(PDFName.of(NAME));
    if (taken !== undefined && taken !== form) {
      // The page already uses our name for something else: it gets a stamp of its own.
      const own = page.node.newXObject("Wm", form);
      page.pushOperators(pushGraphicsState(), drawObject(own), popGraphicsState());
      return;
    }
    XObject.set(PDFName.of(NAME), form);
    if (Contents) Contents.push(draw);
    else page.node.set(PDFName.of("Contents"), this.context.obj([draw]));
  }
}
