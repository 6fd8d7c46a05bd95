import {
  drawObject,
  type PDFArray,
  type PDFContext,
  type PDFDict,
  PDFName,
  type PDFOperator,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
} from "@cantoo/pdf-lib";

/** The resource dictionary a form names, as pdf-lib's context builds it from literals. */
type Resources = NonNullable<Parameters<PDFContext["formXObject"]>[1]>;

/** What one page geometry's stamp is: its drawing, the resources it names, the box it covers. */
export interface StampForm {
  operators: PDFOperator[];
  resources: Resources[string];
  box: { x: number; y: number; width: number; height: number };
}

const NAME = "PDFToolsWatermark";

/**
 * Stamps pages through one Form XObject per page geometry (documents are mostly pages of one
 * size and turn), drawn by one content stream they all share. A page thus costs a resource
 * entry and an array slot, where a content stream, a font and a graphics-state entry of its
 * own made our watermarked files larger than qpdf's overlay. (pdf-lib already wraps a page's
 * own content in q/Q, with two streams shared by all pages, when it first touches the page.)
 * `key` names a geometry; `build` makes its form the first time it is needed.
 */
export class Stamper<S> {
  private readonly forms = new Map<string, { form: PDFRef; draw: PDFRef }>();

  constructor(
    private readonly context: PDFContext,
    private readonly key: (s: S) => string,
    private readonly build: (s: S) => StampForm,
  ) {}

  private formFor(s: S) {
    const key = this.key(s);
    let entry = this.forms.get(key);
    if (!entry) {
      const ctx = this.context;
      const { operators, resources, box } = this.build(s);
      const form = ctx.register(
        ctx.formXObject(operators, {
          BBox: [box.x, box.y, box.x + box.width, box.y + box.height],
          Resources: resources,
        }),
      );
      const draw = ctx.register(ctx.contentStream([pushGraphicsState(), drawObject(NAME), popGraphicsState()]));
      entry = { form, draw };
      this.forms.set(key, entry);
    }
    return entry;
  }

  stamp(page: PDFPage, s: S): void {
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
