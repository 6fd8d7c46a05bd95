import { formatSize } from "../image/compress/report";

/**
 * The per-file fields and wording a compression with a target size adds (compress image and
 * compress PDF): `targetSize` and `targetMet`, and `quality` (SSIM of what was re-encoded) when
 * anything lossy happened.
 */
export function targetExtra(
  quality: number | undefined,
  target: { size: number; met: boolean } | undefined,
): Record<string, number | boolean> {
  return {
    ...(quality !== undefined ? { quality: Math.round(quality * 10_000) / 10_000 } : {}),
    ...(target ? { targetSize: target.size, targetMet: target.met } : {}),
  };
}

/** The message's sentence about the target, before the usual saving message. */
export function targetSentence(target: { size: number; met: boolean; reason?: string }): string {
  const size = formatSize(target.size);
  if (target.met) return `Under ${size}`;
  return `Could not reach ${size}: ${target.reason ?? "it cannot be made that small"}`;
}
