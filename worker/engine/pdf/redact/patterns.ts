/**
 * What a search looks for in a page's text: the person's words (exact or not, whole words or
 * not; any run of white space in them matches any run in the page), and the patterns: e-mail
 * addresses, phone numbers and IBANs (checked with their mod-97 check digits).
 *
 * The page text has a space where glyphs leave a gap and "\n" where the baseline moves. Every
 * pattern is found by a scan that visits each character a bounded number of times, so a page
 * of a megabyte of digits, dots or at-signs costs no more than one of prose.
 */

export type RedactPattern = "email" | "phone" | "iban";

export interface Found {
  start: number;
  end: number;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * What may stand between two letters of a word in a page's text: the end of a line, after a
 * hyphen or not ("confi-" / "dential"), or a soft hyphen.
 */
const BREAK = "(?:[-\\u00ad\\u2010\\u2011]?[ \\t]*\\n[ \\t]*|\\u00ad)?";
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The person's words in a text: exact or not, whole words or not; any run of white space in them
 * matches any run in the text, and a word may be broken across two lines (with a hyphen or not).
 */
export function findWords(text: string, query: string, matchCase: boolean, wholeWord: boolean): Found[] {
  const parts = query.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return [];
  const source = parts.map((p) => Array.from(p, escapeRegExp).join(BREAK)).join("\\s+");
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

// ---- e-mail addresses -------------------------------------------------------------------------

const LOCAL_CHAR = /[\p{L}\p{N}_%+.-]/u;
const DOMAIN_CHAR = /[\p{L}\p{N}.-]/u;
const LOCAL = /^[\p{L}\p{N}_%+-]+(?:\.[\p{L}\p{N}_%+-]+)*$/u;
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
// A top-level domain is letters: "9@AJ.D" and ".@A.1" are not addresses.
const TLD = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{2,59})$/iu;
// Papers write their authors' addresses as one group: {gal,brendan,jruderman}@mozilla.com.
const GROUP = /^\{\s*[^\s,;|{}]+(?:\s*[,;|]\s*[^\s,;|{}]+)*\s*\}$/u;

/** The end of the domain after the "@" at `at`, or -1 if there is none. */
function domainEnd(text: string, at: number): number {
  let end = at + 1;
  while (end < text.length && DOMAIN_CHAR.test(text[end])) if (++end - at > 256) return -1;
  let domain = text.slice(at + 1, end);
  const gap = domain.indexOf("..");
  if (gap >= 0) domain = domain.slice(0, gap);
  // A sentence's full stop after the address is not part of it.
  domain = domain.replace(/[.-]+$/, "");
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TLD.test(labels[labels.length - 1])) return -1;
  return at + 1 + domain.length;
}

/** The start of the address (or group of them) before the "@" at `at`, or -1. */
function localStart(text: string, at: number): number {
  if (text[at - 1] === "}") {
    const from = Math.max(0, at - 400);
    const open = text.slice(from, at).lastIndexOf("{") + from;
    if (open >= from) {
      const group = text.slice(open, at);
      const members = group.slice(1, -1).split(/[,;|]/);
      if (GROUP.test(group) && members.every((m) => LOCAL.test(m.trim()))) return open;
    }
    return -1;
  }
  let start = at;
  while (start > 0 && LOCAL_CHAR.test(text[start - 1])) start--;
  // "etc...name@" or a bullet's "-name@": the address starts after the punctuation.
  const gap = text.slice(start, at).lastIndexOf("..");
  if (gap >= 0) start += gap + 2;
  while (start < at && /[.+-]/.test(text[start])) start++;
  const local = text.slice(start, at);
  return at - start <= 64 && LOCAL.test(local) ? start : -1;
}

function findEmails(text: string): Found[] {
  const out: Found[] = [];
  let reach = 0;
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
    const end = domainEnd(text, at);
    if (end < 0) continue;
    const start = localStart(text, at);
    if (start < reach || start < 0) continue;
    out.push({ start, end });
    reach = end;
  }
  return out;
}

// ---- IBANs ------------------------------------------------------------------------------------

// Each country's IBAN length (SWIFT's IBAN registry): the check digits alone let one in 97
// strings of capitals and digits through, the length lets almost none.
const IBAN_LENGTH: Record<string, number> = Object.fromEntries(
  (
    "AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 DK18 DO28 " +
    "EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HN28 HR21 HU28 IE22 IL23 IQ23 IS26 " +
    "IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 " +
    "NL18 NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24 RS22 RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 " +
    "SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30"
  )
    .split(" ")
    .map((e) => [e.slice(0, 2), Number(e.slice(2))]),
);

export function validIban(s: string): boolean {
  const iban = s.replace(/[\s\u00a0\u2007\u2009\u202f]/g, "");
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const length = IBAN_LENGTH[iban.slice(0, 2)];
  if (length !== undefined && iban.length !== length) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= "A" ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = v >= 10 ? (rest * 100 + v) % 97 : (rest * 10 + v) % 97;
  }
  return rest === 1;
}

const IBAN_START = /(?<![\p{L}\p{N}])[A-Z]{2}\d{2}/gu;
const isIbanChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
// Space, tab, no-break space, figure space, thin space, narrow no-break space.
const isBlank = (c: number) => c === 32 || c === 9 || c === 0xa0 || c === 0x2007 || c === 0x2009 || c === 0x202f;

/**
 * The IBAN starting at `start`: its characters may be grouped by one or two spaces (of any
 * width) and broken once across lines. Its end, or -1.
 */
function ibanAt(text: string, start: number): number {
  const ends: number[] = [];
  let compact = "";
  let i = start;
  let lineBreaks = 0;
  while (compact.length < 34 && i < text.length) {
    if (isIbanChar(text.charCodeAt(i))) {
      compact += text[i++];
      ends.push(i);
      continue;
    }
    let j = i;
    let blanks = 0;
    for (; j < text.length && j - i < 6; j++) {
      const c = text.charCodeAt(j);
      if (c === 10) lineBreaks++;
      else if (isBlank(c)) blanks++;
      else break;
    }
    if (j === i || blanks > 2 || lineBreaks > 1 || !isIbanChar(text.charCodeAt(j))) break;
    i = j;
  }
  const grouped = (n: number) => !/[\p{L}\p{N}]/u.test(text[ends[n - 1]] ?? "");
  const length = IBAN_LENGTH[compact.slice(0, 2)];
  if (length !== undefined) {
    return compact.length >= length && grouped(length) && validIban(compact.slice(0, length)) ? ends[length - 1] : -1;
  }
  for (let n = compact.length; n >= 15; n--) if (grouped(n) && validIban(compact.slice(0, n))) return ends[n - 1];
  return -1;
}

function findIbans(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(IBAN_START)) {
    if (out.length && m.index < out[out.length - 1].end) continue;
    const end = ibanAt(text, m.index);
    if (end >= 0) out.push({ start: m.index, end });
  }
  return out;
}

// ---- phone numbers ----------------------------------------------------------------------------

const SP = "[ \\t\\u00a0\\u2007\\u2009\\u202f]";
const DIGITS = "(?:\\(\\d{1,5}\\)\\d*|\\d+)";
const SEP = `(?:${SP}{0,2}[-./\\u2010-\\u2013]${SP}{0,2}|${SP}{1,2}|(?=\\())`;
/**
 * A run of digit groups on one line, each separator a space, a dash, a dot or a slash (spaced or
 * not), a group maybe in parentheses. The run is taken whole: a phone number is a run of its
 * own, while a table's row, a date, a DOI or a list of years is a run that has another shape.
 */
const NUMBER_RUN = new RegExp(`(?<![\\p{L}\\p{N}_.,/+\\-)@#$€£%])\\+?${DIGITS}(?:${SEP}${DIGITS})*`, "gu");

interface Group {
  digits: string;
  paren: boolean;
  /** The separator before it: "" (none), " ", "-", ".", "/". */
  sep: string;
  /** Where it ends in the run. */
  end: number;
}

function groupsOf(run: string): Group[] {
  const groups: Group[] = [];
  let sep = "";
  for (const m of run.matchAll(/\((\d+)\)|(\d+)|([^\d(]+)/g)) {
    if (m[3] !== undefined) {
      const s = m[3].replace(/[\u2010-\u2013]/g, "-").trim();
      sep = s === "" ? " " : s === "+" ? "" : s;
    } else {
      groups.push({ digits: m[1] ?? m[2], paren: m[1] !== undefined, sep, end: m.index + m[0].length });
      sep = "";
    }
  }
  return groups;
}

// Words before a number that say it is one: "Tel.:", "Phone (office)", "Fax", "T:", "call".
const PHONE_WORD =
  /(?:^|[^\p{L}])(?:(?:tele?)?(?:phone|fon|fax)|tel|tél|téléphone|telefon[oe]?|teléfono|ph|mobile?|mobil|mob|cell(?:phone)?|handy|hotline|tty|tdd|tlf|tfn|call|dial|[tfm](?=\.|:))(?:\s*\([^()\n]{0,20}\))?[\s.:/-]*(?:(?:number|nummer|no|nr|n°)[\s.:-]*)?$/iu;

const IN_IBAN = /(?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?:[ \u00a0][A-Z0-9]{4})*[ \u00a0]$/u;

const isDate = (g: Group[]) =>
  g.length === 3 &&
  !g.some((x) => x.paren) &&
  g[1].sep === g[2].sep &&
  ((g[0].digits.length <= 2 && g[1].digits.length <= 2 && [2, 4].includes(g[2].digits.length)) ||
    (g[0].digits.length === 4 && g[1].digits.length <= 2 && g[2].digits.length <= 2));

/** Separators a written phone number mixes: dots only with dots, one slash, after the first group. */
function tidy(g: Group[]): boolean {
  const seps = g.slice(1).map((x) => x.sep);
  if (seps.includes(".") && seps.some((s) => s !== "." && s !== "")) return false;
  if (seps.filter((s) => s === "/").length > 1 || seps.indexOf("/") > 0) return false;
  const last = g[g.length - 1];
  return last.digits.length >= 2 || last.sep === "-";
}

const lengths = (g: Group[]) => g.map((x) => x.digits.length).join(",");
const count = (g: Group[]) => g.reduce((n, x) => n + x.digits.length, 0);

/** After a country code: the national number, its "(0)" trunk prefix not counted. */
function national(g: Group[]): boolean {
  const rest = g[0]?.paren && g[0].digits === "0" ? g.slice(1) : g;
  const n = count(rest);
  return rest.length > 0 && n >= 6 && n <= 13 && tidy(rest);
}

function isPhone(plus: boolean, g: Group[], word: boolean): boolean {
  const n = count(g);
  if (n < (word ? 6 : 7) || n > 17 || g.length > 8 || isDate(g)) return false;
  const [first, second] = g;
  if (plus) {
    if (g.length === 1) return /^[1-9]\d{7,14}$/.test(first.digits);
    return !first.paren && /^[1-9]\d{0,2}$/.test(first.digits) && national(g.slice(1));
  }
  if (first.digits === "00" && g.length > 2) return isPhone(true, g.slice(1), word);
  if (/^00[1-9]\d{0,2}$/.test(first.digits) && !first.paren && g.length > 1 && n >= 10) {
    // 0044 20 ...: the national number after a country code drops its 0 (Italy's keeps it).
    if (second.digits[0] === "0" && !second.paren && first.digits !== "0039") return false;
    return national(g.slice(1));
  }
  if (first.paren) {
    const rest = g.slice(1);
    const shape = lengths(rest);
    // (0)30 1234567: the trunk's 0 in parentheses, then the area code.
    if (first.digits === "0") {
      if (rest[0]?.sep !== "") return false;
      return isPhone(false, [{ ...rest[0], digits: `0${rest[0].digits}` }, ...rest.slice(1)], word);
    }
    // (030) 1234567, (02) 9876 5432; (555) 123-4567; (11) 91234-5678
    if (/^0[1-9]\d{0,3}$/.test(first.digits)) return n >= 8 && n <= 13 && tidy(g);
    if (/^[2-9]\d\d$/.test(first.digits)) return (shape === "3,4" && rest[1].sep !== "/") || shape === "7";
    if (/^[1-9]\d$/.test(first.digits)) return /^[45],4$/.test(shape) && /^[- ]$/.test(rest[1].sep);
    return false;
  }
  const seps = new Set(g.slice(1).map((x) => x.sep));
  const one = seps.size === 1 ? [...seps][0] : "";
  const shape = lengths(g);
  // 1-800-829-4059, 1 (800) 555-1234
  if (first.digits === "1" && (shape === "1,3,3,4" || shape === "1,3,7")) {
    if (second.paren) return g[2].sep === " " || g[2].sep === "";
    return one === "-" || one === "." || (one === " " && word);
  }
  if (!second?.paren && shape === "3,3,4" && /^[2-9]/.test(first.digits)) {
    // 555-123-4567 is written as a phone number; 273.879.750 with a footnote's 1 is not.
    return one === "-" || ((one === "." || one === " ") && word);
  }
  if (/^0[1-9]/.test(first.digits)) {
    if (g.length === 1) return n >= 10 && n <= 12;
    // 61705-6613 is a ZIP+4 code, also when it starts with a zero.
    if (shape === "5,4" && second.sep === "-") return false;
    return first.digits.length <= 6 && n >= 9 && n <= 13 && tidy(g);
  }
  // After "Tel.:", any digits grouped one way: 12 34 56 78, 912 345 678, 555-1234.
  return word && seps.size === 1 && n <= 15 && g.length <= 6 && g.every((x) => x.digits.length <= 8) && tidy(g);
}

function digitsIn(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) n++;
  return n;
}

function findPhones(text: string): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(NUMBER_RUN)) {
    if (m[0].length > 60 || digitsIn(m[0]) < 6) continue;
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    // The digits of "NL91 ABNA 0417 1643 00", valid or not, are an account's, not a phone's.
    if (IN_IBAN.test(before)) continue;
    const plus = m[0][0] === "+";
    const g = groupsOf(m[0]);
    const word = PHONE_WORD.test(before);
    let end = m.index + m[0].length;
    if (!isPhone(plus, g, word)) {
      // "+49 30 1234567 10115 Berlin": one trailing group too many after a clear start.
      const strong = plus || word || g[0].paren || g[0].digits.startsWith("00");
      if (!strong || g.length < 3 || g[g.length - 1].sep !== " " || !isPhone(plus, g.slice(0, -1), word)) continue;
      end = m.index + g[g.length - 2].end;
    }
    out.push({ start: m.index, end });
  }
  return out;
}

export function findPattern(text: string, pattern: RedactPattern): Found[] {
  if (pattern === "email") return findEmails(text);
  if (pattern === "phone") return findPhones(text);
  return findIbans(text);
}
