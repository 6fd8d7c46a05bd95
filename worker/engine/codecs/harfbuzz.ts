import wasm from "./hb-subset.wasm";

/**
 * Font subsetting with HarfBuzz's hb-subset (harfbuzzjs's standalone build, no imports). The
 * module is patched to start with 1 MB of memory (test/support/gen-hb-subset-wasm.mjs); its
 * allocator fails cleanly when full, and `reserve` grows the exported memory beforehand, so the
 * caller decides (and charges) how much each font may use. WebAssembly memory never shrinks:
 * an instance serves one job and is dropped with it.
 */

interface HbExports {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(ptr: number): void;
  hb_blob_create(data: number, length: number, mode: number, user: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_set_clear(set: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

const PAGE = 65536;
const MEMORY_MODE_WRITABLE = 2;
const SETS = { glyphs: 0, unicodes: 1, passthrough: 2, drop: 3 } as const;
const FLAGS = { retainGids: 0x2, notdefOutline: 0x40, glyphNames: 0x80, noLayoutClosure: 0x200 } as const;

/**
 * Tables a PDF never reads: glyphs are already chosen and placed, so substitution, positioning
 * and justification go (and with them the glyphs only GSUB could reach), as do signatures and
 * bitmaps' device metrics, which describe glyph ids that may no longer be there.
 */
const DROPPED = ["GSUB", "GPOS", "GDEF", "JSTF", "BASE", "MATH", "kern", "morx", "mort", "kerx", "feat", "DSIG"];

export interface SubsetOptions {
  /** Keep every kept glyph at its glyph id (fonts the PDF addresses by glyph id). */
  retainGids: boolean;
  /** Tables copied as they are (a simple TrueType font's cmap and post, which map codes to glyph ids). */
  passthrough?: readonly string[];
}

export interface FontSubsetter {
  /** Size of the instance's linear memory, in bytes. */
  memoryBytes(): number;
  /** Grows the memory to at least `bytes`; false when it cannot (the 1 GB ceiling, or the host refused). */
  reserve(bytes: number): boolean;
  /**
   * The font (an sfnt: TrueType or OpenType) cut to `glyphs` (glyph ids; .notdef is always kept,
   * and glyphs that kept ones are built from), or null when HarfBuzz cannot read or cut it.
   */
  subset(font: Uint8Array, glyphs: Iterable<number>, opts: SubsetOptions): Uint8Array | null;
  /** A trap left the instance unusable: every later subset is null. */
  readonly broken: boolean;
}

function tag(s: string): number {
  return ((s.charCodeAt(0) << 24) | (s.charCodeAt(1) << 16) | (s.charCodeAt(2) << 8) | s.charCodeAt(3)) >>> 0;
}

/** A fresh hb-subset instance (about 1 MB until `reserve` grows it). */
export function fontSubsetter(): FontSubsetter {
  const hb = new WebAssembly.Instance(wasm, {}).exports as unknown as HbExports;
  hb._initialize();
  let broken = false;
  const heap = () => new Uint8Array(hb.memory.buffer);

  function run(font: Uint8Array, glyphs: Iterable<number>, opts: SubsetOptions): Uint8Array | null {
    const input = hb.hb_subset_input_create_or_fail();
    if (!input) return null;
    const data = hb.malloc(font.length);
    let face = 0;
    let result = 0;
    let blob = 0;
    try {
      if (!data) return null;
      heap().set(font, data);
      const source = hb.hb_blob_create(data, font.length, MEMORY_MODE_WRITABLE, 0, 0);
      face = hb.hb_face_create(source, 0);
      hb.hb_blob_destroy(source);
      const set = hb.hb_subset_input_set(input, SETS.glyphs);
      for (const g of glyphs) hb.hb_set_add(set, g);
      hb.hb_set_clear(hb.hb_subset_input_set(input, SETS.unicodes));
      const drop = hb.hb_subset_input_set(input, SETS.drop);
      for (const t of DROPPED) hb.hb_set_add(drop, tag(t));
      const keep = hb.hb_subset_input_set(input, SETS.passthrough);
      for (const t of opts.passthrough ?? []) hb.hb_set_add(keep, tag(t));
      // The .notdef outline stays: a code with no glyph draws it, and must draw it as before.
      let flags = FLAGS.notdefOutline | FLAGS.glyphNames | FLAGS.noLayoutClosure;
      if (opts.retainGids) flags |= FLAGS.retainGids;
      hb.hb_subset_input_set_flags(input, flags);
      result = hb.hb_subset_or_fail(face, input);
      if (!result) return null;
      blob = hb.hb_face_reference_blob(result);
      const at = hb.hb_blob_get_data(blob, 0);
      const length = hb.hb_blob_get_length(blob);
      return length > 0 && at ? heap().slice(at, at + length) : null;
    } finally {
      if (blob) hb.hb_blob_destroy(blob);
      if (result) hb.hb_face_destroy(result);
      if (face) hb.hb_face_destroy(face);
      if (data) hb.free(data);
      hb.hb_subset_input_destroy(input);
    }
  }

  return {
    memoryBytes: () => hb.memory.buffer.byteLength,
    reserve(bytes) {
      const have = hb.memory.buffer.byteLength;
      if (bytes <= have) return true;
      try {
        hb.memory.grow(Math.ceil((bytes - have) / PAGE));
        return true;
      } catch {
        return false;
      }
    },
    subset(font, glyphs, opts) {
      if (broken) return null;
      try {
        return run(font, glyphs, opts);
      } catch {
        // A trap inside HarfBuzz (out-of-bounds access, unreachable, its stack overflowing): its
        // heap can no longer be trusted, and the font stays as it was.
        broken = true;
        return null;
      }
    },
    get broken() {
      return broken;
    },
  };
}
