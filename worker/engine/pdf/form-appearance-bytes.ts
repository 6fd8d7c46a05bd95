import {
  PDFArray,
  PDFContentStream,
  type PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from "@cantoo/pdf-lib";
import { zlibSync } from "fflate";
import type { ListedWidget } from "./form-walk";

/**
 * The appearances pdf-lib draws for form fields, settled into bytes as soon as they are drawn.
 * pdf-lib keeps each one as a list of operator objects (every number an object) until the file is
 * saved, and deflates each then with a fresh zlib state of some 200 KB: 6,000 text fields held
 * 42 MB of drawings and the save churned through as much again. Settled, a drawing is its bytes
 * and a small dictionary; identical resources and bounding boxes are one object for all of them.
 */

/**
 * What a settled drawing holds besides its bytes (its stream, dictionary and pooled reference),
 * and what each widget drawn holds besides its drawings (its /AP, its new /DA): measured, 6,000
 * text fields held 2.2 KB each with their one drawing, 6,000 checkboxes 5.6 KB with their four.
 */
export const DRAWING_BYTES = 1.25 * 1024;
export const WIDGET_BYTES = 1.25 * 1024;

/**
 * Content shorter than this is written as it is: a deflate call sets up some 200 KB of tables,
 * which cost 6,000 small fields 1.4 s and tens of MB of garbage to save a few dozen bytes each.
 */
const PACK_FROM = 1024;

const FILTER = PDFName.of("Filter");
const MATRIX = PDFName.of("Matrix");
const BBOX = PDFName.of("BBox");
const RESOURCES = PDFName.of("Resources");
const NORMAL = PDFName.of("N");
const STATES = [NORMAL, PDFName.of("R"), PDFName.of("D")];
const IDENTITY = [1, 0, 0, 1, 0, 0];

/** `plain` content as a stream with `dict`: deflated when it is long enough for that to pay. */
export function contentStream(dict: PDFDict, plain: Uint8Array): PDFRawStream {
  const packed = plain.length >= PACK_FROM ? zlibSync(plain, { level: 6 }) : undefined;
  if (packed && packed.length < plain.length) {
    dict.set(FILTER, PDFName.of("FlateDecode"));
    return PDFRawStream.of(dict, packed);
  }
  dict.delete(FILTER);
  return PDFRawStream.of(dict, plain);
}

const isIdentity = (m: PDFObject | undefined) =>
  m instanceof PDFArray &&
  m.size() === 6 &&
  IDENTITY.every((v, i) => {
    const n = m.get(i);
    return n instanceof PDFNumber && n.asNumber() === v;
  });

/** The refs an /AP entry names: a stream, or a dictionary of a stream per state. */
function streamRefs(context: PDFContext, entry: PDFObject | undefined): PDFRef[] {
  const target = context.lookup(entry);
  if (target instanceof PDFStream) return entry instanceof PDFRef ? [entry] : [];
  if (!(target instanceof PDFDict)) return [];
  return target
    .entries()
    .map(([, v]) => v)
    .filter((v): v is PDFRef => v instanceof PDFRef);
}

/** Settles what pdf-lib draws for one document's fields; counts what the drawings hold. */
export class AppearanceSettler {
  /** Bytes of content settled, drawings settled, widgets they were drawn for. */
  bytes = 0;
  drawings = 0;
  widgets = 0;
  private readonly resources = new Map<string, PDFRef>();
  private readonly boxes = new Map<string, PDFArray>();

  /** With `normalOnly`, the pressed and rolled-over drawings are dropped (flattening draws neither). */
  constructor(
    private readonly context: PDFContext,
    private readonly normalOnly: boolean,
  ) {}

  /** Memory the settled drawings hold. */
  get held(): number {
    return this.bytes + this.drawings * DRAWING_BYTES + this.widgets * WIDGET_BYTES;
  }

  /** Every drawing pdf-lib has just made for these widgets. */
  settle(widgets: readonly ListedWidget[]): void {
    this.widgets += widgets.length;
    for (const { widget } of widgets) {
      const ap = widget.dict.lookup(PDFName.of("AP"));
      if (!(ap instanceof PDFDict)) continue;
      for (const key of STATES) {
        const refs = streamRefs(this.context, ap.get(key));
        if (this.normalOnly && key !== NORMAL) {
          for (const ref of refs) if (this.context.lookup(ref) instanceof PDFContentStream) this.context.delete(ref);
          ap.delete(key);
        } else for (const ref of refs) this.settleStream(ref);
      }
    }
  }

  /**
   * One drawing, replaced by its bytes. Its identity Matrix (the default) goes; its resources
   * (the font it names) and its BBox are those of every drawing that has the same. The shared
   * BBox is a direct array in many dictionaries: nothing here changes one in place.
   */
  private settleStream(ref: PDFRef): void {
    const stream = this.context.lookup(ref);
    if (!(stream instanceof PDFContentStream)) return;
    const { dict } = stream;
    if (isIdentity(dict.get(MATRIX))) dict.delete(MATRIX);
    const resources = dict.get(RESOURCES);
    if (resources instanceof PDFDict) {
      const key = String(resources);
      let one = this.resources.get(key);
      if (!one) {
        one = this.context.register(resources);
        this.resources.set(key, one);
      }
      dict.set(RESOURCES, one);
    }
    const box = dict.get(BBOX);
    if (box instanceof PDFArray) {
      const key = String(box);
      const one = this.boxes.get(key);
      if (one) dict.set(BBOX, one);
      else this.boxes.set(key, box);
    }
    const settled = contentStream(dict, stream.getUnencodedContents());
    this.context.assign(ref, settled);
    this.bytes += settled.getContentsSize();
    this.drawings++;
  }
}
