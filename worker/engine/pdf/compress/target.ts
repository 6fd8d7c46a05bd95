import { type PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRawStream, type PDFRef } from "@cantoo/pdf-lib";
import type { Budget } from "../../core/budget";
import { isOutOfBudget } from "../../core/errors";
import { formatSize } from "../../image/compress/report";
import { outputEstimate, savePdf } from "../document";
import { PlacementMap } from "./content";
import { type ImageLevel, type ImageReport, noImages, recompressImages } from "./images";

/**
 * Compress a PDF to a size. Lossless first: a file that fits after it keeps every image as it
 * was. Then the recommended level (images to 150 ppi, the metric keeping SSIM 0.95). When that
 * leaves room under the target, higher rungs are tried, best first (up to 300 ppi and SSIM
 * 0.98), each from the originals, and the best one that fits is kept: a 1 MB target is spent on
 * quality, not left at 275 KB. When the recommended level is over the target, then, while
 * the file is over the target, lower rungs for the largest images first, each re-encoded once
 * from its original (never from an earlier re-encoding) with the metric guarding it at that
 * rung's bar, down to 72 ppi (ghostscript's /screen). Which image goes to which rung comes from
 * a prediction (its size at the recommended level, scaled by pixels, corrected by every real
 * encode), so a 12 MP photo is decoded once more at most, not once per rung tried. A document
 * of photos first has its largest one encoded at the recommended level (guessRecommended): when
 * what that level would make is clearly over the target, it is skipped, and the lower rungs are
 * planned from the originals at once (ten 12 MP photos to 200 KB in 3.4 s, was 5.4 s).
 */

/** Further rungs after the recommended level, each lower: the last one is the floor. */
export const TARGET_RUNGS: readonly ImageLevel[] = [
  { ppi: 120, target: 0.93, range: [35, 85] },
  { ppi: 96, target: 0.9, range: [25, 80] },
  { ppi: 72, target: 0.85, range: [20, 75] },
];
/**
 * Rungs above the recommended level, best first: tried when the recommended result leaves room
 * (it is under ROOM of the target). Each is a whole re-encoding from the originals.
 */
export const RAISE_RUNGS: readonly ImageLevel[] = [
  { ppi: 300, target: 0.98, range: [60, 95] },
  { ppi: 250, target: 0.975, range: [55, 93] },
  { ppi: 200, target: 0.97, range: [50, 92] },
  { ppi: 175, target: 0.96, range: [45, 90] },
];
/** Bytes per pixel at each raise rung against the recommended level, before an encode says better. */
const RAISE_PRIOR = [1.8, 1.6, 1.4, 1.2];
/** Encodings the raise may try (each a whole pass over the images). */
const MAX_RAISES = 3;
/** Raising is tried only when the recommended result is under this share of the target. */
const ROOM = 0.8;
/**
 * The recommended level is skipped for the lower rungs when what it would make, foretold from one
 * photo, is over the target by 1 / GUESS_MARGIN or more.
 */
const GUESS_MARGIN = 0.8;
/** Bytes per pixel at each rung against the recommended level, before any encode says better. */
const PRIOR_RATIO = [1, 0.95, 0.9, 0.85];
/** Plans aim this far under the target, so that a small misprediction still fits. */
const AIM = 0.95;
/** Rounds of planning, re-encoding and saving at most. */
const MAX_ROUNDS = 4;
/** Time to re-encode an image, per pixel of its original, until one has been timed (0.3 s for 1 MP). */
const PRIOR_MS_PER_PIXEL = 3e-4;
/** Images within this factor of a rung's resolution are left at their size (as recompressImages does). */
const THRESHOLD = 1.1;

export interface TargetPdfResult {
  images: ImageReport;
  /** The saved file (the last save: what the document now is). */
  out: Uint8Array;
  met: boolean;
  reason?: string;
}

interface Entry {
  ref: PDFRef;
  stream: PDFRawStream;
  width: number;
  height: number;
  placed: { width: number; height: number };
  /** 0: as the recommended level left it; 1..: the rung it was re-encoded at. */
  level: number;
  /** Bytes per pixel at level 0, and the pixels it has there. */
  bpp0: number;
  pixels0: number;
  original: Snapshot;
  /** False once it turned out this compressor cannot re-encode it. */
  reducible: boolean;
}

interface Snapshot {
  entries: [PDFName, PDFObject][];
  contents: Uint8Array;
  mask: { stream: PDFRawStream; entries: [PDFName, PDFObject][]; contents: Uint8Array } | null;
}

export interface TargetPdfOptions {
  budget?: Budget;
  name?: string;
  recommended: ImageLevel;
  /** The input file's size. */
  inputSize: number;
  /** Keep the information dictionary as it is (metadata removed: nothing of ours is written into it). */
  keepInfo?: boolean;
}

export async function compressPdfToTarget(
  doc: PDFDocument,
  target: number,
  opts: TargetPdfOptions,
): Promise<TargetPdfResult> {
  const { budget } = opts;
  let charged = 0;
  const save = async () => {
    // An earlier save is dropped: its memory is given back before the next is made.
    budget?.give(charged);
    charged = outputEstimate(doc);
    return savePdf(doc, { budget, keepInfo: opts.keepInfo });
  };

  // Lossless alone, when it can be near enough (the estimate counts streams and objects). An
  // input already within the target is never made lossy: the original comes back if the
  // rewrite is no smaller.
  if (opts.inputSize <= target || outputEstimate(doc) <= target * 1.3) {
    const out = await save();
    if (out.length <= target || opts.inputSize <= target) return { images: noImages(), out, met: true };
  }

  const originals = snapshotImages(doc);
  // A target well under what the recommended level would make, as one photo encoded at that level
  // foretells: the lower rungs are planned from the originals at once, the recommended level
  // skipped, and every image goes to a lower rung in the first round.
  const guess = await guessRecommended(doc, originals, opts);
  let images: ImageReport;
  let entries: Entry[];
  let msPerPixel: number;
  let out: Uint8Array | undefined;
  let size: number;
  if (guess && guess.predicted * GUESS_MARGIN >= target) {
    images = noImages(guess.entries.length);
    entries = guess.entries;
    msPerPixel = guess.msPerPixel;
    size = guess.current;
  } else {
    const started = Date.now();
    // The photo the guess made at this level is kept as it is.
    const rest = guess ? new Set([...originals.keys()].filter((ref) => ref !== guess.done.ref)) : undefined;
    images = await recompressImages(doc, opts.recommended, { budget, name: opts.name, only: rest });
    const r0Pixels = sourcePixels(originals, images.measured.keys());
    msPerPixel = r0Pixels > 0 ? (Date.now() - started) / r0Pixels : PRIOR_MS_PER_PIXEL;
    if (guess) images = mergeReports(images, guess.done.report);
    out = await save();
    if (out.length <= target) {
      const raised =
        out.length < target * ROOM ? await raise(doc, originals, images, out, target, msPerPixel, save, opts) : null;
      return { images: raised?.images ?? images, out: raised?.out ?? out, met: true };
    }
    entries = reducibleImages(doc, originals, images, budget);
    size = out.length;
  }

  const ratio = [...PRIOR_RATIO];
  let timedOut = false;
  for (let round = 0; round < MAX_ROUNDS && size > target; round++) {
    const plan = planRungs(entries, size, target, ratio);
    // From the originals: none is left as it came.
    if (!out) for (const e of entries) if (!plan.has(e)) plan.set(e, 1);
    if (plan.size === 0) break;
    // Within the time left: the largest images first, as many as their decoding allows.
    let allowed = budget ? budget.remaining - saveMs(size) - 1000 : Number.POSITIVE_INFINITY;
    for (const e of [...plan.keys()]) {
      const cost = e.width * e.height * msPerPixel;
      if (cost > allowed) plan.delete(e);
      else allowed -= cost;
    }
    if (plan.size === 0) {
      timedOut = true;
      break;
    }
    const t0 = Date.now();
    for (let level = 1; level <= TARGET_RUNGS.length; level++) {
      const group = [...plan].filter(([, l]) => l === level).map(([e]) => e);
      if (group.length > 0) await reencode(doc, group, level, images, ratio, opts);
    }
    msPerPixel =
      (Date.now() - t0) /
      Math.max(
        1,
        [...plan.keys()].reduce((n, e) => n + e.width * e.height, 0),
      );
    out = await save();
    size = out.length;
  }
  out ??= await save();
  const met = out.length <= target;
  return { images, out, met, ...(met ? {} : { reason: whyNot(doc, entries, out.length, timedOut) }) };
}

/** Two reports of images re-encoded, of different images, as one. */
function mergeReports(a: ImageReport, b: ImageReport): ImageReport {
  return {
    examined: a.examined + b.examined,
    recompressed: a.recompressed + b.recompressed,
    bytesSaved: a.bytesSaved + b.bytesSaved,
    measured: new Map([...a.measured, ...b.measured]),
  };
}

/**
 * The recommended level's file foretold from the largest photo alone, encoded at that level (and
 * put back): every other image is taken to have the photo's bytes per pixel there, scaled by its
 * own bytes per pixel as it came (more detail takes more at any level). Only for a document of
 * two or more photos, all made smaller at that level and holding nearly all its image bytes; null
 * otherwise, when the photo could not be re-encoded, or when time is short. The photo is left at
 * the recommended level: the rest of that level need not make it again.
 */
async function guessRecommended(
  doc: PDFDocument,
  originals: Map<PDFRef, Snapshot>,
  opts: TargetPdfOptions,
): Promise<{
  entries: Entry[];
  current: number;
  msPerPixel: number;
  predicted: number;
  /** The photo, left at the recommended level, and what that made of it. */
  done: { ref: PDFRef; report: ImageReport };
} | null> {
  const { budget } = opts;
  const entries = reducibleImages(doc, originals, noImages(), budget);
  const allImageBytes = [...originals.values()].reduce((n, o) => n + o.contents.length, 0);
  const entryBytes = entries.reduce((n, e) => n + e.original.contents.length, 0);
  if (
    entries.length < 2 ||
    entryBytes < allImageBytes * 0.9 ||
    entries.some((e) => pixelsAtPpi(e, opts.recommended.ppi) === null)
  )
    return null;
  const e = [...entries].sort((a, b) => b.original.contents.length - a.original.contents.length)[0];
  if (budget && e.width * e.height * PRIOR_MS_PER_PIXEL * 2 + 2000 > budget.remaining) return null;
  const before = outputEstimate(doc);
  const started = Date.now();
  let report: ImageReport;
  let bpp: number;
  try {
    report = await recompressImages(doc, opts.recommended, { budget, name: opts.name, only: new Set([e.ref]) });
    const m = report.measured.get(e.ref);
    if (!m) {
      restore(e.stream, e.original);
      return null;
    }
    bpp = imageBytes(e.stream) / m.pixels;
  } catch (err) {
    restore(e.stream, e.original);
    if (isOutOfBudget(err)) return null;
    throw err;
  }
  const msPerPixel = (Date.now() - started) / (e.width * e.height);
  const density = (x: Entry) => x.original.contents.length / (x.width * x.height);
  for (const x of entries) {
    x.pixels0 = pixelsAtPpi(x, opts.recommended.ppi) as number;
    x.bpp0 = (bpp * density(x)) / density(e);
  }
  const others = Math.max(0, before - entryBytes);
  return {
    entries,
    current: outputEstimate(doc),
    msPerPixel,
    predicted: others + entries.reduce((n, x) => n + x.pixels0 * x.bpp0, 0),
    done: { ref: e.ref, report },
  };
}

/**
 * Spends the room the recommended level left under the target on quality: the best raise rung
 * whose predicted size fits (with a margin) and whose decoding fits the time left is encoded from
 * the originals and saved. The prediction is first corrected by the largest image alone (probe),
 * so the document is usually encoded whole once: on ten 12 MP photos and a 1 MB target, 9.0 s
 * where trying 200 ppi and then 250 ppi took 13.4 s, to the same file. Every real result corrects
 * the predictions: one over the target sends the search down a rung, one far under it up to a
 * better rung not yet tried, while the time lasts (at most MAX_RAISES encodings). The best result
 * that fits is kept; null when none does, and the document is then put back as the recommended
 * level left it.
 */
async function raise(
  doc: PDFDocument,
  originals: Map<PDFRef, Snapshot>,
  r0: ImageReport,
  out0: Uint8Array,
  target: number,
  msPerPixel: number,
  save: () => Promise<Uint8Array>,
  opts: TargetPdfOptions,
): Promise<{ images: ImageReport; out: Uint8Array } | null> {
  const { budget } = opts;
  const entries = reducibleImages(doc, originals, r0, budget);
  if (entries.length === 0 || r0.measured.size === 0) return null;
  const recommended = new Map(entries.map((e) => [e, snapshotOne(e.stream)]));
  const bytesNow = entries.reduce((n, e) => n + imageBytes(e.stream), 0);
  const others = out0.length - bytesNow;
  const decodeMs = entries.reduce((n, e) => n + e.width * e.height * msPerPixel, 0);
  const predict = (i: number) =>
    others +
    entries.reduce((n, e) => {
      const px = pixelsAtPpi(e, RAISE_RUNGS[i].ppi);
      return n + (px === null ? e.original.contents.length : px * e.bpp0 * RAISE_PRIOR[i] * correction);
    }, 0);
  let correction = 1;
  // One image first, the largest: re-encoded alone at the best rung the prior says fits, it
  // corrects the prior for every image (a document's photos are usually alike), so the whole
  // document is then encoded once at the rung that fits, not once per rung on the way there.
  if (entries.length > 1) correction = await probe(doc, entries, r0, target, predict, decodeMs, opts);
  let best: { rung: number; images: ImageReport; out: Uint8Array; state: Map<Entry, Snapshot> } | null = null;
  const tried = new Set<number>();
  // The recommended result is held while rungs are tried: it is what comes back if none fits.
  // Raising is a bonus: running short of time or memory ends it with what it has, never the job.
  let held = 0;
  try {
    budget?.take(out0.length, "the file compressed at the recommended level");
    held = out0.length;
  } catch (err) {
    if (isOutOfBudget(err)) return restoreAll(recommended);
    throw err;
  }
  try {
    for (let attempt = 0; attempt < MAX_RAISES; attempt++) {
      const i = RAISE_RUNGS.findIndex(
        (_, k) => !tried.has(k) && k < (best?.rung ?? RAISE_RUNGS.length) && predict(k) <= target * AIM,
      );
      if (i < 0) break;
      if (budget && decodeMs * 1.5 + saveMs(target) + 2000 > budget.remaining) break;
      tried.add(i);
      const predicted = predict(i);
      try {
        for (const e of entries) restore(e.stream, e.original);
        const r = await recompressImages(doc, RAISE_RUNGS[i], {
          budget,
          name: opts.name,
          only: new Set(entries.map((e) => e.ref)),
        });
        const out = await save();
        correction *= out.length / Math.max(1, predicted);
        if (out.length <= target) {
          budget?.take(out.length, "the best file within the target so far");
          if (best) budget?.give(best.out.length);
          best = {
            rung: i,
            images: { ...r, examined: r0.examined },
            out,
            state: new Map(entries.map((e) => [e, snapshotOne(e.stream)])),
          };
        }
      } catch (err) {
        if (isOutOfBudget(err)) break;
        throw err;
      }
    }
    if (!best) return restoreAll(recommended);
    restoreAll(best.state);
    return { images: best.images, out: best.out };
  } finally {
    if (best) held += best.out.length;
    budget?.give(held);
  }
}

/**
 * The prior's correction, from the largest image re-encoded alone at the best raise rung the prior
 * says fits: its bytes there against the prior's. 1 (no correction) when no rung fits, when time
 * is short, or when the image cannot be re-encoded; the image is put back as it was either way.
 */
async function probe(
  doc: PDFDocument,
  entries: Entry[],
  r0: ImageReport,
  target: number,
  predict: (rung: number) => number,
  decodeMs: number,
  opts: TargetPdfOptions,
): Promise<number> {
  const e = entries
    .filter((x) => r0.measured.has(x.ref))
    .sort((a, b) => imageBytes(b.stream) - imageBytes(a.stream))[0];
  const rung = RAISE_RUNGS.findIndex((_, k) => predict(k) <= target * AIM);
  if (!e || rung < 0) return 1;
  const px = pixelsAtPpi(e, RAISE_RUNGS[rung].ppi);
  const expected = px === null ? e.original.contents.length : px * e.bpp0 * RAISE_PRIOR[rung];
  const share =
    (e.width * e.height) /
    Math.max(
      1,
      entries.reduce((n, x) => n + x.width * x.height, 0),
    );
  if (opts.budget && decodeMs * (1.5 + share) + saveMs(target) + 2000 > opts.budget.remaining) return 1;
  const now = snapshotOne(e.stream);
  try {
    restore(e.stream, e.original);
    const r = await recompressImages(doc, RAISE_RUNGS[rung], {
      budget: opts.budget,
      name: opts.name,
      only: new Set([e.ref]),
    });
    return r.measured.has(e.ref) && expected > 0 ? imageBytes(e.stream) / expected : 1;
  } catch (err) {
    if (isOutOfBudget(err)) return 1;
    throw err;
  } finally {
    restore(e.stream, now);
  }
}

function restoreAll(snapshots: Map<Entry, Snapshot>): null {
  for (const [e, s] of snapshots) restore(e.stream, s);
  return null;
}

/** The time a save of about `bytes` may take (pdf-lib writes about 50 MB a second here). */
function saveMs(bytes: number): number {
  return 200 + bytes / 50_000;
}

function snapshotImages(doc: PDFDocument): Map<PDFRef, Snapshot> {
  const out = new Map<PDFRef, Snapshot>();
  for (const [ref, o] of doc.context.enumerateIndirectObjects()) {
    if (!(o instanceof PDFRawStream) || o.dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    const smask = o.dict.get(PDFName.of("SMask"));
    const m = smask instanceof PDFRawStream ? smask : smask ? doc.context.lookup(smask) : undefined;
    out.set(ref, {
      entries: o.dict.entries(),
      contents: o.contents,
      mask: m instanceof PDFRawStream ? { stream: m, entries: m.dict.entries(), contents: m.contents } : null,
    });
  }
  return out;
}

function restore(stream: PDFRawStream, s: Snapshot): void {
  put(stream, s.entries, s.contents);
  if (s.mask) put(s.mask.stream, s.mask.entries, s.mask.contents);
}

function put(stream: PDFRawStream, entries: [PDFName, PDFObject][], contents: Uint8Array): void {
  for (const key of stream.dict.keys()) stream.dict.delete(key);
  for (const [k, v] of entries) stream.dict.set(k, v);
  stream.updateContents(contents);
}

function sourcePixels(originals: Map<PDFRef, Snapshot>, refs: Iterable<PDFRef>): number {
  let n = 0;
  for (const ref of refs) {
    const s = originals.get(ref);
    const w = s?.entries.find(([k]) => k === PDFName.of("Width"))?.[1];
    const h = s?.entries.find(([k]) => k === PDFName.of("Height"))?.[1];
    if (w instanceof PDFNumber && h instanceof PDFNumber) n += w.asNumber() * h.asNumber();
  }
  return n;
}

function imageBytes(stream: PDFRawStream): number {
  const smask = stream.dict.get(PDFName.of("SMask"));
  const m = smask ? stream.dict.context.lookup(smask) : undefined;
  return (
    stream.contents.length + (m instanceof PDFRawStream && m.dict.get(PDFName.of("Matte")) ? m.contents.length : 0)
  );
}

/** The images placed on pages whose originals this compressor can re-encode at a lower rung. */
function reducibleImages(
  doc: PDFDocument,
  originals: Map<PDFRef, Snapshot>,
  r0: ImageReport,
  budget: Budget | undefined,
): Entry[] {
  const entries: Entry[] = [];
  // No image to re-encode: the content is not read for where images are drawn.
  if (originals.size === 0) return entries;
  for (const [ref, placed] of PlacementMap.of(doc, budget).sizes) {
    const stream = doc.context.lookup(ref);
    const original = originals.get(ref);
    if (!(stream instanceof PDFRawStream) || !original) continue;
    const num = (k: string) => {
      const v = original.entries.find(([n]) => n === PDFName.of(k))?.[1];
      return v instanceof PDFNumber ? v.asNumber() : 0;
    };
    const width = num("Width");
    const height = num("Height");
    if (!width || !height || !(placed.width > 0) || !(placed.height > 0)) continue;
    const measured = r0.measured.get(ref);
    const pixels0 = measured?.pixels ?? width * height;
    entries.push({
      ref,
      stream,
      width,
      height,
      placed,
      level: 0,
      bpp0: imageBytes(stream) / pixels0,
      pixels0,
      original,
      reducible: true,
    });
  }
  return entries;
}

/** The pixels an image has at a rung, or null when the rung would not resize it. */
function pixelsAt(e: Entry, level: number): number | null {
  return pixelsAtPpi(e, TARGET_RUNGS[level - 1].ppi);
}

/** The pixels an image has at `ppi` where it is painted, or null when that would not resize it. */
function pixelsAtPpi(e: Entry, ppi: number): number | null {
  const scale = Math.max(((e.placed.width / 72) * ppi) / e.width, ((e.placed.height / 72) * ppi) / e.height);
  if (!(scale > 0) || scale * THRESHOLD >= 1) return null;
  return Math.max(1, Math.round(e.width * scale)) * Math.max(1, Math.round(e.height * scale));
}

/**
 * Which images go to which rung this round: rung by rung, the largest images first, until the
 * predicted size is under the target (with a margin).
 */
function planRungs(entries: Entry[], size: number, target: number, ratio: number[]): Map<Entry, number> {
  const plan = new Map<Entry, number>();
  const bytesNow = new Map(entries.map((e) => [e, imageBytes(e.stream)]));
  let predicted = size;
  for (let level = 1; level <= TARGET_RUNGS.length; level++) {
    const order = entries
      .filter((e) => e.reducible && e.level < level)
      .sort((a, b) => (bytesNow.get(b) as number) - (bytesNow.get(a) as number));
    for (const e of order) {
      const px = pixelsAt(e, level);
      if (px === null) continue;
      const after = px * e.bpp0 * ratio[level];
      const before = bytesNow.get(e) as number;
      if (after >= before) continue;
      plan.set(e, level);
      bytesNow.set(e, after);
      predicted -= before - after;
      if (predicted <= target * AIM) return plan;
    }
  }
  return plan;
}

/**
 * Re-encodes `group` at `level` from their originals. What the previous rung made is put back
 * for any image the encoder leaves alone (damaged data found only now).
 */
async function reencode(
  doc: PDFDocument,
  group: Entry[],
  level: number,
  report: ImageReport,
  ratio: number[],
  opts: TargetPdfOptions,
): Promise<void> {
  const before = new Map(group.map((e) => [e, snapshotOne(e.stream)]));
  for (const e of group) restore(e.stream, e.original);
  const r = await recompressImages(doc, TARGET_RUNGS[level - 1], {
    budget: opts.budget,
    name: opts.name,
    only: new Set(group.map((e) => e.ref)),
  });
  const ratios: number[] = [];
  for (const e of group) {
    const m = r.measured.get(e.ref);
    if (!m) {
      restore(e.stream, before.get(e) as Snapshot);
      e.reducible = false;
      continue;
    }
    report.measured.set(e.ref, m);
    e.level = level;
    ratios.push(imageBytes(e.stream) / (m.pixels * e.bpp0));
  }
  report.recompressed = report.measured.size;
  if (ratios.length > 0) ratio[level] = ratios.reduce((a, b) => a + b, 0) / ratios.length;
}

function snapshotOne(stream: PDFRawStream): Snapshot {
  const smask = stream.dict.get(PDFName.of("SMask"));
  const m = smask ? stream.dict.context.lookup(smask) : undefined;
  return {
    entries: stream.dict.entries(),
    contents: stream.contents,
    mask: m instanceof PDFRawStream ? { stream: m, entries: m.dict.entries(), contents: m.contents } : null,
  };
}

/** Why the file is still over the target, in words a person reads after "Could not reach 1 MB: ". */
function whyNot(doc: PDFDocument, entries: Entry[], size: number, timedOut: boolean): string {
  let images = 0;
  for (const [, o] of doc.context.enumerateIndirectObjects()) {
    if (o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"))
      images += o.contents.length;
  }
  const share = Math.round((images / size) * 100);
  if (images === 0)
    return `this PDF is text and drawings only, with no images to make smaller: ${formatSize(size)} is the smallest it can be`;
  if (share < 50) return `this PDF is mostly text and drawings: images are only ${share}% of it`;
  if (timedOut) return `it could not be made smaller than ${formatSize(size)} in the time a job has`;
  const atFloor = entries.every(
    (e) => !e.reducible || e.level === TARGET_RUNGS.length || pixelsAt(e, e.level + 1) === null,
  );
  if (atFloor && entries.some((e) => e.reducible)) {
    return `its images (${share}% of it) are already at the lowest resolution kept, ${TARGET_RUNGS[TARGET_RUNGS.length - 1].ppi} ppi`;
  }
  return `its images (${share}% of it) are in forms that cannot be re-encoded here`;
}
