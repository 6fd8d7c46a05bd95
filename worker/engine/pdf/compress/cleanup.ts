import {
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from "@cantoo/pdf-lib";
import { readMetadataXml } from "../metadata";
import { resolve } from "../objects";
import { stripJpegMetadata } from "./jpeg-metadata";
import { filtersOf } from "./streams";

/**
 * What compression can remove besides bytes: metadata, page thumbnails, embedded files. Each
 * step returns what it took out; what nothing refers to afterwards is dropped by the compressor
 * (or, when unused objects are kept, by dropOrphans over exactly what these steps detached).
 */

/** The PDF/A part and level an XMP packet claims ("2B"), or null. */
export function pdfaClaim(doc: PDFDocument): string | null {
  const xml = readMetadataXml(doc);
  if (!xml) return null;
  const read = (key: string) =>
    new RegExp(`pdfaid:${key}\\s*=\\s*["']([^"']+)["']|<pdfaid:${key}>\\s*([^<\\s]+)\\s*</pdfaid:${key}>`).exec(xml);
  const part = read("part");
  if (!part) return null;
  const level = read("conformance");
  return `${part[1] ?? part[2]}${(level?.[1] ?? level?.[2] ?? "").toUpperCase()}`;
}

/** Every dictionary of the document (indirect objects and the direct ones inside them), once. */
function* dictionaries(ctx: PDFContext): Generator<PDFDict> {
  const seen = new Set<PDFObject>();
  for (const [, top] of ctx.enumerateIndirectObjects()) {
    const stack: PDFObject[] = [top];
    while (stack.length) {
      const o = stack.pop()!;
      if (seen.has(o)) continue;
      seen.add(o);
      const d = o instanceof PDFRawStream ? o.dict : o instanceof PDFDict ? o : null;
      if (d) {
        yield d;
        for (const v of d.values()) if (!(v instanceof PDFRef)) stack.push(v);
      } else if (o instanceof PDFArray) for (const v of o.asArray()) if (!(v instanceof PDFRef)) stack.push(v);
    }
  }
}

export interface MetadataRemoval {
  /** Something was there and is gone. */
  removed: boolean;
  /** The PDF/A conformance the file claimed through the metadata it lost. */
  pdfa: string | null;
  /** JPEG images whose embedded EXIF, XMP, IPTC or comments were stripped. */
  images: number;
}

/**
 * The document information dictionary, every XMP packet (the catalog's and any object's),
 * page-piece data and its dates, and the metadata segments inside JPEG images (EXIF, where a
 * camera puts its GPS position; XMP; IPTC; comments). What the file needs to display stays:
 * JFIF, colour profiles and the Adobe marker that says how to read the colours.
 */
export function removeMetadata(doc: PDFDocument, detached: PDFObject[]): MetadataRemoval {
  const ctx = doc.context;
  const pdfa = pdfaClaim(doc);
  let removed = false;
  const info = ctx.trailerInfo.Info;
  if (info !== undefined) {
    detached.push(info);
    const dict = resolve(ctx, info);
    removed = !(dict instanceof PDFDict) || dict.entries().length > 0;
    delete (ctx.trailerInfo as { Info?: unknown }).Info;
  }
  for (const d of dictionaries(ctx)) {
    for (const key of ["Metadata", "PieceInfo", "LastModified"]) {
      const v = d.get(PDFName.of(key));
      if (v === undefined) continue;
      // /Metadata is a stream; elsewhere the same word could mean something else.
      if (key === "Metadata" && !(resolve(ctx, v) instanceof PDFRawStream)) continue;
      detached.push(v);
      d.delete(PDFName.of(key));
      removed = true;
    }
  }
  let images = 0;
  for (const [, o] of ctx.enumerateIndirectObjects()) {
    if (!(o instanceof PDFRawStream) || o.dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    const filters = filtersOf(ctx, o.dict);
    if (filters?.length !== 1 || filters[0].name !== "DCTDecode") continue;
    const stripped = stripJpegMetadata(o.contents);
    if (stripped) {
      o.updateContents(stripped);
      images++;
    }
  }
  return { removed: removed || images > 0, pdfa, images };
}

/** Page thumbnails: readers draw their own. Returns how many pages had one. */
export function removeThumbnails(doc: PDFDocument, detached: PDFObject[]): number {
  let n = 0;
  for (const page of doc.getPages()) {
    const thumb = page.node.get(PDFName.of("Thumb"));
    if (thumb === undefined) continue;
    detached.push(thumb);
    page.node.delete(PDFName.of("Thumb"));
    n++;
  }
  return n;
}

export interface AttachmentRemoval {
  /** Embedded files removed (each file once, however many places listed it). */
  files: number;
  /** Some were a PDF/A-3 document's associated files (an e-invoice's data travels that way). */
  associated: boolean;
}

/**
 * Embedded files: the document's attachment list (the /EmbeddedFiles name tree), file-attachment
 * annotations (and their pop-ups), associated files (/AF, PDF/A-3 and PDF 2.0) and a portfolio's
 * /Collection. Each file specification loses its /EF too, so its data goes even where a
 * structure element still points at the annotation.
 */
export function removeAttachments(doc: PDFDocument, detached: PDFObject[]): AttachmentRemoval {
  const ctx = doc.context;
  const files = new Set<PDFObject>();
  let associated = false;
  const takeSpec = (spec: PDFObject | undefined) => {
    const s = resolve(ctx, spec);
    if (!(s instanceof PDFDict)) return;
    const ef = resolve(ctx, s.get(PDFName.of("EF")));
    let counted = false;
    if (ef instanceof PDFDict) {
      for (const v of ef.values()) {
        const stream = resolve(ctx, v);
        if (stream && !counted) {
          files.add(stream);
          counted = true;
        }
      }
      detached.push(s.get(PDFName.of("EF"))!);
      s.delete(PDFName.of("EF"));
    }
    const rf = s.get(PDFName.of("RF"));
    if (rf !== undefined) {
      detached.push(rf);
      s.delete(PDFName.of("RF"));
    }
  };
  const names = resolve(ctx, doc.catalog.get(PDFName.of("Names")));
  if (names instanceof PDFDict) {
    const tree = names.get(PDFName.of("EmbeddedFiles"));
    if (tree !== undefined) {
      for (const spec of nameTreeValues(ctx, tree)) takeSpec(spec);
      detached.push(tree);
      names.delete(PDFName.of("EmbeddedFiles"));
      if (names.entries().length === 0) doc.catalog.delete(PDFName.of("Names"));
    }
  }
  const collection = doc.catalog.get(PDFName.of("Collection"));
  if (collection !== undefined) {
    detached.push(collection);
    doc.catalog.delete(PDFName.of("Collection"));
  }
  for (const page of doc.getPages()) {
    const annots = resolve(ctx, page.node.get(PDFName.of("Annots")));
    if (!(annots instanceof PDFArray)) continue;
    const drop = new Set<PDFObject>();
    for (const a of annots.asArray()) {
      const annot = resolve(ctx, a);
      if (!(annot instanceof PDFDict) || annot.get(PDFName.of("Subtype")) !== PDFName.of("FileAttachment")) continue;
      takeSpec(annot.get(PDFName.of("FS")));
      drop.add(a);
      drop.add(resolve(ctx, a) as PDFObject);
      const popup = annot.get(PDFName.of("Popup"));
      if (popup) {
        drop.add(popup);
        drop.add(resolve(ctx, popup) as PDFObject);
      }
    }
    if (drop.size === 0) continue;
    const kept = annots.asArray().filter((a) => !drop.has(a) && !drop.has(resolve(ctx, a) as PDFObject));
    for (const a of annots.asArray()) if (!kept.includes(a)) detached.push(a);
    if (kept.length === 0) page.node.delete(PDFName.of("Annots"));
    else page.node.set(PDFName.of("Annots"), ctx.obj(kept));
  }
  for (const d of dictionaries(ctx)) {
    const af = d.get(PDFName.of("AF"));
    if (af === undefined) continue;
    const list = resolve(ctx, af);
    if (list instanceof PDFArray) for (const spec of list.asArray()) takeSpec(spec);
    detached.push(af);
    d.delete(PDFName.of("AF"));
    associated = true;
  }
  return { files: files.size, associated };
}

/** The values of a name tree (leaves' /Names pairs, through /Kids), bounded against loops. */
function nameTreeValues(ctx: PDFContext, root: PDFObject): PDFObject[] {
  const out: PDFObject[] = [];
  const seen = new Set<PDFObject>();
  const stack = [resolve(ctx, root)];
  while (stack.length && seen.size < 100_000) {
    const node = stack.pop();
    if (!(node instanceof PDFDict) || seen.has(node)) continue;
    seen.add(node);
    const pairs = resolve(ctx, node.get(PDFName.of("Names")));
    if (pairs instanceof PDFArray) for (let i = 1; i < pairs.size(); i += 2) out.push(pairs.get(i));
    const kids = resolve(ctx, node.get(PDFName.of("Kids")));
    if (kids instanceof PDFArray) for (const k of kids.asArray()) stack.push(resolve(ctx, k));
  }
  return out;
}

/** The indirect objects reachable from `roots`. */
function reachable(ctx: PDFContext, roots: PDFObject[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const o = stack.pop()!;
    if (o instanceof PDFRef) {
      const key = `${o.objectNumber} ${o.generationNumber}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const target = ctx.lookup(o);
      if (target) stack.push(target);
    } else if (o instanceof PDFRawStream) stack.push(o.dict);
    else if (o instanceof PDFDict) stack.push(...o.values());
    else if (o instanceof PDFArray) stack.push(...o.asArray());
  }
  return seen;
}

/**
 * Deletes what the removal steps detached and nothing else refers to, when unused objects are
 * otherwise kept: the objects only the removed thumbnails, metadata and attachments reached.
 */
export function dropOrphans(ctx: PDFContext, detached: PDFObject[]): number {
  if (detached.length === 0) return 0;
  const candidates = reachable(ctx, detached);
  const live = reachable(
    ctx,
    Object.values(ctx.trailerInfo).filter((v): v is PDFObject => v !== undefined),
  );
  let dropped = 0;
  for (const [ref] of ctx.enumerateIndirectObjects()) {
    const key = `${ref.objectNumber} ${ref.generationNumber}`;
    if (candidates.has(key) && !live.has(key)) {
      ctx.delete(ref);
      dropped++;
    }
  }
  return dropped;
}
