import { oxipng } from "../../codecs/oxipng";
import { concat } from "../../core/bytes";
import { readExif } from "../exif";
import { orientPixels } from "../orient";
import { CHANNELS, type PixelSource, readAll } from "../pixels";
import { COLOUR_CHUNKS, chunkBytes, PNG_SIGNATURE, type PngChunk, parseHeader, readChunks } from "../png/chunks";
import { memoryRows, PngRawRows, type RawRows, rowBytes } from "../png/decode";
import { PngWriter, packRow } from "../png/encode";
import { losslessPng } from "../png/lossless";
import { PngPixels } from "../png/pixels";
import { sampleTiles, stripScore } from "../quality";
import { buildPalette, Ditherer, type Palette } from "../quantize";
import { type CompressedImage, type CompressImageOptions, checkOf, presetOf, QUALITY_PRESETS } from "./options";

/** oxipng holds about eight times the raw image; above this it would not fit the isolate. */
export const OXIPNG_MAX_RAW_BYTES = 8_500_000;
/** The lossy palette result must be at most this fraction of the best lossless one. */
const LOSSY_GAIN = 0.7;
/** Chunks an animated PNG needs besides the critical ones. */
const ANIMATION = new Set(["acTL", "fcTL", "fdAT"]);

/** The file with only what affects the picture: no text, EXIF or timestamps. */
function stripped(chunks: PngChunk[]): Uint8Array {
  const keep = chunks.filter(
    (c) =>
      c.type[0] === c.type[0].toUpperCase() ||
      COLOUR_CHUNKS.has(c.type) ||
      ANIMATION.has(c.type) ||
      ["tRNS", "pHYs", "bKGD", "sBIT"].includes(c.type),
  );
  return concat([PNG_SIGNATURE, ...keep.map((c) => chunkBytes(c.type, c.data))]);
}

function rawSize(png: Uint8Array): number {
  const h = parseHeader(readChunks(png));
  return rowBytes(h) * h.height;
}

/** What keeps every pixel of a PNG, and what a lossy step would start from. */
export interface PngLossless {
  size: { width: number; height: number };
  /** Metadata removed, re-encoded losslessly, and oxipng's, the smallest first. */
  candidates: { bytes: Uint8Array; method: string }[];
  /** The upright pixels and the colour chunks that go with them; null for an animation. */
  source: PixelSource | null;
  colour: PngChunk[];
}

/**
 * A PNG's lossless candidates: the file without what does not affect the picture, the pixels
 * re-encoded in their smallest form, and oxipng's result when the image is small enough for it.
 */
export async function pngLossless(bytes: Uint8Array, check?: () => void): Promise<PngLossless> {
  const chunks = readChunks(bytes);
  const header = parseHeader(chunks);
  const size = { width: header.width, height: header.height };
  const candidates = [{ bytes: stripped(chunks), method: "metadata removed" }];
  if (chunks.some((c) => c.type === "acTL")) return { size, candidates, source: null, colour: [] };
  const exif = chunks.find((c) => c.type === "eXIf");
  const o = exif ? readExif(exif.data).orientation : 1;
  let raw: RawRows = new PngRawRows(header, chunks);
  const pixels = new PngPixels(raw, chunks);
  if (o !== 1) {
    // Rare (PNG rarely carries EXIF): turn the pixels upright in memory.
    const upright = orientPixels(
      { data: readAll(pixels), width: header.width, height: header.height },
      CHANNELS[pixels.layout],
      o,
    );
    raw = memoryRows(upright.data, upright.width, upright.height, CHANNELS[pixels.layout] as 1 | 3 | 4);
    size.width = upright.width;
    size.height = upright.height;
  }
  const colour = chunks.filter(
    (c) =>
      COLOUR_CHUNKS.has(c.type) ||
      c.type === "pHYs" ||
      (o === 1 && c.type === "tRNS") ||
      (o === 1 && c.type === "PLTE"),
  );
  const lossless = await losslessPng(raw, o === 1 ? chunks : colour, check);
  candidates.push({ bytes: lossless, method: "lossless" });
  if (rawSize(lossless) <= OXIPNG_MAX_RAW_BYTES) {
    candidates.push({ bytes: oxipng().optimise(lossless, 2), method: "lossless (oxipng)" });
    check?.();
  }
  candidates.sort((a, b) => a.bytes.length - b.bytes.length);
  return { size, candidates, source: o === 1 ? pixels : new PngPixels(raw, colour), colour };
}

/**
 * PNG in, PNG out: the pixels re-encoded losslessly in their smallest form (then oxipng when
 * the image is small enough for it), or a palette of at most 256 colours when that is much
 * smaller and the metric says it looks the same. Animated PNGs only lose their metadata.
 */
export async function compressPng(bytes: Uint8Array, opts: CompressImageOptions): Promise<CompressedImage> {
  const check = checkOf(opts.budget);
  const { size, candidates, source, colour } = await pngLossless(bytes, check);
  const base = { format: "png" as const, ...size };
  let best: { bytes: Uint8Array; method: string; quality?: number } = candidates[0];
  if (source && source.layout !== "gray") {
    const lossy = await palettePng(source, colour, QUALITY_PRESETS[presetOf(opts.quality)], check);
    if (lossy && lossy.bytes.length <= best.bytes.length * LOSSY_GAIN)
      best = { bytes: lossy.bytes, method: "256-colour palette", quality: lossy.score };
  }
  if (best.bytes.length >= bytes.length) return { ...base, bytes, method: "original", unchanged: true };
  const lossy = best.quality !== undefined ? { quality: best.quality } : {};
  return { ...base, bytes: best.bytes, method: best.method, unchanged: false, ...lossy };
}

/**
 * The image as a dithered palette PNG, with its SSIM on the sample tiles, or null when they show
 * it would score below `target`.
 */
export async function palettePng(
  pixels: PixelSource,
  colour: PngChunk[],
  target: number,
  check?: () => void,
): Promise<{ bytes: Uint8Array; score: number } | null> {
  const strip = sampleTiles(pixels);
  const pal = buildPalette(pixels, 256, check);
  const mapped = new Uint8Array(strip.width * strip.height * 4);
  const ch = CHANNELS[strip.layout];
  const d = new Ditherer(pal, strip.width);
  const idx = new Uint8Array(strip.width);
  for (let y = 0; y < strip.height; y++) {
    d.mapRow(strip.data.subarray(y * strip.width * ch, (y + 1) * strip.width * ch), ch, idx);
    for (let x = 0; x < strip.width; x++)
      mapped.set(pal.rgba.subarray(idx[x] * 4, idx[x] * 4 + 4), (y * strip.width + x) * 4);
  }
  const score = stripScore(strip, mapped, "rgba");
  if (score < target) return null;
  return { bytes: await writePalettePng(pixels, pal, colour, check), score };
}

async function writePalettePng(pixels: PixelSource, pal: Palette, colour: PngChunk[], check?: () => void) {
  const depth = pal.count <= 2 ? 1 : pal.count <= 4 ? 2 : pal.count <= 16 ? 4 : 8;
  const alphas = Array.from({ length: pal.count }, (_, i) => pal.rgba[i * 4 + 3]);
  const lastTransparent = alphas.findLastIndex((a) => a < 255);
  const plte = Uint8Array.from({ length: pal.count * 3 }, (_, i) => pal.rgba[Math.floor(i / 3) * 4 + (i % 3)]);
  const before = [
    ...colour.filter((c) => c.type !== "PLTE" && c.type !== "tRNS").map((c) => chunkBytes(c.type, c.data)),
    chunkBytes("PLTE", plte),
    ...(lastTransparent >= 0 ? [chunkBytes("tRNS", Uint8Array.from(alphas.slice(0, lastTransparent + 1)))] : []),
  ];
  const w = new PngWriter(
    { width: pixels.width, height: pixels.height, bitDepth: depth, colorType: 3, interlace: 0 },
    before,
  );
  const ch = CHANNELS[pixels.layout];
  const d = new Ditherer(pal, pixels.width);
  const idx = new Uint8Array(pixels.width);
  const row = new Uint8Array(Math.ceil((pixels.width * depth) / 8));
  pixels.rewind();
  for (let band = pixels.nextBand(); band; band = pixels.nextBand()) {
    for (let r = 0; r < band.rows; r++) {
      d.mapRow(band.data.subarray(r * pixels.width * ch, (r + 1) * pixels.width * ch), ch, idx);
      packRow(idx, depth, row);
      await w.addRow(row);
    }
    check?.();
  }
  const png = await w.finish();
  return rawSize(png) <= OXIPNG_MAX_RAW_BYTES ? oxipng().optimise(png, 2) : png;
}
