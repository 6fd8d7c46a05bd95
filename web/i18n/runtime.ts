import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { DEFAULT_LOCALE, LOCALES, type LocaleTag } from "../../schema/locales";
import { CORE_NAMESPACES, eagerCatalog, loadCatalog, type MessageKey, type Namespace } from "./catalogs";
import { activeLocale } from "./locale";

/**
 * One Lingui runtime per language, each always active in its own language, so a render never
 * depends on which language was activated last. Messages are stored as `<namespace>:<key>`; a
 * namespace is loaded per language when a page first needs it.
 */
const runtimes = new Map<LocaleTag, I18n>(
  LOCALES.map((l) => [l.tag, setupI18n({ locale: l.tag, messages: { [l.tag]: {} } })]),
);

export function runtimeOf(tag: LocaleTag): I18n {
  return runtimes.get(tag) ?? (runtimes.get(DEFAULT_LOCALE) as I18n);
}

const loaded = new Map<string, Promise<void>>();
const ready = new Set<string>();
const id = (tag: LocaleTag, ns: Namespace) => `${tag}:${ns}`;

function add(tag: LocaleTag, ns: Namespace, messages: Messages) {
  const prefixed: Messages = {};
  for (const [key, message] of Object.entries(messages)) {
    // Plain text (the tool catalogue's English) is its own compiled form, as an array.
    prefixed[`${ns}:${key}`] = typeof message === "string" ? [message] : message;
  }
  runtimeOf(tag).load(tag, prefixed);
  ready.add(id(tag, ns));
}

// English's core namespaces are in the bundle: ready before anything renders, tests included.
for (const ns of CORE_NAMESPACES) {
  const messages = eagerCatalog(DEFAULT_LOCALE, ns);
  if (messages) add(DEFAULT_LOCALE, ns, messages);
}

export function isLoaded(tag: LocaleTag, ns: Namespace): boolean {
  return ready.has(id(tag, ns));
}

/** Loads one namespace of one language once; the same promise for every caller (React's `use`). */
export function loadNamespace(tag: LocaleTag, ns: Namespace): Promise<void> {
  const key = id(tag, ns);
  let p = loaded.get(key);
  if (!p) {
    // A language's catalog that cannot be had (offline before it was ever fetched) shows that
    // namespace in English rather than nothing; English failing too is an error for the page.
    p = loadCatalog(tag, ns)
      .catch((err) => (tag === DEFAULT_LOCALE ? Promise.reject(err) : loadCatalog(DEFAULT_LOCALE, ns)))
      .then((m) => add(tag, ns, m));
    p.catch(() => loaded.delete(key));
    loaded.set(key, p);
  }
  return p;
}

/**
 * Suspends the component until a namespace is loaded (React Suspense). The promise is thrown, as
 * lazy components do: React 19.3's `use()` did not resume a first render here (measured in
 * jsdom and Chromium), the thrown promise does.
 */
export function suspendUntilLoaded(tag: LocaleTag, ns: Namespace): void {
  if (!isLoaded(tag, ns)) throw loadNamespace(tag, ns);
}

export function loadNamespaces(tag: LocaleTag, namespaces: readonly Namespace[]): Promise<void> {
  return Promise.all(namespaces.map((ns) => loadNamespace(tag, ns))).then(() => undefined);
}

/** The namespaces loaded so far in a language: what a switch to another language must load first. */
export function loadedNamespaces(tag: LocaleTag): Namespace[] {
  return [...ready].filter((k) => k.startsWith(`${tag}:`)).map((k) => k.slice(tag.length + 1) as Namespace);
}

export type Values = Record<string, string | number>;

/** A message outside React (formatters, error texts) in the page's language; its namespace must be loaded. */
export function translate<N extends Namespace>(ns: N, key: MessageKey<N>, values?: Values): string {
  return runtimeOf(activeLocale())._(`${ns}:${key}`, values);
}
