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
