import { type PDFDocument, PDFName, PDFNumber, PDFPageLeaf, PDFPageTree, type PDFRef } from "@cantoo/pdf-lib";
import { EngineError } from "../core/errors";

/** More pages than any real document we accept; also bounds every per-page loop. */
export const MAX_PAGES = 20_000;
/** PDF's implementation limit on object numbers; qpdf and others refuse files beyond it. */
const MAX_OBJECT_NUMBER = 8_388_607;

const withName = (name: string | undefined, rest: string) => (name ? `${name} ${rest}` : `This PDF ${rest}`);

/** Documents whose page tree had to be corrected on load: handing their bytes back would hand back the damage. */
const repaired = new WeakSet<PDFDocument>();

/** Whether loading `doc` corrected its page tree (wrong counts, a lost tree rebuilt). */
export function pageTreeRepaired(doc: PDFDocument): boolean {
  return repaired.has(doc);
}

/**
 * Checks and repairs the page tree before pdf-lib walks it. pdf-lib recurses without
 * yielding: a tree whose nodes repeat (a loop, or a small tree fanned out into billions of
 * pages) would hang the isolate, so it is walked here first, iteratively. Wrong /Count
 * values (a one-page file claiming 9,999,999,999) are corrected, since saved files keep
 * them; a catalog whose page tree is lost gets one rebuilt from the page objects, as
 * PDF readers do.
 */
export function repairPageTree(doc: PDFDocument, name?: string): void {
  if (doc.context.largestObjectNumber > MAX_OBJECT_NUMBER) {
    throw new EngineError("pdf_damaged", withName(name, "is damaged: its object numbers are out of range."));
  }
  const root = doc.context.lookup(doc.catalog.get(PDFName.of("Pages")));
  if (!(root instanceof PDFPageTree)) {
    rebuildPageTree(doc, name);
    repaired.add(doc);
    return;
  }
  // Pre-order: every node before its children, so the reverse visits children first.
  const order: PDFPageTree[] = [root];
  const seen = new Set<PDFPageTree>(order);
  let pages = 0;
  for (let i = 0; i < order.length; i++) {
    const kids = order[i].Kids();
    for (let k = 0; k < kids.size(); k++) {
      const kid = doc.context.lookup(kids.get(k));
      if (kid instanceof PDFPageTree) {
        if (seen.has(kid))
          throw new EngineError("pdf_damaged", withName(name, "has a page list that loops back on itself."));
        seen.add(kid);
        order.push(kid);
      } else if (kid instanceof PDFPageLeaf && ++pages > MAX_PAGES) {
        throw tooManyPages(name);
      }
    }
  }
  const counts = new Map<PDFPageTree, number>();
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i];
    let count = 0;
    const kids = node.Kids();
    for (let k = 0; k < kids.size(); k++) {
      const kid = doc.context.lookup(kids.get(k));
      if (kid instanceof PDFPageLeaf) count++;
      else if (kid instanceof PDFPageTree) count += counts.get(kid) ?? 0;
    }
    counts.set(node, count);
    const declared = node.get(PDFName.of("Count"));
    if (!(declared instanceof PDFNumber) || declared.asNumber() !== count) {
      node.set(PDFName.of("Count"), PDFNumber.of(count));
      repaired.add(doc);
    }
  }
}

function tooManyPages(name?: string): EngineError {
  return new EngineError("job_too_large", withName(name, `has more than ${MAX_PAGES.toLocaleString("en-US")} pages.`));
}

/** A flat page tree of every page object in the file, in object-number order. */
function rebuildPageTree(doc: PDFDocument, name?: string): void {
  const leaves = doc.context
    .enumerateIndirectObjects()
    .filter((entry): entry is [PDFRef, PDFPageLeaf] => entry[1] instanceof PDFPageLeaf)
    .sort((a, b) => a[0].objectNumber - b[0].objectNumber);
  if (leaves.length === 0) return;
  if (leaves.length > MAX_PAGES) throw tooManyPages(name);
  const tree = PDFPageTree.withContext(doc.context);
  const treeRef = doc.context.register(tree);
  for (const [ref, leaf] of leaves) {
    tree.Kids().push(ref);
    leaf.setParent(treeRef);
  }
  tree.set(PDFName.of("Count"), PDFNumber.of(leaves.length));
  doc.catalog.set(PDFName.of("Pages"), treeRef);
}
