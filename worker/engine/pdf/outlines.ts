import {
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRef,
} from "@cantoo/pdf-lib";
import { type DestinationResolver, destinationArray, isText } from "./links";

/** One bookmark, detached from its source document (pdf-lib does not copy /Outlines). */
export interface OutlineNode {
  title: PDFObject;
  /** Built in the destination document; absent when the page was not kept. */
  dest?: PDFArray;
  uri?: PDFObject;
  color?: PDFObject;
  flags?: PDFObject;
  open: boolean;
  children: OutlineNode[];
}

// Outline trees can loop (qpdf's outlines-with-loop.pdf) or be absurdly deep.
const MAX_ITEMS = 10_000;
const MAX_DEPTH = 32;
const N = {
  C: PDFName.of("C"),
  Count: PDFName.of("Count"),
  F: PDFName.of("F"),
  First: PDFName.of("First"),
  Last: PDFName.of("Last"),
  Next: PDFName.of("Next"),
  Outlines: PDFName.of("Outlines"),
  Parent: PDFName.of("Parent"),
  Prev: PDFName.of("Prev"),
  Title: PDFName.of("Title"),
  A: PDFName.of("A"),
  S: PDFName.of("S"),
  URI: PDFName.of("URI"),
};

/**
 * Reads `src`'s bookmarks, pointing each at `pageFor(sourcePageIndex)` in the new document.
 * Bookmarks to pages that were left out keep their place only if they have children.
 */
export function readOutline(
  src: PDFDocument,
  dest: PDFDocument,
  resolver: DestinationResolver,
  pageFor: (sourceIndex: number) => PDFRef | undefined,
): OutlineNode[] {
  const ctx = src.context;
  const lookup = (o: PDFObject | undefined) => (o instanceof PDFRef ? ctx.lookup(o) : o);
  const root = lookup(src.catalog.get(N.Outlines));
  if (!(root instanceof PDFDict)) return [];
  const seen = new Set<PDFDict>();

  const readLevel = (first: PDFObject | undefined, depth: number): OutlineNode[] => {
    const nodes: OutlineNode[] = [];
    for (let item = lookup(first); item instanceof PDFDict; item = lookup(item.get(N.Next))) {
      if (seen.has(item) || seen.size >= MAX_ITEMS) break;
      seen.add(item);
      const title = lookup(item.get(N.Title));
      const count = lookup(item.get(N.Count));
      const node: OutlineNode = {
        title: isText(title) ? title.clone() : PDFHexString.fromText(""),
        open: count instanceof PDFNumber && count.asNumber() > 0,
        children: depth < MAX_DEPTH ? readLevel(item.get(N.First), depth + 1) : [],
      };
      const target = resolver.targetOf(item);
      const page = target && pageFor(target.pageIndex);
      if (target && page) node.dest = destinationArray(dest.context, page, target.view);
      const action = lookup(item.get(N.A));
      if (action instanceof PDFDict && lookup(action.get(N.S)) === N.URI) {
        const uri = lookup(action.get(N.URI));
        if (isText(uri)) node.uri = uri.clone();
      }
      const color = lookup(item.get(N.C));
      if (color instanceof PDFArray && color.size() === 3) node.color = color.clone(dest.context);
      const flags = lookup(item.get(N.F));
      if (flags instanceof PDFNumber) node.flags = flags.clone();
      if (node.dest || node.uri || node.children.length > 0 || !target) nodes.push(node);
    }
    return nodes;
  };
  return readLevel(root.get(N.First), 0);
}

/** Writes the bookmarks as the document's /Outlines (replacing any). */
export function writeOutline(doc: PDFDocument, nodes: OutlineNode[]): void {
  if (nodes.length === 0) return;
  const ctx = doc.context;
  const rootRef = ctx.nextRef();
  const level = writeLevel(ctx, nodes, rootRef);
  ctx.assign(
    rootRef,
    ctx.obj({ Type: "Outlines", First: level.first, Last: level.last, Count: PDFNumber.of(level.visible) }),
  );
  doc.catalog.set(N.Outlines, rootRef);
}

/** Writes one sibling list; `visible` is how many items show when the parent is open. */
function writeLevel(ctx: PDFContext, nodes: OutlineNode[], parent: PDFRef) {
  const refs = nodes.map(() => ctx.nextRef());
  let visible = 0;
  nodes.forEach((node, i) => {
    const item = ctx.obj({ Title: node.title, Parent: parent });
    if (i > 0) item.set(N.Prev, refs[i - 1]);
    if (i < nodes.length - 1) item.set(N.Next, refs[i + 1]);
    if (node.children.length > 0) {
      const sub = writeLevel(ctx, node.children, refs[i]);
      item.set(N.First, sub.first);
      item.set(N.Last, sub.last);
      item.set(N.Count, PDFNumber.of(node.open ? sub.visible : -sub.visible));
      if (node.open) visible += sub.visible;
    }
    if (node.dest) item.set(PDFName.of("Dest"), node.dest);
    else if (node.uri) item.set(N.A, ctx.obj({ S: "URI", URI: node.uri }));
    if (node.color) item.set(N.C, node.color);
    if (node.flags) item.set(N.F, node.flags);
    ctx.assign(refs[i], item);
    visible += 1;
  });
  return { first: refs[0], last: refs[refs.length - 1], visible };
}
