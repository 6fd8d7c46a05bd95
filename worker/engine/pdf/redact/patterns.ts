/**
 * What a search looks for in a page's text: the person's words (exact or not, whole words or
 * not; any run of white space in them matches any run in the page), and the patterns: e-mail
 * addresses, phone numbers and IBANs (checked with their mod-97 check digits).
 */

export type RedactPattern = "email" | "phone" | "iban";

export interface Found {
  start: number;
  end: number;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

export function findLiteral(text: string, query: string, matchCase: boolean, wholeWord: boolean): Found[] {
  const parts = query.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return [];
  const source = parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+");
  const re = new RegExp(source, matchCase ? "gu" : "giu");
  const out: Found[] = [];
  for (const m of text.matchAll(re)) {
    const start = m.index;
    const end = start + m[0].length;
    if (wholeWord && (WORD_CHAR.test(text[start - 1] ?? "") || WORD_CHAR.test(text[end] ?? ""))) continue;
    out.push({ start, end });
  }
  return out;
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
// Groups of digits with at most one separator between them, an optional +country and (area).
const PHONE =
  /(?<![\w+])(?:\+\d{1,3}[ \u00a0.-]?)?(?:\(\d{1,5}\)[ \u00a0.-]?)?\d{1,5}(?:[ \u00a0./-]?\d{1,5}){0,6}(?!\w)/g;
const DATE = /^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})$/;
const IBAN = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}(?![a-z0-9])/g;

function isPhone(s: string): boolean {
  const digits = s.replace(/\D/g, "").length;
  if (digits < 7 || digits > 15 || DATE.test(s)) return false;
  const separators = (s.match(/[ \u00a0./-]/g) ?? []).length;
  // A bare run of digits is a number, not a phone number, unless written as one.
  return s.startsWith("+") || s.startsWith("(") || s.startsWith("0") || separators >= 2;
}

export function validIban(s: string): boolean {
  const iban = s.replace(/ /g, "");
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= "A" ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = v >= 10 ? (rest * 100 + v) % 97 : (rest * 10 + v) % 97;
  }
  return rest === 1;
}

/** The longest prefix of the candidate, ending at a group's end, that is a valid IBAN. */
function ibanIn(candidate: string): number {
  for (let end = candidate.length; end >= 15; end--) {
    if (end < candidate.length && candidate[end] !== " ") continue;
    const s = candidate.slice(0, end).trimEnd();
    if (validIban(s)) return s.length;
  }
  return 0;
}

export function findPattern(text: string, pattern: RedactPattern): Found[] {
  const out: Found[] = [];
  if (pattern === "email") {
    for (const m of text.matchAll(EMAIL)) {
      // A sentence's full stop after the address is not part of it.
      const s = m[0].replace(/[.-]+$/, "");
      out.push({ start: m.index, end: m.index + s.length });
    }
  } else if (pattern === "phone") {
    for (const m of text.matchAll(PHONE)) if (isPhone(m[0])) out.push({ start: m.index, end: m.index + m[0].length });
  } else {
    for (const m of text.matchAll(IBAN)) {
      const len = ibanIn(m[0]);
      if (len) out.push({ start: m.index, end: m.index + len });
    }
  }
  return out;
}
