import { PDFDocument, PDFHexString, PDFName, type PDFRef, StandardFonts } from "@cantoo/pdf-lib";
import { expect } from "vitest";
import { oracle } from "../helpers";

/**
 * Builds small test inputs with features the corpus lacks (internal links, named
 * destinations, rotations, crop boxes). Outputs are never checked with this library: the
 * tests read them back with qpdf and poppler.
 */
export interface BuiltPage {
  text: string;
  size?: [number, number];
  rotate?: number;
  cropBox?: [number, number, number, number];
}

export async function buildPdf(
  pages: BuiltPage[],
  opts: { title?: string; links?: [number, number][]; bookmarks?: [string, number][]; namedDests?: boolean } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  if (opts.title) doc.setTitle(opts.title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const refs: PDFRef[] = [];
  for (const p of pages) {
    const page = doc.addPage(p.size ?? [300, 400]);
    page.drawText(p.text, { x: 20, y: 20, size: 14, font });
    if (p.rotate) page.node.set(PDFName.of("Rotate"), doc.context.obj(p.rotate));
    if (p.cropBox) page.node.set(PDFName.of("CropBox"), doc.context.obj(p.cropBox));
    refs.push(page.ref);
  }
  const ctx = doc.context;
  // Named destinations "p1", "p2", ... in the /Names /Dests tree.
  if (opts.namedDests) {
    const names = refs.flatMap((ref, i) => [PDFHexString.fromText(`p${i + 1}`), ctx.obj([ref, "Fit"])]);
    doc.catalog.set(PDFName.of("Names"), ctx.obj({ Dests: ctx.obj({ Names: ctx.obj(names) }) }));
  }
  const target = (page: number) =>
    opts.namedDests ? PDFHexString.fromText(`p${page}`) : ctx.obj([refs[page - 1], "XYZ", 0, 400, null]);
  for (const [from, to] of opts.links ?? []) {
    const link = ctx.register(
      ctx.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: [0, 0, 100, 100],
        Border: [0, 0, 0],
        A: ctx.obj({ S: "GoTo", D: target(to) }),
        P: refs[from - 1],
      }),
    );
    doc.getPage(from - 1).node.addAnnot(link);
  }
  if (opts.bookmarks?.length) {
    const root = ctx.nextRef();
    const items = opts.bookmarks.map(() => ctx.nextRef());
    opts.bookmarks.forEach(([title, page], i) => {
      const item = ctx.obj({ Title: PDFHexString.fromText(title), Parent: root, Dest: target(page) });
      if (i > 0) item.set(PDFName.of("Prev"), items[i - 1]);
      if (i < items.length - 1) item.set(PDFName.of("Next"), items[i + 1]);
      ctx.assign(items[i], item);
    });
    ctx.assign(
      root,
      ctx.obj({ Type: "Outlines", First: items[0], Last: items[items.length - 1], Count: items.length }),
    );
    doc.catalog.set(PDFName.of("Outlines"), root);
  }
  return doc.save({ useObjectStreams: false });
}

/** For each page (1-based), the pages its link annotations go to, as qpdf resolves them. */
export async function linkTargets(bytes: Uint8Array): Promise<(number | null)[][]> {
  const r = await oracle("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", "{in}"], bytes);
  expect([0, 3]).toContain(r.code);
  const json = JSON.parse(r.stdout);
  const objects = json.qpdf[1];
  const pageOf = new Map<string, number>(json.pages.map((p: { object: string }, i: number) => [p.object, i + 1]));
  const value = (o: unknown) => (typeof o === "string" && o.endsWith(" R") ? objects[`obj:${o}`]?.value : o);
  return json.pages.map((p: { object: string }) => {
    const annots = value(objects[`obj:${p.object}`].value["/Annots"]) ?? [];
    return annots
      .map(value)
      .filter((a: Record<string, unknown>) => a["/Subtype"] === "/Link")
      .map((a: Record<string, unknown>) => {
        const action = value(a["/A"]) as Record<string, unknown> | undefined;
        const dest = value(a["/Dest"] ?? action?.["/D"]);
        return Array.isArray(dest) ? (pageOf.get(dest[0]) ?? null) : null;
      });
  });
}
