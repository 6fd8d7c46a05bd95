/** What a compression level asks of an image (IMAGE_LEVELS in compress.ts; the rungs in target.ts). */
export interface ImageLevel {
  /** Target resolution at the size the image is painted. */
  ppi: number;
  /** SSIM the re-encoded image must keep against the resampled original. */
  target: number;
  range: readonly [number, number];
}
