import {
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
} from "@cantoo/pdf-lib";
import { decodeGeneral, resolve } from "./streams";

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
/** Decoded content per stream, at most: a bomb is skipped (its images stay as they are). */
const MAX_CONTENT = 32 * 1024 * 1024;
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

const WHITE = new Set([0, 9, 10, 12, 13, 32]);
const DELIM = new Set([40, 41, 60, 62, 91, 93, 123, 125, 47, 37]);

/** Token text; junk runs longer than any operator or number come back empty. */
function ascii(s: Uint8Array, from: number, to: number): string {
  return to - from > 127 ? "" : String.fromCharCode(...s.subarray(from, to));
}

/** Operators with their numeric operands; names are kept for Do. Strings, arrays, dicts skipped. */
export function* operators(s: Uint8Array): Generator<{ op: string; nums: number[]; name: string | null }> {
  let nums: number[] = [];
  let name: string | null = null;
  let i = 0;
  const n = s.length;
  while (i < n) {
    const c = s[i];
    if (WHITE.has(c)) i++;
    else if (c === 37) while (i < n && s[i] !== 10 && s[i] !== 13) i++;
    else if (c === 40) {
      let depth = 0;
      for (; i < n; i++) {
        if (s[i] === 92) i++;
        else if (s[i] === 40) depth++;
        else if (s[i] === 41 && --depth === 0) break;
      }
      i++;
    } else if (c === 60 && s[i + 1] !== 60) {
      while (i < n && s[i] !== 62) i++;
      i++;
    } else if (c === 47) {
      let j = i + 1;
      while (j < n && !WHITE.has(s[j]) && !DELIM.has(s[j])) j++;
      name = ascii(s, i + 1, j).replace(/#([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
      i = j;
    } else if (
      c === 91 ||
      c === 93 ||
      c === 123 ||
      c === 125 ||
      (c === 60 && s[i + 1] === 60) ||
      (c === 62 && s[i + 1] === 62)
    ) {
      i += c === 60 || c === 62 ? 2 : 1;
    } else {
      let j = i;
      while (j < n && !WHITE.has(s[j]) && !DELIM.has(s[j])) j++;
      if (j === i) j++;
      const tok = ascii(s, i, j);
      i = j;
      const num = Number(tok);
      if (tok !== "" && !Number.isNaN(num) && /^[+\-.\d]/.test(tok)) nums.push(num);
      else {
        if (tok === "BI") {
          // Inline image: skip its data, which may hold any bytes, up to "EI" between white space.
          while (
            i < n &&
            !(WHITE.has(s[i - 1]) && s[i] === 69 && s[i + 1] === 73 && (i + 2 >= n || WHITE.has(s[i + 2])))
          )
            i++;
          i += 2;
        }
        yield { op: tok, nums, name };
        nums = [];
        name = null;
      }
    }
  }
}

export class PlacementMap {
  readonly sizes = new Map<PDFRef, Placement>();
  private readonly seenForms = new Map<PDFRef, Set<string>>();

  constructor(private readonly ctx: PDFContext) {}

  static of(doc: PDFDocument, check?: () => void): PlacementMap {
    const map = new PlacementMap(doc.context);
    for (const page of doc.getPages()) {
      const res = resolve(doc.context, page.node.getInheritableAttribute(PDFName.of("Resources")));
      const contents = resolve(doc.context, page.node.get(PDFName.of("Contents")));
      const list = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
      const parts = list
        .map((c) => resolve(doc.context, c))
        .filter((c): c is PDFRawStream => c instanceof PDFRawStream);
      const decoded = parts.map((p) => decodeGeneral(doc.context, p, MAX_CONTENT));
      // Content split over several streams is one program; a piece that cannot be read stops it.
      if (decoded.some((d) => d === null)) continue;
      const joined = new Uint8Array(decoded.reduce((s, d) => s + d!.length + 1, 0));
      let at = 0;
      for (const d of decoded) {
        joined.set(d!, at);
        joined[at + d!.length] = 10;
        at += d!.length + 1;
      }
      map.walk(joined, res instanceof PDFDict ? res : undefined, IDENTITY, 0);
      check?.();
    }
    return map;
  }

  private walk(content: Uint8Array, resources: PDFDict | undefined, start: Matrix, depth: number): void {
    const stack: Matrix[] = [];
    let ctm = start;
    const xobjects = resources ? resolve(this.ctx, resources.get(PDFName.of("XObject"))) : undefined;
    for (const { op, nums, name } of operators(content)) {
      if (op === "q") stack.push(ctm);
      else if (op === "Q") ctm = stack.pop() ?? start;
      else if (op === "cm" && nums.length >= 6) ctm = multiply(nums.slice(-6) as Matrix, ctm);
      else if (op === "Do" && name && xobjects instanceof PDFDict) {
        const ref = xobjects.get(PDFName.of(name));
        if (!(ref instanceof PDFRef)) continue;
        const xo = this.ctx.lookup(ref);
        if (!(xo instanceof PDFRawStream)) continue;
        const subtype = xo.dict.get(PDFName.of("Subtype"));
        if (subtype === PDFName.of("Image")) this.record(ref, ctm);
        else if (subtype === PDFName.of("Form") && depth < MAX_FORM_DEPTH) this.form(ref, xo, resources, ctm, depth);
      }
    }
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
    const res = resolve(this.ctx, xo.dict.get(PDFName.of("Resources")));
    const content = decodeGeneral(this.ctx, xo, MAX_CONTENT);
    if (content) this.walk(content, res instanceof PDFDict ? res : outer, multiply(matrix, ctm), depth + 1);
  }

  private record(ref: PDFRef, ctm: Matrix): void {
    const width = Math.hypot(ctm[0], ctm[1]);
    const height = Math.hypot(ctm[2], ctm[3]);
    const prev = this.sizes.get(ref);
    this.sizes.set(ref, { width: Math.max(width, prev?.width ?? 0), height: Math.max(height, prev?.height ?? 0) });
  }
}
