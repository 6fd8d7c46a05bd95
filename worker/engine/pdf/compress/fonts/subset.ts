import {
  type PDFContext,
  type PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFRawStream,
} from "@cantoo/pdf-lib";
import { type FontSubsetter, fontSubsetter } from "../../../codecs/harfbuzz";
import { type Budget, MiB, yieldToEventLoop } from "../../../core/budget";
import { EngineError } from "../../../core/errors";
import { deflate } from "../streams";
import { type Cut, cutProgram, glyphsOf, readProgram } from "./cut";
import { embeddedFonts, type FontProgram } from "./files";
import { renameSubset } from "./names";
import { programBytes, tryTake } from "./program-bytes";
import { trimToUnicode, trimWidths } from "./trim";
import { type FontUsage, fontUsage } from "./usage";

/**
 * Font subsetting, the lossless step that matters most for text: every embedded TrueType and
 * CFF font program is cut to the glyphs the document shows with it (usage.ts counts them, cut.ts
 * keeps glyph ids where the PDF needs them), and the cut fonts' widths and ToUnicode maps lose
 * the glyphs that went (trim.ts). A program that cannot be read or cut, that a form may draw any
 * text with, or that nothing shows, stays exactly as it was.
 */

/** Decoded font programs at most this large are cut (CJK fonts reach 20 MB); larger ones stay. */
const MAX_FONT = 32 * MiB;
/** Font data decoded per document at most: past it, the remaining fonts stay whole. */
const MAX_WORK = 128 * MiB;
/**
 * HarfBuzz's memory for one font: its copy of the font, its plan, the tables it writes and the
 * finished font. Measured: a 14 MB font of 65,535 glyphs grew its heap by 1.15 times its size,
 * DejaVu Sans (757 KB) by 1.6 MB.
 */
const hbMemory = (bytes: number) => 2 * MiB + bytes * 1.5;

export interface SubsetOptions {
  budget?: Budget;
  name?: string;
}

/** HarfBuzz, with its memory charged to the job as it grows (it never shrinks: given back when the job is done). */
class Harfbuzz {
  readonly hb: FontSubsetter = fontSubsetter();
  charged = 0;
  constructor(private readonly budget: Budget | undefined) {}

  /** Room for a font of `bytes`, or false. */
  room(bytes: number): boolean {
    const want = Math.max(hbMemory(bytes), this.hb.memoryBytes());
    if (want <= this.charged) return true;
    if (!tryTake(this.budget, want - this.charged, "Font subsetting")) return false;
    if (!this.hb.reserve(want)) {
      this.budget?.give(want - this.charged);
      return false;
    }
    this.charged = want;
    return true;
  }

  release(): void {
    this.budget?.give(this.charged);
    this.charged = 0;
  }
}

/** Cuts the document's embedded fonts; how many were cut. */
export async function subsetFonts(doc: PDFDocument, opts: SubsetOptions = {}): Promise<number> {
  const ctx = doc.context;
  const { programs, toUnicode } = embeddedFonts(ctx);
  if (programs.length === 0) return 0;
  const usage = await fontUsage(doc, opts.budget);
  if (!usage.complete) return 0;
  const wanted = programs.filter(
    (p) =>
      !p.users.some((u) => u.selectedAs.some((f) => usage.whole.has(f))) &&
      p.users.some((u) => u.selectedAs.some((f) => (usage.shown.get(f)?.size ?? 0) > 0)),
  );
  if (wanted.length === 0) return 0;
  const hb = new Harfbuzz(opts.budget);
  const done: FontProgram[] = [];
  let work = 0;
  try {
    for (const prog of wanted) {
      if (work > MAX_WORK || hb.hb.broken) break;
      opts.budget?.check();
      const r = await subsetOne(ctx, prog, usage, hb, opts);
      work += r.decoded;
      if (r.cut) done.push(prog);
      await yieldToEventLoop();
    }
  } finally {
    hb.release();
  }
  trimCut(ctx, done, usage, toUnicode);
  return done.length;
}

/** Decodes, cuts and writes one program: whether it was cut, and the bytes decoded (the work done). */
async function subsetOne(
  ctx: PDFContext,
  prog: FontProgram,
  usage: FontUsage,
  hb: Harfbuzz,
  opts: SubsetOptions,
): Promise<{ cut: boolean; decoded: number }> {
  const budget = opts.budget;
  // A font of S bytes holds S decoded, HarfBuzz's 1.5 S + 2 MB (less what its memory already has)
  // and its cut copy: fonts too large for what the job has left are never inflated whole.
  const left = (budget?.memoryLeft ?? 5 * MAX_FONT) + hb.charged - 2 * MiB;
  const max = Math.min(MAX_FONT, Math.floor(left / 4));
  if (max < 64 * 1024) return { cut: false, decoded: 0 };
  const declared = prog.stream.dict.get(PDFName.of("Length1"));
  if (declared instanceof PDFNumber && declared.asNumber() > max) return { cut: false, decoded: 0 };
  const { data, held, work } = programBytes(ctx, prog, max, budget, `${opts.name ?? "This PDF"}'s fonts`);
  if (!data) return { cut: false, decoded: work };
  try {
    if (!hb.room(data.length)) return { cut: false, decoded: work };
    const result = cutOne(ctx, hb.hb, prog, data, usage);
    return { cut: result !== null && write(ctx, prog, result, usage, budget), decoded: work };
  } catch (err) {
    // A fault of ours in one font must not cost the whole compression: that font stays.
    if (err instanceof EngineError) throw err;
    console.warn(`font subsetting failed on ${opts.name ?? "a PDF"}:`, err instanceof Error ? err.message : err);
    return { cut: false, decoded: work };
  } finally {
    budget?.give(held);
  }
}

function cutOne(ctx: PDFContext, hb: FontSubsetter, prog: FontProgram, data: Uint8Array, usage: FontUsage): Cut | null {
  const program = readProgram(prog.kind, data);
  if (!program) return null;
  const gids = glyphsOf(ctx, prog, program, (f) => usage.shown.get(f));
  if (!gids || gids.size >= program.glyphCount) return null;
  return cutProgram(hb, prog, data, program, gids);
}

/** Puts the cut program in place of the old one, if it is smaller; names the fonts as subsets. */
function write(ctx: PDFContext, prog: FontProgram, result: Cut, usage: FontUsage, budget: Budget | undefined): boolean {
  const held = result.bytes.length * 2 + MiB;
  if (!tryTake(budget, held, "A font")) return false;
  try {
    const packed = deflate(result.bytes);
    if (packed.length + 16 >= prog.stream.contents.length) return false;
    prog.stream.updateContents(packed);
    const d = prog.stream.dict;
    d.set(PDFName.of("Filter"), PDFName.of("FlateDecode"));
    d.delete(PDFName.of("DecodeParms"));
    if (prog.kind === "TrueType") d.set(PDFName.of("Length1"), PDFNumber.of(result.bytes.length));
    renameSubset(ctx, prog, result, usage);
    return true;
  } finally {
    budget?.give(held);
  }
}

/** Widths and ToUnicode maps of the cut Type 0 fonts, down to what they show. */
function trimCut(
  ctx: PDFContext,
  done: FontProgram[],
  usage: FontUsage,
  toUnicode: Map<PDFRawStream, PDFDict[]>,
): void {
  const cutTops = new Set<PDFDict>();
  for (const prog of done) {
    for (const user of prog.users) {
      if (!user.composite) continue;
      const cids = new Set<number>();
      for (const top of user.selectedAs) {
        cutTops.add(top);
        for (const c of usage.shown.get(top) ?? []) cids.add(c);
      }
      trimWidths(ctx, user.font, cids);
    }
  }
  for (const [stream, owners] of toUnicode) {
    if (!owners.every((o) => cutTops.has(o))) continue;
    const codes = new Set<number>();
    for (const o of owners) for (const c of usage.codes.get(o) ?? []) codes.add(c);
    trimToUnicode(ctx, stream, codes);
  }
}
