import {
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFString,
} from "@cantoo/pdf-lib";
import { isEngineError } from "../../../core/errors";
import { resolve } from "../../objects";
import { cmykGray, luma } from "./colour";
import { type GrayContentJob, grayContent } from "./content";

/**
 * The colours a document carries outside its content: annotations' (/C, /IC, /MK's /BG and /BC,
 * rich-text styles), form fields' default appearances (a reader draws a field's new value with
 * them) and bookmarks'.
 */

/** A colour array (/C, /IC, /BG, /BC) as one grey component; RGB-only ones (outlines) as three equal. */
function grayArray(ctx: PDFContext, d: PDFDict, key: string, rgbOnly = false): void {
  const v = resolve(ctx, d.get(PDFName.of(key)));
  if (!(v instanceof PDFArray)) return;
  const c = v.asArray().map((x) => resolve(ctx, x));
  if (!c.every((x) => x instanceof PDFNumber)) return;
  const n = c.map((x) => (x as PDFNumber).asNumber());
  let g: number;
  if (n.length === 3) g = luma(n[0], n[1], n[2]);
  else if (n.length === 4) g = cmykGray(n[0], n[1], n[2], n[3]);
  else return;
  const y = Math.round(Math.max(0, Math.min(1, g)) * 10000) / 10000;
  d.set(PDFName.of(key), ctx.obj(rgbOnly ? [y, y, y] : [y]));
}

/** A default-appearance string (/DA: "0 0 1 rg /Helv 12 Tf") with its colour in grey. */
function grayDA(ctx: PDFContext, job: GrayContentJob, d: PDFDict): void {
  const v = resolve(ctx, d.get(PDFName.of("DA")));
  if (!(v instanceof PDFString || v instanceof PDFHexString)) return;
  try {
    const r = grayContent(job, v.asBytes(), undefined);
    if (r.bytes) d.set(PDFName.of("DA"), PDFHexString.of(Array.from(r.bytes, hex2).join("")));
  } catch (err) {
    if (!isEngineError(err)) throw err;
  }
}

const hex2 = (b: number) => b.toString(16).padStart(2, "0");

/** CSS colours in rich text and default styles (FreeText /DS, /RC): #rrggbb to its grey. */
function grayCss(ctx: PDFContext, d: PDFDict, key: string): void {
  const v = resolve(ctx, d.get(PDFName.of(key)));
  if (!(v instanceof PDFString || v instanceof PDFHexString)) return;
  const text = v.decodeText();
  const out = text.replace(/#([0-9a-fA-F]{6})\b/g, (_, h: string) => {
    const g = Math.round(luma(parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4), 16)));
    return `#${hex2(g).repeat(3)}`;
  });
  if (out !== text) d.set(PDFName.of(key), PDFHexString.fromText(out));
}

export function grayAnnotation(ctx: PDFContext, job: GrayContentJob, a: PDFDict): void {
  grayArray(ctx, a, "C");
  grayArray(ctx, a, "IC");
  const mk = resolve(ctx, a.get(PDFName.of("MK")));
  if (mk instanceof PDFDict) {
    grayArray(ctx, mk, "BG");
    grayArray(ctx, mk, "BC");
  }
  grayDA(ctx, job, a);
  grayCss(ctx, a, "DS");
  grayCss(ctx, a, "RC");
}

/** Form fields' default appearances (a reader draws a field's new value with them). */
export function grayFormFields(ctx: PDFContext, job: GrayContentJob, doc: PDFDocument): void {
  const acro = resolve(ctx, doc.catalog.get(PDFName.of("AcroForm")));
  if (!(acro instanceof PDFDict)) return;
  grayDA(ctx, job, acro);
  const seen = new Set<PDFObject>();
  const stack = [resolve(ctx, acro.get(PDFName.of("Fields")))];
  while (stack.length && seen.size < 100_000) {
    const o = stack.pop();
    if (!o || seen.has(o)) continue;
    seen.add(o);
    if (o instanceof PDFArray) stack.push(...o.asArray().map((x) => resolve(ctx, x)));
    else if (o instanceof PDFDict) {
      grayDA(ctx, job, o);
      stack.push(resolve(ctx, o.get(PDFName.of("Kids"))));
    }
  }
}

/** Bookmark colours (/C is always RGB there). */
export function grayOutlines(ctx: PDFContext, doc: PDFDocument): void {
  const root = resolve(ctx, doc.catalog.get(PDFName.of("Outlines")));
  if (!(root instanceof PDFDict)) return;
  const seen = new Set<PDFObject>();
  const stack: (PDFObject | undefined)[] = [resolve(ctx, root.get(PDFName.of("First")))];
  while (stack.length && seen.size < 100_000) {
    const o = stack.pop();
    if (!(o instanceof PDFDict) || seen.has(o)) continue;
    seen.add(o);
    grayArray(ctx, o, "C", true);
    stack.push(resolve(ctx, o.get(PDFName.of("Next"))), resolve(ctx, o.get(PDFName.of("First"))));
  }
}
