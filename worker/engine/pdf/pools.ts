import { PDFName, PDFRef } from "@cantoo/pdf-lib";

/**
 * pdf-lib keeps one PDFName per name and one PDFRef per object number and generation, in pools
 * that never shrink: every name and reference any document ever held stays in the isolate for
 * good. A file of a million distinct names (or references) grew the isolate by hundreds of MB
 * that no later request could get back. The pools become weak here: an instance lives while a
 * document holds it, and is forgotten after. Identity, which pdf-lib relies on (dictionaries
 * are keyed by the instance), is kept: while any document holds an instance, `of` returns it.
 *
 * The instances made before this runs (pdf-lib's and our modules' constants) stay in the
 * library's own pool, found there first; nothing is added to that pool after.
 */

type Pool<T> = Map<string, T>;

/** The library's private pool, found by watching the one Map.set a new entry makes. */
function capturePool<T>(makeNew: () => void): Pool<T> | null {
  const set = Map.prototype.set;
  let pool: Pool<T> | null = null;
  Map.prototype.set = function (this: Map<unknown, unknown>, key: unknown, value: unknown) {
    pool ??= this as Pool<T>;
    return set.call(this, key, value);
  } as typeof set;
  try {
    makeNew();
  } finally {
    Map.prototype.set = set;
  }
  return pool;
}

class WeakPool<T extends object> {
  private readonly refs = new Map<string, WeakRef<T>>();
  private readonly registry = new FinalizationRegistry<string>((key) => {
    if (this.refs.get(key)?.deref() === undefined) this.refs.delete(key);
  });

  get(key: string): T | undefined {
    return this.refs.get(key)?.deref();
  }

  add(key: string, value: T): T {
    this.refs.set(key, new WeakRef(value));
    this.registry.register(value, key);
    return value;
  }

  get size(): number {
    return this.refs.size;
  }
}

const decodeName = (name: string) =>
  name.replace(/#([\dABCDEF]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

let installed = false;
let created = 0;
const names = new WeakPool<PDFName>();
const refs = new WeakPool<PDFRef>();

/** Names and references made so far (new ones cost far more than a lookup: the parse guard charges them). */
export function pooledCreated(): number {
  return created;
}

/** How many names and references the weak pools hold now (a test reads it). */
export function pooledCounts(): { names: number; refs: number } {
  return { names: names.size, refs: refs.size };
}

export function installWeakPools(): void {
  if (installed || typeof WeakRef === "undefined" || typeof FinalizationRegistry === "undefined") return;
  installed = true;
  const nameOf = PDFName.of;
  const refOf = PDFRef.of;
  const namePool = capturePool<PDFName>(() => nameOf("\u0000pdftools-pool-probe"));
  const refPool = capturePool<PDFRef>(() => refOf(8_388_607, 65_534));
  if (!namePool || !refPool) return;
  namePool.delete("\u0000pdftools-pool-probe");
  refPool.delete("8388607 65534 R");

  PDFName.of = (name: string): PDFName => {
    const key = decodeName(name);
    const kept = namePool.get(key) ?? names.get(key);
    if (kept) return kept;
    // The library's constructor is private: it makes the instance, which then leaves its pool.
    const made = nameOf(name);
    namePool.delete(key);
    created++;
    return names.add(key, made);
  };
  PDFRef.of = (objectNumber: number, generationNumber = 0): PDFRef => {
    const key = `${objectNumber} ${generationNumber} R`;
    const kept = refPool.get(key) ?? refs.get(key);
    if (kept) return kept;
    const made = refOf(objectNumber, generationNumber);
    refPool.delete(key);
    created++;
    return refs.add(key, made);
  };
}
