import {
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from "@cantoo/pdf-lib";
import type { Budget } from "../../core/budget";
import { asName, type Operand } from "../content/lexer";
import { programPieces, streamPieces, unreadableContent } from "../content/pieces";
import { ContentReader } from "../content/reader";
import { pageStreams } from "../content/streams";
import { resolve } from "../objects";

/**
 * Where images are drawn, and how large: a walk of every page's content (and the forms it
 * draws) tracking the transformation matrix through q/Q/cm, recording for each image XObject
 * the largest size it is painted at, in points. Downsampling targets come from this size.
 */

export interface Placement {
  /** Largest painted width and height, in points. */
  width: number;
  height: number;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const MAX_FORM_DEPTH = 12;

function multiply(m: Matrix, c: Matrix): Matrix {
  return [
    m[0] * c[0] + m[1] * c[2],
    m[0] * c[1] + m[1] * c[3],
    m[2] * c[0] + m[3] * c[2],
    m[2] * c[1] + m[3] * c[3],
    m[4] * c[0] + m[5] * c[2] + c[4],
    m[4] * c[1] + m[5] * c[3] + c[5],
  ];
}

const asDict = (o: PDFObject | undefined) => (o instanceof PDFDict ? o : undefined);

export class PlacementMap {
  readonly sizes = new Map<PDFRef, Placement>();
  private readonly seenForms = new Map<PDFRef, Set<string>>();

  private constructor(
    private readonly ctx: PDFContext,
    private readonly budget: Budget | undefined,
  ) {}

  static of(doc: PDFDocument, budget?: Budget): PlacementMap {
    const map = new PlacementMap(doc.context, budget);
    for (const page of doc.getPages()) {
      const res = resolve(doc.context, page.node.getInheritableAttribute(PDFName.of("Resources")));
      // Content split over several streams is one program.
      map.walk(programPieces(doc.context, pageStreams(doc.context, page), map.pieces), asDict(res), IDENTITY, 0);
      budget?.check();
    }
    return map;
  }

  private get pieces() {
    return { budget: this.budget, what: "A page's content" };
  }

  /**
   * Reads content as it is decoded (never held whole). What cannot be read (damaged, past the
   * limit) ends the walk where it stops being readable, as a reader stops drawing there.
   */
  private walk(pieces: Iterable<Uint8Array>, resources: PDFDict | undefined, start: Matrix, depth: number): void {
    const stack: Matrix[] = [];
    let ctm = start;
    const xobjects = resources ? resolve(this.ctx, resources.get(PDFName.of("XObject"))) : undefined;
    let count = 0;
    try {
      for (const { op, args } of new ContentReader(pieces, this.pieces).ops()) {
        if ((++count & 0xffff) === 0) this.budget?.check();
        if (op === "q") stack.push(ctm);
        else if (op === "Q") ctm = stack.pop() ?? start;
        else if (op === "cm") {
          const nums = args.filter((a) => typeof a === "number");
          if (nums.length >= 6) ctm = multiply(nums.slice(-6) as Matrix, ctm);
        } else if (op === "Do" && xobjects instanceof PDFDict) this.draw(args, xobjects, resources, ctm, depth);
      }
    } catch (err) {
      if (!unreadableContent(err)) throw err;
    }
  }

  private draw(args: Operand[], xobjects: PDFDict, resources: PDFDict | undefined, ctm: Matrix, depth: number): void {
    const name = asName(args[args.length - 1]);
    const ref = name === null ? undefined : xobjects.get(PDFName.of(name));
    if (!(ref instanceof PDFRef)) return;
    const xo = this.ctx.lookup(ref);
    if (!(xo instanceof PDFRawStream)) return;
    const subtype = xo.dict.get(PDFName.of("Subtype"));
    if (subtype === PDFName.of("Image")) this.record(ref, ctm);
    else if (subtype === PDFName.of("Form") && depth < MAX_FORM_DEPTH) this.form(ref, xo, resources, ctm, depth);
  }

  private form(ref: PDFRef, xo: PDFRawStream, outer: PDFDict | undefined, ctm: Matrix, depth: number): void {
    // A form drawn many times is walked once per distinct scale (and not past 32 of them).
    const scale = `${Math.round(Math.hypot(ctm[0], ctm[1]) * 1000)},${Math.round(Math.hypot(ctm[2], ctm[3]) * 1000)}`;
    const seen = this.seenForms.get(ref) ?? new Set<string>();
    if (seen.has(scale) || seen.size >= 32) return;
    seen.add(scale);
    this.seenForms.set(ref, seen);
    const m = resolve(this.ctx, xo.dict.get(PDFName.of("Matrix")));
    const values = m instanceof PDFArray ? m.asArray().map((v) => resolve(this.ctx, v)) : [];
    const matrix =
      values.length === 6 && values.every((v) => v instanceof PDFNumber)
        ? (values.map((v) => (v as PDFNumber).asNumber()) as Matrix)
        : IDENTITY;
    const res = asDict(resolve(this.ctx, xo.dict.get(PDFName.of("Resources"))));
    this.walk(streamPieces(this.ctx, xo, this.pieces), res ?? outer, multiply(matrix, ctm), depth + 1);
  }

  private record(ref: PDFRef, ctm: Matrix): void {
    const width = Math.hypot(ctm[0], ctm[1]);
    const height = Math.hypot(ctm[2], ctm[3]);
    const prev = this.sizes.get(ref);
    this.sizes.set(ref, { width: Math.max(width, prev?.width ?? 0), height: Math.max(height, prev?.height ?? 0) });
  }
}
