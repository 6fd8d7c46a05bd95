/** Response fields and wording shared by the image and PDF compression endpoints. */

/** compressedSize and compressionRatio ("42%": the share of the original saved) for one file. */
export function compressionExtra(original: number, compressed: number): Record<string, string | number> {
  return {
    originalSize: original,
    compressedSize: compressed,
    compressionRatio: `${percentSaved(original, compressed)}%`,
  };
}

export function percentSaved(original: number, compressed: number): number {
  if (original <= 0) return 0;
  return Math.max(0, Math.round((1 - compressed / original) * 100));
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

export function savingMessage(original: number, compressed: number): string {
  return `Saved ${percentSaved(original, compressed)}%: ${formatBytes(original)} to ${formatBytes(compressed)}`;
}

/**
 * Sizes as upload forms and target sizes count them: 1 KB = 1000 bytes, 1 MB = 1,000,000
 * ("under 1 MB" means 1,000,000 bytes). Whole numbers where they are exact ("200 KB").
 */
export function formatSize(n: number): string {
  if (n < 1000) return `${n} B`;
  const [v, unit] = n < 1_000_000 ? [n / 1000, "KB"] : [n / 1_000_000, "MB"];
  const digits = Number.isInteger(v) || v >= 100 ? 0 : 1;
  return `${Number(v.toFixed(digits))} ${unit}`;
}
