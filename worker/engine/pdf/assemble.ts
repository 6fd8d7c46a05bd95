import { degrees, type PDFDocument, type PDFPage, type PDFRef } from "@cantoo/pdf-lib";
import { copyDocumentInfo, createPdf, guardPdf } from "./document";
import { carryFormFields } from "./forms";
import { DestinationResolver, detachLinkTargets, reattachLinkTargets } from "./links";
import { type OutlineNode, readOutline, writeOutline } from "./outlines";

/** A loaded source whose internal links were detached from its pages (ready to copy from). */
export interface SourcePdf {
  doc: PDFDocument;
  name: string;
  resolver: DestinationResolver;
}

/** One page of the new document: a source page (0-based), turned by `rotate` more, or a blank page. */
export type PageSpec = { source: number; page: number; rotate?: number } | { blank: { width: number; height: number } };

/** Makes a loaded document ready to copy pages from: its links name their pages by index. */
export function sourceOf(doc: PDFDocument, name: string): Promise<SourcePdf> {
  return guardPdf(name, () => {
    const resolver = new DestinationResolver(doc);
    detachLinkTargets(doc, resolver);
    return { doc, name, resolver };
  });
}

export interface Assembled {
  doc: PDFDocument;
  bookmarks: number;
  fields: number;
}

/**
 * A new document of the pages `specs` names, in that order, built one source at a time: `take`
 * copies every page a source contributes (in one copyPages call, so they share its fonts and
 * images), with its links, bookmarks and form fields, after which the source can be let go (a
 * merge of many files never holds them all); `finish` lays the pages out. Links and bookmarks
 * follow the pages they point at (a page's first copy); those to pages left out are dropped.
 */
export class Assembler {
  private readonly copies = new Map<number, PDFPage[][]>();
  private readonly outline: OutlineNode[] = [];
  private fields = 0;

  private constructor(
    readonly out: PDFDocument,
    private readonly specs: readonly PageSpec[],
  ) {}

  static async create(specs: readonly PageSpec[]): Promise<Assembler> {
    return new Assembler(await createPdf(), specs);
  }

  /** Copies what source number `s` contributes; `info`: its document information becomes the output's. */
  async take(s: number, src: SourcePdf, info = false): Promise<void> {
    const out = this.out;
    if (info) copyDocumentInfo(src.doc, out);
    const wanted = this.specs.flatMap((p) => ("source" in p && p.source === s ? [p.page] : []));
    if (wanted.length === 0) return;
    const copied = await guardPdf(src.name, () => out.copyPages(src.doc, wanted));
    // Copies of each source page, in the order the specs use them (a page used twice is copied twice).
    const byPage: PDFPage[][] = [];
    for (const [i, page] of copied.entries()) {
      byPage[wanted[i]] ??= [];
      byPage[wanted[i]].push(page);
    }
    this.copies.set(s, byPage);
    const pageFor = (j: number): PDFRef | undefined => byPage[j]?.[0]?.ref;
    await guardPdf(src.name, () => {
      reattachLinkTargets(copied, pageFor);
      this.outline.push(...readOutline(src.doc, out, src.resolver, pageFor));
      this.fields += carryFormFields(src.doc, out, copied);
    });
  }

  /** Lays out the pages in the specs' order (turning those that ask for it) and writes the outline. */
  finish(): Assembled {
    const used = new Map<number, number[]>();
    for (const spec of this.specs) {
      if ("blank" in spec) {
        this.out.addPage([spec.blank.width, spec.blank.height]);
        continue;
      }
      const counts = used.get(spec.source) ?? [];
      used.set(spec.source, counts);
      const n = counts[spec.page] ?? 0;
      counts[spec.page] = n + 1;
      const page = this.copies.get(spec.source)?.[spec.page]?.[n];
      if (!page) continue;
      const turn = spec.rotate ?? 0;
      if (turn % 360 !== 0) page.setRotation(degrees((((page.getRotation().angle + turn) % 360) + 360) % 360));
      this.out.addPage(page);
    }
    writeOutline(this.out, this.outline);
    return { doc: this.out, bookmarks: countNodes(this.outline), fields: this.fields };
  }
}

function countNodes(nodes: OutlineNode[]): number {
  return nodes.reduce((n, node) => n + 1 + countNodes(node.children), 0);
}
