/**
 * Finding a tool by what a person types: "jpg", "unterschreiben", "pdf to jpg", "schwarzen".
 * Pure functions over plain strings, so the ranking is tested without React or catalogs.
 */

/** One text a document is found by, and how much a match in it counts. */
export interface SearchField {
  text: string;
  weight: number;
  /**
   * Match inside words too ("fügen" in "zusammenfügen", "press" in "compress"): for names, whose
   * compounds hide words. Elsewhere it finds what nobody meant ("word" in "password").
   */
  inside?: boolean;
}

export interface SearchDoc<T> {
  item: T;
  /** The name shown: a query that is its start ranks first ("pdf to" finds PDF to JPG before JPG to PDF). */
  title: string;
  fields: readonly SearchField[];
}

interface Prepared {
  text: string;
  tokens: string[];
  weight: number;
  inside: boolean;
}

export interface SearchIndex<T> {
  docs: { item: T; title: string; fields: Prepared[]; order: number }[];
}

/** Letters that no Unicode decomposition takes apart, written as people type them without the key. */
const FOLD: Record<string, string> = { ß: "ss", ı: "i", ł: "l", ø: "o", æ: "ae", œ: "oe", đ: "d", ħ: "h" };

/**
 * Case and accents do not matter: "Schwärzen" = "schwarzen", "Sıkıştır" = "sikistir", "ＰＤＦ" = "pdf".
 * Marks are dropped only after Latin, Greek, Cyrillic and Arabic letters (accents, harakat), not
 * Devanagari's vowel signs or Japanese voicing marks, which change the word. Katakana is read as
 * hiragana.
 */
export function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Arabic}])\p{M}+/gu, "$1")
    .normalize("NFC")
    .toLowerCase()
    .replace(/[ßıłøæœđħ]/g, (c) => FOLD[c] ?? c)
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, " ")
    .trim();
}

/** Scripts written without spaces between words: a query may match anywhere inside a run of them. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

function prepare(field: SearchField): Prepared {
  const text = normalize(field.text);
  return { text, tokens: text.split(" ").filter(Boolean), weight: field.weight, inside: field.inside ?? false };
}

export function createIndex<T>(docs: readonly SearchDoc<T>[]): SearchIndex<T> {
  return {
    docs: docs.map((d, order) => ({
      item: d.item,
      title: normalize(d.title),
      fields: d.fields.map(prepare).filter((f) => f.text !== ""),
      order,
    })),
  };
}

/**
 * How well one typed word matches one field: a whole word, a word's start, or inside a word. A
 * letter alone among other words ("n-up", "e-sign") must be a whole word, or it starts half of them.
 */
function matchField(q: string, f: Prepared, alone: boolean): number {
  const unspaced = UNSPACED.test(q);
  let best = 0;
  for (const token of f.tokens) {
    if (token === q) return 1;
    if (token.startsWith(q) && (alone || q.length > 1 || unspaced)) best = Math.max(best, 0.8);
  }
  if (best > 0) return best;
  // Words run together in these scripts: any part of a run may be the word typed.
  if (unspaced) return f.text.includes(q) ? 0.7 : 0;
  return f.inside && q.length >= 3 && f.text.includes(q) ? 0.4 : 0;
}

function matchDoc(q: string, fields: readonly Prepared[], alone: boolean): number {
  let best = 0;
  for (const f of fields) best = Math.max(best, matchField(q, f, alone) * f.weight);
  return best;
}

/**
 * The documents that match `query`, best first. Every typed word must match somewhere (a word
 * that matches nothing leaves nothing); a word most documents share ("pdf") counts for less
 * than one few share ("jpg"); a query that starts the title, or is it, comes first; ties keep
 * the index's order.
 */
export function search<T>(index: SearchIndex<T>, query: string, limit = Number.POSITIVE_INFINITY): T[] {
  const q = normalize(query);
  if (q === "") return [];
  const words = [...new Set(q.split(" "))];
  const scores = index.docs.map((d) => words.map((w) => matchDoc(w, d.fields, words.length === 1)));
  const n = index.docs.length;
  // Rarer words weigh more: log-scaled by how many documents they match at all.
  const weight = words.map((_, i) => {
    const df = scores.filter((s) => s[i] > 0).length;
    return df === 0 ? 0 : 1 + Math.log(n / df);
  });
  const ranked: { item: T; score: number; order: number }[] = [];
  index.docs.forEach((d, i) => {
    const s = scores[i];
    if (s.some((x) => x === 0)) return;
    let score = s.reduce((sum, x, j) => sum + x * weight[j], 0);
    if (d.title === q) score += 4;
    else if (d.title.startsWith(q)) score += 3;
    else if (d.title.includes(` ${q}`)) score += 1.5;
    ranked.push({ item: d.item, score, order: d.order });
  });
  ranked.sort((a, b) => b.score - a.score || a.order - b.order);
  return ranked.slice(0, limit).map((r) => r.item);
}
