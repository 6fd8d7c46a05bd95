/**
 * The site's languages. English lives at the spec's paths; every other language lives under its
 * prefix (`/de/merge-pdf`). The Worker (which paths exist), the router and the `hreflang` links
 * all read this list.
 */
export const LOCALES = [
  { tag: "en", prefix: "", name: "English", dir: "ltr" },
  { tag: "es", prefix: "es", name: "Español", dir: "ltr" },
  { tag: "fr", prefix: "fr", name: "Français", dir: "ltr" },
  { tag: "de", prefix: "de", name: "Deutsch", dir: "ltr" },
  { tag: "pt-BR", prefix: "pt-br", name: "Português (Brasil)", dir: "ltr" },
  { tag: "it", prefix: "it", name: "Italiano", dir: "ltr" },
  { tag: "nl", prefix: "nl", name: "Nederlands", dir: "ltr" },
  { tag: "pl", prefix: "pl", name: "Polski", dir: "ltr" },
  { tag: "tr", prefix: "tr", name: "Türkçe", dir: "ltr" },
  { tag: "ru", prefix: "ru", name: "Русский", dir: "ltr" },
  { tag: "ja", prefix: "ja", name: "日本語", dir: "ltr" },
  { tag: "zh-CN", prefix: "zh-cn", name: "简体中文", dir: "ltr" },
  { tag: "hi", prefix: "hi", name: "हिन्दी", dir: "ltr" },
  { tag: "ar", prefix: "ar", name: "العربية", dir: "rtl" },
] as const;

export type Locale = (typeof LOCALES)[number];
export type LocaleTag = Locale["tag"];

export const DEFAULT_LOCALE: LocaleTag = "en";

/** The prefixes other than English's, as they appear as a path's first segment. */
export const LOCALE_PREFIXES: readonly string[] = LOCALES.filter((l) => l.prefix !== "").map((l) => l.prefix);

/** Splits `/de/merge-pdf` into its locale and the path the spec names (`/merge-pdf`). */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const first = pathname.split("/")[1]?.toLowerCase() ?? "";
  const locale = LOCALES.find((l) => l.prefix !== "" && l.prefix === first);
  if (!locale) return { locale: LOCALES[0], path: pathname };
  const rest = pathname.slice(first.length + 1);
  return { locale, path: rest === "" ? "/" : rest };
}

/** The path of `path` (a spec path such as `/merge-pdf`) in `tag`'s language. */
export function localePath(tag: LocaleTag, path: string): string {
  const prefix = LOCALES.find((l) => l.tag === tag)?.prefix ?? "";
  if (prefix === "") return path;
  return path === "/" ? `/${prefix}` : `/${prefix}${path}`;
}
