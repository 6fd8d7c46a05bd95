import { oxipng } from "../../codecs/oxipng";
import { CHANNELS, type PixelSource, readAll } from "../pixels";
import { COLOUR_CHUNKS, parseHeader, readChunks } from "../png/chunks";
import { memoryRows } from "../png/decode";
import { losslessPng } from "../png/lossless";
import { type CompressedImage, type CompressImageOptions, checkOf } from "./options";
import { OXIPNG_MAX_RAW_BYTES, palettePng, pngLossless } from "./png";
import { formatSize } from "./report";
import { downscale } from "./scale";
import { MIN_LONG_SIDE, MIN_SSIM, scaledSize } from "./target";

/** Whole-image encodes at most, after the lossless and palette ones at full size. */
const MAX_RESIZES = 4;
/** Aim this far under the target: PNG sizes follow the pixel count only roughly. */
const AIM = 0.92;

/**
 * PNG to a size, staying PNG: lossless first (compress image's own lossless candidates); then a
 * palette of 256 colours when the metric says it still looks right (SSIM at least MIN_SSIM on
 * the sample tiles: screenshots and graphics pass, grainy photos rarely do); then smaller sizes,
 * in that same form, found from the size the last encode gave (a PNG's size follows its pixel
 * count roughly), down to a long side of MIN_LONG_SIDE pixels.
 */
export async function compressPngToTarget(
  bytes: Uint8Array,
  target: number,
  opts: CompressImageOptions,
): Promise<CompressedImage> {
  const check = checkOf(opts.budget);
  const { size: full, candidates, source, colour: kept } = await pngLossless(bytes, check);
  const lossless = candidates[0];
  const losslessResult = (met: boolean, reason?: string): CompressedImage => {
    const same = lossless.bytes.length >= bytes.length;
    return {
      bytes: same ? bytes : lossless.bytes,
      format: "png",
      ...full,
      method: same ? "original" : lossless.method,
      unchanged: same,
      target: { size: target, met, ...(reason ? { reason } : {}) },
    };
  };
  if (lossless.bytes.length <= target || bytes.length <= target) return losslessResult(true);
  if (!source) {
    return losslessResult(false, "This is an animated PNG, which is not re-encoded: only its metadata was removed");
  }
  const src: PixelSource = source;
  // The colour chunks stay; the pixel density does not once the image is resized, nor a palette.
  const colour = kept.filter((c) => COLOUR_CHUNKS.has(c.type));

  // A palette at full size, if it passes the metric.
  let palette: { bytes: Uint8Array; score: number } | null = null;
  if (src.layout !== "gray") {
    palette = await palettePng(src, kept, MIN_SSIM, check);
    if (palette && palette.bytes.length <= target) return result(palette.bytes, full, palette.score, target, true);
  }

  // Smaller sizes, in the form that looked right: palette if it passed, else lossless.
  const encodeAt = async (w: number, h: number): Promise<{ bytes: Uint8Array; score: number }> => {
    const small = downscale(src, w, h);
    if (palette) {
      const p = await palettePng(small, colour, 0, check);
      if (p) return p;
    }
    const ch = CHANNELS[small.layout] as 1 | 3 | 4;
    const held = w * h * ch;
    opts.budget?.take(held, `The resized image (${w} x ${h} pixels)`);
    try {
      const png = await losslessPng(memoryRows(readAll(small), w, h, ch), colour, check);
      const raw = parseHeader(readChunks(png));
      const out = raw.width * raw.height * 4 <= OXIPNG_MAX_RAW_BYTES ? oxipng().optimise(png, 2) : png;
      check?.();
      return { bytes: out, score: 1 };
    } finally {
      opts.budget?.give(held);
    }
  };
  const long = Math.max(full.width, full.height);
  const minScale = Math.min(1, MIN_LONG_SIDE / long);
  let last = palette?.bytes.length ?? lossless.bytes.length;
  let scale = 1;
  type Made = { bytes: Uint8Array; score: number; size: { width: number; height: number } };
  let fit: Made | null = null;
  let smallest: Made | null = null;
  let encodeMs = 0;
  // Size grows as scale^power: 2 (the pixel count) until two encodes measure it. Graphics and
  // text grow slower (their edges do not shrink with the image), noise and grain faster.
  let power = 2;
  for (let n = 0; n < MAX_RESIZES; n++) {
    const next = Math.max(minScale, Math.min(0.95, scale * ((target * AIM) / last) ** (1 / power)));
    if (fit && next <= scale) break;
    if (n > 0 && opts.budget && opts.budget.remaining < encodeMs * 2 + 1000) break;
    const previous = scale;
    scale = next;
    const size = scaledSize(full.width, full.height, scale);
    const started = Date.now();
    const out = await encodeAt(size.width, size.height);
    encodeMs = Date.now() - started;
    const measured = Math.log(out.bytes.length / last) / Math.log(scale / previous);
    if (Number.isFinite(measured)) power = Math.min(2.5, Math.max(0.7, measured));
    last = out.bytes.length;
    if (!smallest || last < smallest.bytes.length) smallest = { ...out, size };
    if (last <= target) {
      if (!fit || scale > fitScale(fit, full)) fit = { ...out, size };
      if (last >= target * AIM * 0.95) break;
    } else if (fit || scale <= minScale) break;
  }
  const pick = fit ?? smallest;
  if (!pick || pick.bytes.length >= Math.min(lossless.bytes.length, bytes.length)) {
    // Nothing beat the lossless result (a tiny image): it comes back, over the target.
    return losslessResult(false, "it cannot be made any smaller");
  }
  const met = pick.bytes.length <= target;
  const reason = met
    ? undefined
    : Math.max(pick.size.width, pick.size.height) <= MIN_LONG_SIDE
      ? `at ${pick.size.width} x ${pick.size.height} pixels (the smallest size kept) it is still ${formatSize(pick.bytes.length)}`
      : `it could not be made smaller than ${formatSize(pick.bytes.length)} in the time a job has`;
  return result(pick.bytes, pick.size, pick.score, target, met, reason, full);
}

function fitScale(fit: { size: { width: number } }, full: { width: number }): number {
  return fit.size.width / full.width;
}

function result(
  bytes: Uint8Array,
  size: { width: number; height: number },
  score: number,
  target: number,
  met: boolean,
  reason?: string,
  full = size,
): CompressedImage {
  const palette = score < 1;
  const resized = size.width !== full.width || size.height !== full.height;
  const method = [
    palette ? "256-colour palette" : "lossless",
    ...(resized ? [`${size.width} x ${size.height} pixels`] : []),
  ];
  return {
    bytes,
    format: "png",
    ...size,
    method: method.join(", "),
    unchanged: false,
    quality: score,
    target: { size: target, met, ...(reason ? { reason } : {}) },
  };
}
