/** Inputs the corpus lacks, made here so a test knows exactly what they hold. */
import { PDFDocument, PDFHexString, PDFName, type PDFRef, StandardFonts } from "@cantoo/pdf-lib";

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

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG of one colour (RGBA, 8 bits), written here so the test knows exactly what it holds. */
export async function solidPng(
  width: number,
  height: number,
  rgba: [number, number, number, number],
): Promise<Uint8Array> {
  const raw = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(rgba, y * (1 + width * 4) + 1 + x * 4);
  }
  const zlib = new Uint8Array(
    await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array(4 + data.length);
    body.set(new TextEncoder().encode(type));
    body.set(data, 4);
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(body, 4);
    view.setUint32(8 + data.length, crc32(body));
    return out;
  };
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib),
    chunk("IEND", new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    png.set(p, at);
    at += p.length;
  }
  return png;
}
