import { MIN_NEW_PASSWORD, type NewPasswordProblem } from "../../schema/api";
import { BREACHED, WORDS } from "../data/common-passwords";
import {
  isKeyboardWalk,
  isPredictableAffix,
  isRunOrRepeat,
  joined,
  normalise,
  repeatedUnit,
  type Shape,
  shapesOf,
  substance,
} from "./password-shape";

/**
 * The check a new password passes (NIST SP 800-63B, 3.1.1.2): at least 8 characters, and not
 * found in a list of breached passwords, dictionary words, repetitive or sequential characters,
 * or words of the context (the service's name, the person's name and email). No composition rules.
 * All of it here, against lists bundled with the Worker: the password is sent nowhere. A few
 * binary searches in two sorted strings, nothing built: microseconds, whatever the password.
 */

/** The English words of each refusal; the dialog shows its own catalog's (web/i18n/.../auth.json). */
export const PASSWORD_MESSAGES: Record<NewPasswordProblem, string> = {
  too_short: "Please choose a password of at least 8 characters.",
  common:
    "This password is easy to guess: it is a common password, word, name or keyboard pattern, perhaps with numbers or symbols added. Please choose another; a few unrelated words make a strong password.",
  personal:
    "This password is easy to guess: it is made of your name, your email address or this site's name. Please choose another.",
};

/** Whether `word` is a line of `sorted` (one word per line, sorted by code units). */
export function hasLine(sorted: string, word: string): boolean {
  if (word === "" || word.includes("\n")) return false;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const start = sorted.lastIndexOf("\n", mid - 1) + 1;
    const newline = sorted.indexOf("\n", start);
    const end = newline < 0 ? sorted.length : newline;
    const line = sorted.slice(start, end);
    if (line === word) return true;
    if (line < word) lo = end + 1;
    else hi = start;
  }
  return false;
}

/** A core nobody needs long to guess: short, a common word or name, a walk, a run, a word twice. */
function weakCore(core: string): boolean {
  const j = joined(core);
  if (substance(j) < 4 || hasLine(WORDS, j) || isKeyboardWalk(j) || isRunOrRepeat(j)) return true;
  const unit = repeatedUnit(j);
  return unit !== null && weakCore(unit);
}

const guessableShape = (s: Shape) => isPredictableAffix(s.prefix, s.suffix) && weakCore(s.core);

/**
 * Breached as it is, a walk or a run as a whole (!@#$%^&*), or a common word, name or walk with
 * a few digits, a year or symbols around it.
 */
export function isCommonPassword(password: string): boolean {
  const lower = normalise(password);
  return (
    hasLine(BREACHED, lower) || isKeyboardWalk(lower) || isRunOrRepeat(lower) || shapesOf(password).some(guessableShape)
  );
}

/** The words of a person and of the site a password should not be built from. */
export interface PasswordContext {
  email?: string;
  firstName?: string;
  lastName?: string;
  /** The site's names: its own, and its host's (pdftools.example). */
  site?: string[];
}

export const SITE_WORDS = ["pdftools", "pdftool", "pdf tools"];

function contextWords(context: PasswordContext): string[] {
  const words = new Set<string>();
  const add = (w: string | undefined) => {
    const n = normalise(w ?? "").trim();
    if ([...n].length >= 3) words.add(n);
  };
  const email = normalise(context.email ?? "").trim();
  const [local = "", domain = ""] = email.split("@");
  add(email);
  add(local);
  for (const piece of local.split(/[^\p{L}]+/u)) add(piece);
  for (const label of domain.split(".").slice(0, -1)) add(label);
  add(context.firstName);
  add(context.lastName);
  add(`${context.firstName ?? ""}${context.lastName ?? ""}`);
  for (const w of [...SITE_WORDS, ...(context.site ?? [])]) add(w);
  // Longest first: "adalovelace" goes before "ada" can leave "lovelace" behind it.
  return [...words].sort((a, b) => b.length - a.length);
}

const without = (text: string, words: string[]) => words.reduce((t, w) => t.split(w).join(""), text);

/** The password is a context word (or a few) with little else: what is left is guessable alone. */
function isPersonal(password: string, words: string[]): boolean {
  if (words.length === 0) return false;
  const lower = normalise(password);
  const rest = without(lower, words);
  if (rest !== lower && (substance(rest) < 4 || isCommonPassword(rest))) return true;
  return shapesOf(password).some((s) => {
    if (!isPredictableAffix(s.prefix, s.suffix)) return false;
    const core = joined(s.core);
    const left = without(core, words);
    return left !== core && (substance(left) < 4 || weakCore(left));
  });
}

/**
 * What is wrong with a new password, or null. A guessable one is named before a short one:
 * "at least 8 characters" would not help the person who typed 123456.
 */
export function newPasswordProblem(password: string, context: PasswordContext = {}): NewPasswordProblem | null {
  if (isPersonal(password, contextWords(context))) return "personal";
  if (isCommonPassword(password)) return "common";
  if ([...password.normalize("NFKC")].length < MIN_NEW_PASSWORD) return "too_short";
  return null;
}
