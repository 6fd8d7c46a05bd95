/**
 * How people make a guessable password look strong: a common word, name or keyboard walk with a
 * few digits, a year or a symbol around it (Password1!, Summer2024!, 2024Qwerty), letters swapped
 * for look-alikes (P@ssw0rd, $ecret), a word said twice, a run (abcdefgh, 87654321) or a date.
 * Pure string work with no imports: the worker's sign-up check and the generator of its word
 * lists (test/support/gen-common-passwords.mjs, which runs this file in Node) read a password the
 * same way.
 */

/** A reading of a password: its core (de-leeted, lower case) and what was around it. */
export interface Shape {
  core: string;
  prefix: string;
  suffix: string;
}

const SYMBOL_LEET: Record<string, string> = { "@": "a", $: "s" };
/** Look-alikes inside a word; 1, ! and | read as i in one reading and as l in the other. */
const LEET: Record<string, string> = { "0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "+": "t" };
const LEET_I: Record<string, string> = { ...LEET, ...SYMBOL_LEET, "1": "i", "!": "i", "|": "i" };
const LEET_L: Record<string, string> = { ...LEET, ...SYMBOL_LEET, "1": "l", "!": "l", "|": "l" };

const replaceAll = (s: string, table: Record<string, string>) => s.replace(/./gu, (c) => table[c] ?? c);

/** The password as compared: NFKC (as it is hashed), lower case. */
export function normalise(password: string): string {
  return password.normalize("NFKC").toLowerCase();
}

/**
 * The readings of a password: letters in the middle, anything else at either end taken off as
 * prefix and suffix; then look-alikes inside read as letters, and not (1qaz2wsx is a walk as
 * typed). `$ecret1` is read both with `$` as a symbol and as an s.
 */
export function shapesOf(password: string): Shape[] {
  const lower = normalise(password);
  const shapes = new Map<string, Shape>();
  for (const text of [lower, replaceAll(lower, SYMBOL_LEET)]) {
    const prefix = /^[^\p{L}\p{M}]*/u.exec(text)?.[0] ?? "";
    const rest = text.slice(prefix.length);
    const suffix = /[^\p{L}\p{M}]*$/u.exec(rest)?.[0] ?? "";
    const middle = rest.slice(0, rest.length - suffix.length);
    for (const table of [{}, LEET_I, LEET_L]) {
      const core = replaceAll(middle, table);
      shapes.set(`${prefix}\n${core}\n${suffix}`, { core, prefix, suffix });
    }
  }
  return [...shapes.values()];
}

const isDigit = (c: string) => c >= "0" && c <= "9";

/** A run of one step up or down (abcdef, 98765, 2468?), or one unit of up to 4 repeated. */
export function isRunOrRepeat(s: string): boolean {
  const chars = [...s];
  if (chars.length < 3) return false;
  const step = (chars[1].codePointAt(0) ?? 0) - (chars[0].codePointAt(0) ?? 0);
  if (Math.abs(step) <= 2) {
    let run = true;
    for (let i = 2; i < chars.length && run; i++)
      run = (chars[i].codePointAt(0) ?? 0) - (chars[i - 1].codePointAt(0) ?? 0) === step;
    if (run) return true;
  }
  return repeatedUnit(s, 4) !== null;
}

/** The unit `s` repeats (at least twice), if it is one of at most `maxUnit` characters. */
export function repeatedUnit(s: string, maxUnit = s.length / 2): string | null {
  const chars = [...s];
  for (let n = 1; n <= Math.min(maxUnit, chars.length / 2); n++) {
    if (chars.length % n) continue;
    const unit = chars.slice(0, n).join("");
    if (unit.repeat(chars.length / n) === s) return unit;
  }
  return null;
}

/** yyyymmdd, ddmmyyyy, mmddyyyy, yymmdd, ddmmyy, mmddyy: a birthday or an anniversary. */
export function isDate(digits: string): boolean {
  if (!/^\d+$/.test(digits) || (digits.length !== 6 && digits.length !== 8)) return false;
  const y = digits.length === 8 ? 4 : 2;
  const ok = (d: number, m: number, yr: string) =>
    d >= 1 && d <= 31 && m >= 1 && m <= 12 && (yr.length === 2 || (Number(yr) >= 1900 && Number(yr) <= 2099));
  const n = (a: number, b: number) => Number(digits.slice(a, b));
  const L = digits.length;
  return (
    ok(n(L - 2, L), n(y, y + 2), digits.slice(0, y)) || // y..y m d
    ok(n(0, 2), n(2, 4), digits.slice(4)) || // d m y..y
    ok(n(2, 4), n(0, 2), digits.slice(4)) // m d y..y
  );
}

/**
 * What is put around a word to pass composition rules, and adds little to guess: up to four
 * digits (a year, 123), a run, a repeat or a date, and up to four symbols (or one symbol
 * repeated). A long random number around a word is not this pattern.
 */
export function isPredictableAffix(prefix: string, suffix: string): boolean {
  const around = prefix + suffix;
  const digits = [...around].filter(isDigit).join("");
  const symbols = [...around].filter((c) => !isDigit(c));
  const fewSymbols = symbols.length <= 4 || new Set(symbols).size === 1;
  const guessableDigits = digits.length <= 4 || isRunOrRepeat(digits) || isDate(digits);
  return fewSymbols && guessableDigits;
}

/**
 * Keyboards as rows, each key sitting between two keys of the row above; a layout's shifted
 * keys share their key's place. QWERTY, and the German and French layouts (qwertz, azerty).
 */
const LAYOUTS = [
  [
    "1234567890-=",
    "qwertyuiop[]",
    "asdfghjkl;'",
    "zxcvbnm,./",
    "!@#$%^&*()_+",
    "qwertyuiop{}",
    'asdfghjkl:"',
    "zxcvbnm<>?",
  ],
  [
    "1234567890ß´",
    "qwertzuiopü+",
    "asdfghjklöä#",
    "yxcvbnm,.-",
    '!"§$%&/()=?`',
    "qwertzuiopü*",
    "asdfghjklöä'",
    "yxcvbnm;:_",
  ],
  [
    "&é\"'(-è_çà)=",
    "azertyuiop^$",
    "qsdfghjklmù*",
    "wxcvbn,;:!",
    "1234567890°+",
    "azertyuiop¨£",
    "qsdfghjklm%µ",
    "wxcvbn?./§",
  ],
].map((rows) => {
  const keys = new Map<string, [number, number][]>();
  for (const [r, row] of rows.entries())
    for (const [i, c] of [...row].entries()) keys.set(c, [...(keys.get(c) ?? []), [r % 4, i]]);
  return keys;
});
// The number pad's column walks (789, 456, 123) are runs already.

function adjacent(layout: Map<string, [number, number][]>, a: string, b: string): boolean {
  for (const [r, i] of layout.get(a) ?? [])
    for (const [s, j] of layout.get(b) ?? []) {
      if (r === s && Math.abs(i - j) <= 1) return true;
      if (s === r - 1 && (j === i || j === i + 1)) return true;
      if (s === r + 1 && (j === i || j === i - 1)) return true;
    }
  return false;
}

/**
 * A walk over neighbouring keys (qwerty, asdfgh, poiuy), or walks of three or more keys one
 * after another (1qaz2wsx, qazwsx, zaq12wsx): at least four keys in all.
 */
export function isKeyboardWalk(s: string): boolean {
  const chars = [...s];
  return chars.length >= 4 && LAYOUTS.some((layout) => walksOn(layout, chars));
}

function walksOn(layout: Map<string, [number, number][]>, chars: string[]): boolean {
  let run = 1;
  for (let i = 1; i <= chars.length; i++) {
    if (i < chars.length && (chars[i] === chars[i - 1] || adjacent(layout, chars[i - 1], chars[i]))) {
      run++;
      continue;
    }
    if (run < 3) return false;
    run = 1;
  }
  return true;
}

/** The core with the separators people put between words taken out ("let me in" -> "letmein"). */
export function joined(core: string): string {
  return core.replace(/[\s\-_.]+/gu, "");
}

/** Letters and digits left: what is not a separator or a symbol. */
export function substance(s: string): number {
  return [...s.replace(/[^\p{L}\p{M}\p{N}]+/gu, "")].length;
}
