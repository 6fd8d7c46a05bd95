import {
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFName,
  type PDFObject,
  type PDFPage,
  PDFRawStream,
} from "@cantoo/pdf-lib";
import { yieldToEventLoop } from "../../core/budget";
import { pageStreams } from "../content/streams";
import { resolve } from "../objects";

/**
 * Every content program of a document with the resources it is read with: each page (its
 * content streams together), and, found through the resources, every form XObject (a form
 * without resources of its own is read with its caller's, once per caller's), tiling pattern,
 * Type 3 glyph, soft-mask group and annotation appearance; and the images and shadings those
 * resources list. What is listed is visited whether or not the content uses it.
 */

export type UnitKind = "page" | "form" | "pattern" | "glyph" | "softmask" | "appearance";

export interface ContentUnit {
  kind: UnitKind;
  /** One program: a page's content streams, or one stream. */
  streams: PDFRawStream[];
  /** The resources its names are looked up in. */
  resources: PDFDict | undefined;
  /** The object whose /Resources these are (the page, the form, the font), when it has its own. */
  owner: PDFObject | undefined;
  page: PDFPage | undefined;
  /** Some of its content is not a stream this walk can read (a damaged object): what it uses is unknown. */
  unreadable?: boolean;
}

/** Whether every piece of a page's /Contents is a stream (no contents at all is fine). */
function readableContents(ctx: PDFContext, page: PDFPage): boolean {
  const c = resolve(ctx, page.node.get(PDFName.of("Contents")));
  if (c === undefined) return true;
  const items = c instanceof PDFArray ? c.asArray() : [c];
  return items.every((x) => resolve(ctx, x) instanceof PDFRawStream);
}

export interface ContentVisitor {
  unit(u: ContentUnit): void | Promise<void>;
  image?(stream: PDFRawStream): void | Promise<void>;
  shading?(obj: PDFObject): void;
  /** Each annotation of each page, before its appearances are visited. */
  annotation?(annot: PDFDict, page: PDFPage): void;
  /** Called every so often: the job's time budget. */
  tick?(): void;
}

/** Visits past this many are a pathological file: the walk stops and says it is incomplete. */
const MAX_VISITS = 200_000;

export class ContentWalk {
  private readonly units = new Map<PDFRawStream, Set<PDFDict | undefined>>();
  private readonly resourcesSeen = new Set<PDFDict>();
  private readonly imagesSeen = new Set<PDFRawStream>();
  private readonly shadingsSeen = new Set<PDFObject>();
  private visits = 0;
  /** False when the walk stopped early (too many forms and callers): nothing can be proven unused. */
  complete = true;
  /** Pages and the page tree nodes they inherit resources from. */
  readonly pageOwners = new Set<PDFObject>();

  private constructor(
    private readonly ctx: PDFContext,
    private readonly v: ContentVisitor,
  ) {}

  static async run(doc: PDFDocument, v: ContentVisitor): Promise<ContentWalk> {
    const walk = new ContentWalk(doc.context, v);
    for (const page of doc.getPages()) {
      const res = resolve(doc.context, page.node.getInheritableAttribute(PDFName.of("Resources")));
      const resources = res instanceof PDFDict ? res : undefined;
      let node: PDFObject | undefined = page.node;
      while (node instanceof PDFDict && !walk.pageOwners.has(node)) {
        walk.pageOwners.add(node);
        node = resolve(doc.context, node.get(PDFName.of("Parent")));
      }
      await v.unit({
        kind: "page",
        streams: pageStreams(doc.context, page),
        resources,
        owner: page.node,
        page,
        unreadable: !readableContents(doc.context, page),
      });
      await walk.resources(resources, page);
      const thumb = resolve(doc.context, page.node.get(PDFName.of("Thumb")));
      if (thumb instanceof PDFRawStream) await walk.image(thumb);
      await walk.annotations(page, resources);
      v.tick?.();
      await yieldToEventLoop();
    }
    return walk;
  }

  private count(): boolean {
    if (++this.visits > MAX_VISITS) this.complete = false;
    if (this.visits % 1024 === 0) this.v.tick?.();
    return this.complete;
  }

  private dictAt(d: PDFDict | undefined, key: string): PDFDict | undefined {
    const v = d ? resolve(this.ctx, d.get(PDFName.of(key))) : undefined;
    return v instanceof PDFDict ? v : undefined;
  }

  private async image(s: PDFRawStream): Promise<void> {
    if (this.imagesSeen.has(s) || !this.count()) return;
    this.imagesSeen.add(s);
    await this.v.image?.(s);
    // Alternate images for printing are images too.
    const alts = resolve(this.ctx, s.dict.get(PDFName.of("Alternates")));
    if (alts instanceof PDFArray) {
      for (const a of alts.asArray()) {
        const entry = resolve(this.ctx, a);
        const stream = entry instanceof PDFDict ? resolve(this.ctx, entry.get(PDFName.of("Image"))) : undefined;
        if (stream instanceof PDFRawStream) await this.image(stream);
      }
    }
  }

  private shading(o: PDFObject | undefined): void {
    if (!o || this.shadingsSeen.has(o) || !this.count()) return;
    this.shadingsSeen.add(o);
    this.v.shading?.(o);
  }

  /** A stream program read with its own resources, or its caller's. */
  private async program(
    s: PDFRawStream,
    caller: PDFDict | undefined,
    kind: UnitKind,
    page?: PDFPage,
    owner?: PDFObject,
  ) {
    const own = this.dictAt(s.dict, "Resources");
    const resources = own ?? caller;
    const seen = this.units.get(s) ?? new Set();
    if (seen.has(resources) || !this.count()) return;
    seen.add(resources);
    this.units.set(s, seen);
    await this.v.unit({ kind, streams: [s], resources, owner: own ? (owner ?? s) : undefined, page });
    await this.resources(resources, page);
  }

  private async resources(res: PDFDict | undefined, page: PDFPage | undefined): Promise<void> {
    if (!res || this.resourcesSeen.has(res)) return;
    this.resourcesSeen.add(res);
    for (const [, v] of this.dictAt(res, "XObject")?.entries() ?? []) {
      const x = resolve(this.ctx, v);
      if (!(x instanceof PDFRawStream)) continue;
      const subtype = x.dict.get(PDFName.of("Subtype"));
      if (subtype === PDFName.of("Image")) await this.image(x);
      else if (subtype === PDFName.of("Form") || x.dict.has(PDFName.of("BBox")))
        await this.program(x, res, "form", page);
    }
    for (const [, v] of this.dictAt(res, "Pattern")?.entries() ?? []) {
      const p = resolve(this.ctx, v);
      if (p instanceof PDFRawStream) await this.program(p, res, "pattern", page);
      else if (p instanceof PDFDict) this.shading(resolve(this.ctx, p.get(PDFName.of("Shading"))));
    }
    for (const [, v] of this.dictAt(res, "Shading")?.entries() ?? []) this.shading(resolve(this.ctx, v));
    for (const [, v] of this.dictAt(res, "ExtGState")?.entries() ?? []) {
      const smask = this.dictAt(resolve(this.ctx, v) as PDFDict | undefined, "SMask");
      const group = smask ? resolve(this.ctx, smask.get(PDFName.of("G"))) : undefined;
      if (group instanceof PDFRawStream) await this.program(group, res, "softmask", page);
    }
    for (const [, v] of this.dictAt(res, "Font")?.entries() ?? []) {
      const font = resolve(this.ctx, v);
      if (!(font instanceof PDFDict) || font.get(PDFName.of("Subtype")) !== PDFName.of("Type3")) continue;
      const own = this.dictAt(font, "Resources");
      for (const [, g] of this.dictAt(font, "CharProcs")?.entries() ?? []) {
        const glyph = resolve(this.ctx, g);
        if (!(glyph instanceof PDFRawStream)) continue;
        const resources = own ?? res;
        const seen = this.units.get(glyph) ?? new Set();
        if (seen.has(resources) || !this.count()) continue;
        seen.add(resources);
        this.units.set(glyph, seen);
        await this.v.unit({ kind: "glyph", streams: [glyph], resources, owner: own ? font : undefined, page });
      }
      await this.resources(own, page);
    }
  }

  private async annotations(page: PDFPage, resources: PDFDict | undefined): Promise<void> {
    const annots = resolve(this.ctx, page.node.get(PDFName.of("Annots")));
    if (!(annots instanceof PDFArray)) return;
    for (const a of annots.asArray()) {
      const annot = resolve(this.ctx, a);
      if (!(annot instanceof PDFDict) || !this.count()) continue;
      this.v.annotation?.(annot, page);
      const ap = this.dictAt(annot, "AP");
      for (const key of ["N", "R", "D"]) {
        const entry = ap ? resolve(this.ctx, ap.get(PDFName.of(key))) : undefined;
        const streams =
          entry instanceof PDFRawStream
            ? [entry]
            : entry instanceof PDFDict
              ? [...entry.values()].map((x) => resolve(this.ctx, x)).filter((x) => x instanceof PDFRawStream)
              : [];
        for (const s of streams) await this.program(s as PDFRawStream, resources, "appearance", page);
      }
    }
  }
}
