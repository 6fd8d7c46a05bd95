import {
  PDFArray,
  type PDFContext,
  PDFName,
  type PDFObjectCopier,
  type PDFPage,
  PDFRawStream,
  type PDFRef,
  PDFStream,
} from "@cantoo/pdf-lib";
import type { Budget } from "../core/budget";
import { BatchedZlib } from "../image/png/encode";
import { programPieces } from "./content/pieces";
import { pageStreams } from "./content/streams";

const CONTENTS = PDFName.of("Contents");

/** /Contents that is neither a stream nor an array shows nothing in any reader; pdf-lib cannot append to it. */
export function dropInvalidContents(page: PDFPage): void {
  const contents = page.node.context.lookup(page.node.get(CONTENTS));
  if (contents !== undefined && !(contents instanceof PDFStream) && !(contents instanceof PDFArray)) {
    page.node.delete(CONTENTS);
  }
}

/**
 * Makes a page's /Contents something pdf-lib can draw on and embed as a form: an invalid entry
 * is dropped, and a page with no content (allowed: a blank page) gets an empty stream.
 */
export function usableContents(page: PDFPage): void {
  dropInvalidContents(page);
  const contents = page.node.context.lookup(page.node.get(CONTENTS));
  if (contents instanceof PDFStream || (contents instanceof PDFArray && contents.size() > 0)) return;
  const context = page.node.context;
  page.node.set(CONTENTS, context.register(context.stream(new Uint8Array(0))));
}

/** What compressing several streams into one holds besides the result: a batch and zlib's state. */
const JOIN_WORKING = 1024 * 1024;

/**
 * The page as a form XObject of another document (its visible `box`), to be drawn there. One
 * content stream (nearly every page) becomes the form as it is stored, its filters kept: never
 * decoded, so a page whose 60 KB unpack to 24 MB of text costs 60 KB. Several are decoded a
 * piece at a time into one compressed stream, never held whole. Resources are copied with
 * `copier`: one per source document, so resources the pages share are copied once.
 */
export async function pageForm(
  page: PDFPage,
  box: { x: number; y: number; width: number; height: number },
  copier: PDFObjectCopier,
  out: PDFContext,
  budget?: Budget,
): Promise<PDFRef> {
  const ctx = page.node.context;
  const resources = page.node.getInheritableAttribute(PDFName.of("Resources"));
  const dict = out.obj({
    Type: "XObject",
    Subtype: "Form",
    FormType: 1,
    BBox: [box.x, box.y, box.x + box.width, box.y + box.height],
    Matrix: [1, 0, 0, 1, -box.x, -box.y],
  });
  dict.set(PDFName.of("Resources"), resources ? copier.copy(resources) : out.obj({}));
  const streams = pageStreams(ctx, page);
  let contents: Uint8Array;
  if (streams.length === 1) {
    const stored = streams[0];
    // Readers take /DP for /DecodeParms too.
    for (const [key, from] of [
      ["Filter", "Filter"],
      ["DecodeParms", "DecodeParms"],
      ["DecodeParms", "DP"],
    ]) {
      const v = stored.dict.get(PDFName.of(from));
      if (v !== undefined && !dict.has(PDFName.of(key))) dict.set(PDFName.of(key), copier.copy(v));
    }
    contents = stored.contents;
  } else {
    budget?.take(JOIN_WORKING, "A page's content");
    try {
      contents = await joined(ctx, streams, budget);
    } finally {
      budget?.give(JOIN_WORKING);
    }
    dict.set(PDFName.of("Filter"), PDFName.of("FlateDecode"));
  }
  return out.register(PDFRawStream.of(dict, contents));
}

/** A page's content streams as one program (a line break after each), compressed as it is decoded. */
async function joined(ctx: PDFContext, streams: PDFRawStream[], budget: Budget | undefined): Promise<Uint8Array> {
  const z = new BatchedZlib();
  for (const piece of programPieces(ctx, streams, { budget })) await z.push(piece);
  return z.finish();
}
