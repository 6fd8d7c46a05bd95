import { type PDFContext, type PDFDict, PDFName, type PDFRef } from "@cantoo/pdf-lib";
import { getDict } from "../objects";

/**
 * A resource dictionary changed copy-on-write: the first change copies it (and its /XObject
 * dictionary), so pages and forms that share the original never see our edits. Redacted
 * images and forms enter under new names; an original name no Do uses any more is dropped, so
 * the unredacted object is no longer reachable from here.
 */
export class Scope {
  private copy: PDFDict | null = null;
  private xobjects: PDFDict | null = null;
  /** Names some Do still draws, and names whose drawing we replaced at least once. */
  readonly used = new Set<string>();
  readonly replaced = new Set<string>();
  private counter = 0;

  constructor(
    private readonly ctx: PDFContext,
    readonly original: PDFDict | undefined,
  ) {}

  get dict(): PDFDict | undefined {
    return this.copy ?? this.original;
  }

  get changed(): boolean {
    return this.copy !== null;
  }

  private writable(): PDFDict {
    if (!this.xobjects) {
      this.copy = this.original ? this.original.clone(this.ctx) : this.ctx.obj({});
      const xo = getDict(this.ctx, this.original, "XObject");
      this.xobjects = xo ? xo.clone(this.ctx) : this.ctx.obj({});
      this.copy.set(PDFName.of("XObject"), this.xobjects);
    }
    return this.xobjects;
  }

  /** Adds `ref` under a new name starting with `prefix`; the name. */
  add(prefix: string, ref: PDFRef): string {
    const xo = this.writable();
    let name: string;
    do name = `${prefix}${++this.counter}`;
    while (xo.has(PDFName.of(name)));
    xo.set(PDFName.of(name), ref);
    this.used.add(name);
    return name;
  }

  /** Drops the names we replaced that nothing draws any more. */
  prune(): void {
    for (const name of this.replaced) {
      if (this.used.has(name)) continue;
      this.writable().delete(PDFName.of(name));
    }
  }
}
