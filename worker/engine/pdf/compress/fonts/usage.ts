import { PDFArray, type PDFContext, PDFDict, type PDFDocument, PDFName, PDFRawStream } from "@cantoo/pdf-lib";
import { type Budget, yieldToEventLoop } from "../../../core/budget";
import { IDENTITY } from "../../content/geometry";
import { asName, asStr, type Op } from "../../content/lexer";
import { FontCache, Machine, SHOW_OPS } from "../../content/machine";
import { programPieces, streamPieces, unreadableContent } from "../../content/pieces";
import { ContentReader } from "../../content/reader";
import { pageStreams } from "../../content/streams";
import { get, getDict, getName, resolve } from "../../objects";
import { formFonts } from "./form-fonts";

/**
 * Which glyphs each font shows: every content stream that can show text is read with the
 * redaction module's lexer and text machine (the page, the forms it draws, annotation
 * appearances, Type 3 glyph procedures, tiling patterns and soft-mask groups), and every string
 * a show operator paints is split into the font's codes: one-byte codes for a simple font, CIDs
 * (through its CMap) for a composite one. Fonts whose use cannot be known (content that cannot
 * be read, form fields a reader may redraw) are listed to stay whole.
 */

export interface FontUsage {
  /** Per font dictionary (as Tf names it): the codes a simple font shows, or the CIDs a Type 0 font shows. */
  shown: Map<PDFDict, Set<number>>;
  /** A Type 0 font's codes as they appear in strings, each `code * 8 + length in bytes`. */
  codes: Map<PDFDict, Set<number>>;
  /** Fonts to leave whole. */
  whole: Set<PDFDict>;
  /** False when the walk gave up (too much content to read): no font may be cut. */
  complete: boolean;
}

/** Operations read in one document, forms counted each time they are walked: past it, no font is cut. */
const MAX_OPS = 20_000_000;
const MAX_DEPTH = 12;

class GiveUp extends Error {}

type Inherited = { font: Machine["gs"]["font"]; fontDict: PDFDict | null };

class Walk {
  readonly usage: FontUsage = { shown: new Map(), codes: new Map(), whole: new Set(), complete: true };
  private readonly fonts: FontCache;
  private ops = 0;
  private readonly ids = new WeakMap<object, number>();
  private lastId = 0;
  private readonly walked = new Set<string>();
  private readonly extras = new Set<PDFDict>();
  private readonly type3 = new Set<PDFDict>();

  constructor(
    readonly ctx: PDFContext,
    private readonly budget: Budget | undefined,
  ) {
    this.fonts = new FontCache(ctx, () => budget?.check());
  }

  private id(o: object | null | undefined): number {
    if (!o) return 0;
    let n = this.ids.get(o);
    if (n === undefined) {
      n = ++this.lastId;
      this.ids.set(o, n);
    }
    return n;
  }

  /** Every font of these resources stays whole (content using them could not be read). */
  wholeResources(resources: PDFDict | undefined): void {
    const fonts = getDict(this.ctx, resources, "Font");
    if (!fonts) return;
    for (const [, v] of fonts.entries()) {
      const f = resolve(this.ctx, v);
      if (f instanceof PDFDict) this.usage.whole.add(f);
    }
  }

  /** A page's content streams, read as one program (a line break between). */
  page(streams: PDFRawStream[], resources: PDFDict | undefined): void {
    this.content(programPieces(this.ctx, streams, this.pieceOptions), resources, null, 0);
  }

  /** Walks `stream` (a form, appearance, pattern or glyph procedure) once per resources and inherited font. */
  stream(stream: PDFRawStream, outer: PDFDict | undefined, inherited: Inherited | null, depth: number): void {
    const own = getDict(this.ctx, stream.dict, "Resources");
    const resources = own ?? outer;
    if (depth > MAX_DEPTH) {
      this.wholeResources(resources);
      return;
    }
    const key = `${this.id(stream)}:${this.id(resources)}:${this.id(inherited?.fontDict)}`;
    if (this.walked.has(key)) return;
    this.walked.add(key);
    this.content(streamPieces(this.ctx, stream, this.pieceOptions), resources, inherited, depth);
  }

  private get pieceOptions() {
    return { budget: this.budget, what: "A page's content" };
  }

  /**
   * Reads content as it is decoded, a window at a time (never held whole). Content that cannot be
   * read (damaged, past the limit, more than the job can hold) leaves its fonts whole.
   */
  content(
    pieces: Iterable<Uint8Array>,
    resources: PDFDict | undefined,
    inherited: Inherited | null,
    depth: number,
  ): void {
    try {
      this.run(new ContentReader(pieces, this.pieceOptions), resources, inherited, depth);
    } catch (err) {
      if (err instanceof GiveUp || !unreadableContent(err)) throw err;
      this.wholeResources(resources);
    }
    this.resourceExtras(resources, depth);
  }

  private run(reader: ContentReader, resources: PDFDict | undefined, inherited: Inherited | null, depth: number): void {
    const m = new Machine(this.ctx, this.fonts, resources, IDENTITY);
    // Text state is part of the graphics state: a form may show text in the font its caller chose.
    if (inherited) Object.assign(m.gs, inherited);
    for (const op of reader.ops()) {
      if (++this.ops > MAX_OPS) throw new GiveUp();
      if ((this.ops & 4095) === 0) this.budget?.check();
      if (m.step(op)) {
        if (op.op === "Tf" && m.gs.fontDict) this.selected(m.gs.fontDict, resources, depth);
      } else if (SHOW_OPS.has(op.op)) this.show(m, op);
      else if (op.op === "Do") this.draw(op, resources, m, depth);
    }
  }

  private show(m: Machine, op: Op): void {
    const { font, fontDict } = m.gs;
    if (!font || !fontDict) return;
    const set = setIn(this.usage.shown, fontDict);
    const codes = font.cid ? setIn(this.usage.codes, fontDict) : null;
    const parts = op.op === "TJ" ? (Array.isArray(op.args[0]) ? op.args[0] : []) : [op.args[op.args.length - 1]];
    for (const part of parts) {
      const str = asStr(part);
      if (!str) continue;
      for (const { code, len } of font.split(str.bytes)) {
        if (!font.cid || !codes) set.add(code);
        else {
          // A code no CID is mapped to shows CID 0.
          set.add(font.cid(code, len) ?? 0);
          codes.add(code * 8 + len);
        }
      }
    }
  }

  private draw(op: Op, resources: PDFDict | undefined, m: Machine, depth: number): void {
    const name = asName(op.args[0]);
    const xo = name ? resolve(this.ctx, getDict(this.ctx, resources, "XObject")?.get(PDFName.of(name))) : undefined;
    if (!(xo instanceof PDFRawStream) || getName(this.ctx, xo.dict, "Subtype") !== "Form") return;
    this.stream(xo, resources, { font: m.gs.font, fontDict: m.gs.fontDict }, depth + 1);
  }

  /** A Type 3 font's glyph procedures are content too: every one is read, once. */
  private selected(font: PDFDict, resources: PDFDict | undefined, depth: number): void {
    if (getName(this.ctx, font, "Subtype") !== "Type3" || this.type3.has(font)) return;
    this.type3.add(font);
    const procs = getDict(this.ctx, font, "CharProcs");
    const own = getDict(this.ctx, font, "Resources") ?? resources;
    for (const [, v] of procs?.entries() ?? []) {
      const proc = resolve(this.ctx, v);
      if (proc instanceof PDFRawStream) this.stream(proc, own, null, depth + 1);
    }
  }

  /** Tiling patterns and soft-mask groups these resources hold: content a fill or a gs operator draws. */
  private resourceExtras(resources: PDFDict | undefined, depth: number): void {
    if (!resources || this.extras.has(resources)) return;
    this.extras.add(resources);
    for (const [, v] of getDict(this.ctx, resources, "Pattern")?.entries() ?? []) {
      const p = resolve(this.ctx, v);
      if (p instanceof PDFRawStream) this.stream(p, resources, null, depth + 1);
    }
    for (const [, v] of getDict(this.ctx, resources, "ExtGState")?.entries() ?? []) {
      const gs = resolve(this.ctx, v);
      const mask = gs instanceof PDFDict ? getDict(this.ctx, gs, "SMask") : undefined;
      const group = mask ? get(this.ctx, mask, "G") : undefined;
      if (group instanceof PDFRawStream) this.stream(group, resources, null, depth + 1);
    }
  }
}

function setIn(map: Map<PDFDict, Set<number>>, key: PDFDict): Set<number> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}

/** Every appearance stream of an annotation (/AP: N, R, D, each one stream or one per state). */
function appearances(ctx: PDFContext, annot: PDFDict): PDFRawStream[] {
  const ap = getDict(ctx, annot, "AP");
  const out: PDFRawStream[] = [];
  for (const key of ["N", "R", "D"]) {
    const v = get(ctx, ap, key);
    if (v instanceof PDFRawStream) out.push(v);
    else if (v instanceof PDFDict) {
      for (const [, s] of v.entries()) {
        const st = resolve(ctx, s);
        if (st instanceof PDFRawStream) out.push(st);
      }
    }
  }
  return out;
}

/** Reads every page, its annotations and the form's fields; what each font shows. */
export async function fontUsage(doc: PDFDocument, budget?: Budget): Promise<FontUsage> {
  const ctx = doc.context;
  const walk = new Walk(ctx, budget);
  const acroForm = getDict(ctx, doc.catalog, "AcroForm");
  const formResources = getDict(ctx, acroForm, "DR");
  try {
    for (const page of doc.getPages()) {
      const res = resolve(ctx, page.node.getInheritableAttribute(PDFName.of("Resources")));
      const resources = res instanceof PDFDict ? res : undefined;
      walk.page(pageStreams(ctx, page), resources);
      const annots = get(ctx, page.node, "Annots");
      for (const a of annots instanceof PDFArray ? annots.asArray() : []) {
        const annot = resolve(ctx, a);
        if (!(annot instanceof PDFDict)) continue;
        // An appearance without resources of its own: readers look in the form's.
        for (const s of appearances(ctx, annot)) walk.stream(s, formResources, null, 1);
      }
      budget?.check();
      await yieldToEventLoop();
    }
  } catch (err) {
    if (!(err instanceof GiveUp)) throw err;
    walk.usage.complete = false;
  }
  for (const f of formFonts(ctx, acroForm, doc)) walk.usage.whole.add(f);
  return walk.usage;
}
