import type { ImageQuality } from "../../../../schema/options";
import type { Budget } from "../../core/budget";

/**
 * Quality presets of the image compressor. Each is a target for the measured similarity of the
 * result to the original (mean SSIM on luma over sample tiles), not a fixed encoder setting:
 * "high" is the default and meant to be visually lossless; the others trade detail for size.
 */
/** The SSIM each quality preset (schema/options.ts) keeps. */
export const QUALITY_PRESETS: Record<ImageQuality, number> = { high: 0.99, balanced: 0.98, small: 0.96 };
export type QualityPreset = ImageQuality;

export interface CompressImageOptions {
  /** A preset, or a fixed encoder quality 1-100 for people who know what they want. */
  quality: QualityPreset | number;
  /** Convert to WebP instead of keeping the format. */
  toWebp?: boolean;
  /** Compress to a size: the most bytes the result may have. Takes over from `quality`. */
  targetSize?: number;
  budget?: Budget;
}

export interface CompressedImage {
  bytes: Uint8Array;
  format: "jpeg" | "png" | "webp";
  width: number;
  height: number;
  /** What was done, for the response message ("quality 82", "lossless", ...). */
  method: string;
  /** True when nothing beat the original and it came back as it was. */
  unchanged: boolean;
  /** SSIM (on sample tiles, luma) of a lossy result against the original at its size; absent when lossless. */
  quality?: number;
  /** With a target size: whether the result is within it, and if not, why (a sentence). */
  target?: { size: number; met: boolean; reason?: string };
}

/** Encoder quality bounds for the search: below 40 JPEG and WebP artefacts are never "visually lossless". */
export const SEARCH_RANGE = { high: [60, 95], balanced: [45, 92], small: [30, 85] } as const;

export function checkOf(budget?: Budget): (() => void) | undefined {
  return budget ? () => budget.check() : undefined;
}

/** The preset a fixed quality number stands for, where a format has no quality knob (PNG). */
export function presetOf(quality: QualityPreset | number): QualityPreset {
  if (typeof quality !== "number") return quality;
  return quality >= 90 ? "high" : quality >= 75 ? "balanced" : "small";
}
