import {
  PDFArray,
  PDFBool,
  PDFDict,
  type PDFDocument,
  PDFName,
  type PDFObject,
  PDFObjectCopier,
  type PDFPage,
  PDFRef,
} from "@cantoo/pdf-lib";

/**
 * Form fields of copied pages. pdf-lib copies a page's widget annotations and, through their
 * /Parent, the fields they belong to; but a field is only a field while the document's AcroForm
 * lists it. Without that, merged or extracted pages showed their fields but nobody could fill
 * them. Here the fields whose widgets sit on the copied pages are listed in the new document's
 * AcroForm, with the source form's default appearance and resources.
 */

const MAX_PARENT_DEPTH = 64;

function dictOf(doc: PDFDocument, o: PDFObject | undefined): PDFDict | undefined {
  const v = o instanceof PDFRef ? doc.context.lookup(o) : o;
  return v instanceof PDFDict ? v : undefined;
}

/** The top of a widget's field tree, as a reference (what /Fields lists). */
function rootField(doc: PDFDocument, widgetRef: PDFRef): PDFRef | undefined {
  let ref = widgetRef;
  let dict = dictOf(doc, ref);
  for (let depth = 0; dict && depth < MAX_PARENT_DEPTH; depth++) {
    const parent = dict.get(PDFName.of("Parent"));
    if (!(parent instanceof PDFRef)) break;
    const up = dictOf(doc, parent);
    if (!up) break;
    ref = parent;
    dict = up;
  }
  // A widget with no field above it and no name of its own is not a field.
  return dict && (dict.has(PDFName.of("FT")) || dict.has(PDFName.of("T")) || dict.has(PDFName.of("Kids")))
    ? ref
    : undefined;
}

/** The fields of the widgets on `pages` (refs in `out`), listed once each, in page order. */
function fieldsOn(out: PDFDocument, pages: readonly PDFPage[]): PDFRef[] {
  const seen = new Set<string>();
  const roots: PDFRef[] = [];
  for (const page of pages) {
    const annots = page.node.lookup(PDFName.of("Annots"));
    if (!(annots instanceof PDFArray)) continue;
    for (let i = 0; i < annots.size(); i++) {
      const ref = annots.get(i);
      if (!(ref instanceof PDFRef)) continue;
      const annot = dictOf(out, ref);
      if (annot?.get(PDFName.of("Subtype")) !== PDFName.of("Widget")) continue;
      const root = rootField(out, ref);
      if (root && !seen.has(root.toString())) {
        seen.add(root.toString());
        roots.push(root);
      }
    }
  }
  return roots;
}

/**
 * Lists in `out`'s AcroForm the fields of `copied` pages (copied from `src`), and carries the
 * source form's /DA, /DR, /Q and /NeedAppearances over the first time a form is met.
 */
export function carryFormFields(src: PDFDocument, out: PDFDocument, copied: readonly PDFPage[]): number {
  const srcForm = dictOf(src, src.catalog.get(PDFName.of("AcroForm")));
  if (!srcForm) return 0;
  const roots = fieldsOn(out, copied);
  if (roots.length === 0) return 0;
  let form = dictOf(out, out.catalog.get(PDFName.of("AcroForm")));
  if (!form) {
    form = out.context.obj({});
    out.catalog.set(PDFName.of("AcroForm"), out.context.register(form));
  }
  let fields = form.lookup(PDFName.of("Fields"));
  if (!(fields instanceof PDFArray)) {
    fields = out.context.obj([]);
    form.set(PDFName.of("Fields"), fields);
  }
  const listed = new Set<string>();
  const list = fields as PDFArray;
  for (let i = 0; i < list.size(); i++) listed.add(String(list.get(i)));
  for (const root of roots) if (!listed.has(root.toString())) list.push(root);
  for (const key of ["DA", "Q"]) {
    const v = srcForm.get(PDFName.of(key));
    if (v && !form.has(PDFName.of(key))) form.set(PDFName.of(key), v);
  }
  // Default resources (the fonts field appearances use) are objects of the source: copied over.
  const dr = srcForm.get(PDFName.of("DR"));
  if (dr && !form.has(PDFName.of("DR")))
    form.set(PDFName.of("DR"), PDFObjectCopier.for(src.context, out.context).copy(dr));
  if (srcForm.get(PDFName.of("NeedAppearances")) === PDFBool.True)
    form.set(PDFName.of("NeedAppearances"), PDFBool.True);
  return roots.length;
}
