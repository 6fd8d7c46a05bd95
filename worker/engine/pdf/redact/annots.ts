import { PDFArray, type PDFContext, PDFDict, PDFName, type PDFObject, type PDFPage, PDFRef } from "@cantoo/pdf-lib";
import { meetsAny, type Quad } from "../content/geometry";
import { get, getName, numbers, resolve } from "../objects";

/**
 * Annotations whose rectangle meets a redaction area leave the page (with their pop-ups); a
 * widget also leaves the form: its field goes when none of its widgets is left.
 */
export function removeAnnotations(
  ctx: PDFContext,
  acroForm: PDFDict | undefined,
  page: PDFPage,
  areas: readonly Quad[],
) {
  const annots = get(ctx, page.node, "Annots");
  if (!(annots instanceof PDFArray)) return 0;
  const items = annots.asArray();
  const gone = new Set<PDFObject>();
  const emptied: PDFDict[] = [];
  for (const item of items) {
    const a = resolve(ctx, item);
    if (!(a instanceof PDFDict)) continue;
    const r = numbers(ctx, a.get(PDFName.of("Rect")));
    if (r?.length !== 4 || !r.every(Number.isFinite)) continue;
    const [x0, x1] = [Math.min(r[0], r[2]), Math.max(r[0], r[2])];
    const [y0, y1] = [Math.min(r[1], r[3]), Math.max(r[1], r[3])];
    if (!meetsAny([x0, y0, x1, y0, x1, y1, x0, y1], areas)) continue;
    gone.add(item);
    const popup = a.get(PDFName.of("Popup"));
    if (popup) gone.add(popup);
    if (getName(ctx, a, "Subtype") === "Widget" && item instanceof PDFRef) removeWidget(ctx, acroForm, item, a);
    emptied.push(a);
    const p = resolve(ctx, popup);
    if (p instanceof PDFDict) emptied.push(p);
  }
  // A structure tree may still point at them: what they said goes, only an empty shell stays.
  for (const a of emptied) {
    for (const [key] of a.entries()) if (!KEEP.has(key.decodeText())) a.delete(key);
    a.set(PDFName.of("Rect"), ctx.obj([0, 0, 0, 0]));
    a.set(PDFName.of("F"), ctx.obj(2));
  }
  if (gone.size === 0) return 0;
  const kept = items.filter((item) => !gone.has(item));
  // A new array: the old one may be shared with other pages.
  page.node.set(PDFName.of("Annots"), ctx.obj(kept));
  return items.length - kept.length;
}

/** What an emptied annotation keeps: what it is, and where it sits in the page and field trees. */
const KEEP = new Set(["Type", "Subtype", "P", "Parent", "StructParent"]);

function withoutRef(ctx: PDFContext, holder: PDFDict, key: string, ref: PDFRef): number {
  const arr = get(ctx, holder, key);
  if (!(arr instanceof PDFArray)) return -1;
  const kept = arr.asArray().filter((k) => k !== ref);
  holder.set(PDFName.of(key), ctx.obj(kept));
  return kept.length;
}

function removeWidget(ctx: PDFContext, acroForm: PDFDict | undefined, ref: PDFRef, widget: PDFDict): void {
  let node: PDFRef = ref;
  let dict: PDFDict = widget;
  // Up the field tree: a node left with no kids is removed from its parent in turn.
  for (let depth = 0; depth < 32; depth++) {
    const parentRef = dict.get(PDFName.of("Parent"));
    const parent = resolve(ctx, parentRef);
    if (!(parentRef instanceof PDFRef) || !(parent instanceof PDFDict)) {
      if (acroForm) withoutRef(ctx, acroForm, "Fields", node);
      return;
    }
    if (withoutRef(ctx, parent, "Kids", node) !== 0) return;
    node = parentRef;
    dict = parent;
  }
}
