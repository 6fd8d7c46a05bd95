import {
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  PDFRef,
  PDFString,
} from "@cantoo/pdf-lib";

/**
 * Destinations (where a bookmark or a link goes) of a source document, made independent of
 * the source so they survive copying pages into another document: an explicit destination
 * becomes a page index plus the view parameters (/XYZ left top zoom, /Fit ...).
 */
export interface PageTarget {
  pageIndex: number;
  view: PDFObject[];
}

const MAX_NAMES = 100_000;
const N = {
  A: PDFName.of("A"),
  Annots: PDFName.of("Annots"),
  D: PDFName.of("D"),
  Dest: PDFName.of("Dest"),
  Dests: PDFName.of("Dests"),
  Kids: PDFName.of("Kids"),
  Names: PDFName.of("Names"),
  P: PDFName.of("P"),
  S: PDFName.of("S"),
  Subtype: PDFName.of("Subtype"),
};

export function isText(o: PDFObject | undefined): o is PDFString | PDFHexString {
  return o instanceof PDFString || o instanceof PDFHexString;
}

/** Resolves any form of destination in `src` (name, string, array, dict, GoTo action) to a page target. */
export class DestinationResolver {
  private named: Map<string, PDFObject> | undefined;
  private readonly pageIndex = new Map<PDFRef, number>();

  constructor(private readonly src: PDFDocument) {
    src.getPages().forEach((p, i) => {
      this.pageIndex.set(p.ref, i);
    });
  }

  /** The target of an outline item or link annotation: its /Dest, else its GoTo action's /D. */
  targetOf(item: PDFDict): PageTarget | undefined {
    let dest = item.get(N.Dest);
    if (dest === undefined) {
      const action = this.lookup(item.get(N.A));
      if (action instanceof PDFDict && this.lookup(action.get(N.S)) === PDFName.of("GoTo")) dest = action.get(N.D);
    }
    return this.resolve(dest);
  }

  resolve(dest: PDFObject | undefined): PageTarget | undefined {
    let d = this.lookup(dest);
    if (d instanceof PDFName || isText(d)) d = this.lookup(this.namedDestination(d));
    if (d instanceof PDFDict) d = this.lookup(d.get(N.D));
    if (!(d instanceof PDFArray) || d.size() === 0) return undefined;
    const first = d.get(0);
    const pageIndex =
      first instanceof PDFRef ? this.pageIndex.get(first) : first instanceof PDFNumber ? first.asNumber() : undefined;
    if (pageIndex === undefined || !Number.isInteger(pageIndex) || pageIndex < 0) return undefined;
    const view = d
      .asArray()
      .slice(1, 6)
      .map((o) => {
        const v = this.lookup(o);
        return v instanceof PDFName || v instanceof PDFNumber ? v : PDFNull;
      });
    return { pageIndex, view };
  }

  private lookup(o: PDFObject | undefined): PDFObject | undefined {
    return o instanceof PDFRef ? this.src.context.lookup(o) : o;
  }

  private namedDestination(name: PDFName | PDFString | PDFHexString): PDFObject | undefined {
    const key = name.decodeText();
    if (name instanceof PDFName) {
      const old = this.lookup(this.src.catalog.get(N.Dests));
      if (old instanceof PDFDict && old.has(name)) return old.get(name);
    }
    return this.nameTree().get(key);
  }

  /** The /Names /Dests name tree, read once, iteratively and bounded (trees can loop). */
  private nameTree(): Map<string, PDFObject> {
    if (this.named) return this.named;
    this.named = new Map();
    const names = this.lookup(this.src.catalog.get(N.Names));
    const root = names instanceof PDFDict ? this.lookup(names.get(N.Dests)) : undefined;
    const seen = new Set<PDFObject>();
    const stack = root instanceof PDFDict ? [root] : [];
    while (stack.length > 0 && this.named.size < MAX_NAMES) {
      const node = stack.pop() as PDFDict;
      if (seen.has(node)) continue;
      seen.add(node);
      const pairs = this.lookup(node.get(N.Names));
      if (pairs instanceof PDFArray) {
        for (let i = 0; i + 1 < pairs.size(); i += 2) {
          const k = this.lookup(pairs.get(i));
          if (isText(k)) this.named.set(k.decodeText(), pairs.get(i + 1));
        }
      }
      const kids = this.lookup(node.get(N.Kids));
      if (kids instanceof PDFArray) {
        for (const kid of kids.asArray()) {
          const k = this.lookup(kid);
          if (k instanceof PDFDict) stack.push(k);
        }
      }
    }
    return this.named;
  }
}

/** An explicit destination array in `ctx` for a page of the new document. */
export function destinationArray(ctx: PDFContext, page: PDFRef, view: PDFObject[]): PDFArray {
  const arr = ctx.obj([page]);
  for (const v of view.length > 0 ? view : [PDFName.of("Fit")]) arr.push(v === PDFNull ? PDFNull : v.clone());
  return arr;
}

function annotsOf(ctx: PDFContext, page: PDFPage): PDFDict[] {
  const annots = page.node.get(N.Annots);
  const arr = annots instanceof PDFRef ? ctx.lookup(annots) : annots;
  if (!(arr instanceof PDFArray)) return [];
  return arr.asArray().flatMap((a) => {
    const d = a instanceof PDFRef ? ctx.lookup(a) : a;
    return d instanceof PDFDict ? [d] : [];
  });
}

/**
 * Before pages are copied out of `src`: internal links name their target page by index
 * instead of by reference. A reference would make pdf-lib copy the target page as an orphan
 * object (and the link would go nowhere); /P back-references are dropped for the same reason.
 */
export function detachLinkTargets(src: PDFDocument, resolver: DestinationResolver): void {
  const ctx = src.context;
  for (const page of src.getPages()) {
    for (const annot of annotsOf(ctx, page)) {
      annot.delete(N.P);
      if (ctx.lookup(annot.get(N.Subtype)) !== PDFName.of("Link")) continue;
      const action = ctx.lookup(annot.get(N.A));
      const isGoTo = action instanceof PDFDict && ctx.lookup(action.get(N.S)) === PDFName.of("GoTo");
      if (annot.get(N.Dest) === undefined && !isGoTo) continue;
      const target = resolver.targetOf(annot);
      annot.delete(N.Dest);
      if (isGoTo) annot.delete(N.A);
      if (target) annot.set(N.Dest, ctx.obj([PDFNumber.of(target.pageIndex), ...target.view]));
    }
  }
}

/** After copying: points the copied links at the new pages, or drops links whose page was left out. */
export function reattachLinkTargets(pages: PDFPage[], pageFor: (sourceIndex: number) => PDFRef | undefined): void {
  for (const page of pages) {
    const ctx = page.doc.context;
    for (const annot of annotsOf(ctx, page)) {
      const dest = annot.get(N.Dest);
      if (!(dest instanceof PDFArray) || !(dest.get(0) instanceof PDFNumber)) continue;
      const ref = pageFor((dest.get(0) as PDFNumber).asNumber());
      if (ref) dest.set(0, ref);
      else annot.delete(N.Dest);
    }
  }
}
