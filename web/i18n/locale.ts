import {
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  type LocaleTag,
  localePath,
  splitLocalePath,
} from "../../schema/locales";

/** The visitor's explicit choice of language (README, browser storage). */
export const LOCALE_STORAGE_KEY = "locale";

export function localeOf(tag: LocaleTag): Locale {
  return LOCALES.find((l) => l.tag === tag) ?? LOCALES[0];
}

export function isLocaleTag(value: unknown): value is LocaleTag {
  return LOCALES.some((l) => l.tag === value);
}

export function storedLocale(): LocaleTag | null {
  try {
    const v = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocaleTag(v) ? v : null;
  } catch {
    return null;
  }
}

export function storeLocale(tag: LocaleTag) {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, tag);
  } catch {
    // Storage can be unavailable: the URL still carries the language.
  }
}

/**
 * The best of our languages for a browser's list (navigator.languages, most wanted first):
 * an exact tag, else the same language (`pt-PT` -> `pt-BR`, `zh-Hans-CN` -> `zh-CN`), else English.
 */
export function bestLocale(wanted: readonly string[]): LocaleTag {
  for (const raw of wanted) {
    const w = raw.toLowerCase();
    const exact = LOCALES.find((l) => l.tag.toLowerCase() === w);
    if (exact) return exact.tag;
    const lang = w.split("-")[0];
    // Traditional Chinese readers are not served by Simplified: skip rather than guess.
    if (lang === "zh" && /-(hant|tw|hk|mo)\b/.test(w)) continue;
    const same = LOCALES.find((l) => l.tag.toLowerCase().split("-")[0] === lang);
    if (same) return same.tag;
  }
  return DEFAULT_LOCALE;
}

/** The language a path is in: its prefix, or English. */
export function pathLocale(pathname: string): LocaleTag {
  return splitLocalePath(pathname).locale.tag;
}

/**
 * Where a first page load should be: a prefixed URL is the truth; on an English path, a stored
 * choice wins, and only with none stored the browser's languages choose. Crawlers store nothing
 * and mostly ask for English, and the server never redirects: every URL answers as it is.
 */
export function initialRedirect(
  location: { pathname: string; search: string; hash: string },
  stored: LocaleTag | null,
  languages: readonly string[],
): string | null {
  const { locale, path } = splitLocalePath(location.pathname);
  if (locale.tag !== DEFAULT_LOCALE) return null;
  const want = stored ?? bestLocale(languages);
  if (want === DEFAULT_LOCALE) return null;
  return localePath(want, path) + location.search + location.hash;
}

/**
 * The language the router writes links in. Set from the URL before each render (the provider),
 * read by the router's output rewrite, so every internal link keeps the visitor's language.
 */
let active: LocaleTag = DEFAULT_LOCALE;

export function activeLocale(): LocaleTag {
  return active;
}

export function setActiveLocale(tag: LocaleTag) {
  active = tag;
}
