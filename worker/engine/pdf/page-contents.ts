import { PDFArray, PDFName, type PDFPage, PDFStream } from "@cantoo/pdf-lib";

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
