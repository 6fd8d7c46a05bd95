/** Reads "1,3-5" into [1, 3, 4, 5]; returns a sentence a person can act on when it cannot. */
export function parsePageRanges(text: string): { pages: number[] } | { error: string } {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { error: "Enter the pages to rotate, for example 1,3-5." };
  const pages = new Set<number>();
  for (const part of parts) {
    const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (!m) return { error: `"${part}" is not a page or a range like 3-5.` };
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    if (from < 1 || to < 1) return { error: "Pages are numbered from 1." };
    if (to < from) return { error: `The range ${part} runs backwards; write it as ${to}-${from}.` };
    if (to - from > 10_000) return { error: `The range ${part} is too long.` };
    for (let p = from; p <= to; p++) pages.add(p);
  }
  return { pages: [...pages].sort((a, b) => a - b) };
}
