/**
 * Files handed from one tool page to another in memory ("Over 25 MB: compress it first" takes a
 * merge's file to Compress PDF): the page that opens takes them once. In-app navigation keeps
 * the File objects; nothing is read, copied or uploaded on the way.
 */
const waiting = new Map<string, File[]>();

export function handOff(toolId: string, files: readonly File[]): void {
  waiting.set(toolId, [...files]);
}

/** The files handed to this tool, once; [] when none. */
export function takeHandOff(toolId: string): File[] {
  const files = waiting.get(toolId) ?? [];
  waiting.delete(toolId);
  return files;
}
